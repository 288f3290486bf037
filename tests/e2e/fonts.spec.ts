import { BENCH_PAGES } from "../bench/pages";
import { expect, test } from "./fixtures";

// The first frame is painted in the fallback faces (the webfont preloads sit in <body>, so they do not
// block rendering), and the webfonts swap in a moment later. The fallback faces in
// app/styles/font-faces.server.ts are scaled to the webfonts' metrics, so a first page (fallback faces)
// and the next (webfonts) set the first screen alike. Without them (system-ui here is DejaVu Sans) the hero text re-wrapped and the
// blocks below it jumped 27-37 px on four of the six page types.

const PHONE = { width: 412, height: 823 };

/** Document top of the first screen's headings, blocks and paragraphs, once fonts have settled. */
async function firstScreenTops(page: import("@playwright/test").Page, path: string) {
  await page.goto(path);
  await page.evaluate(() => document.fonts.ready);
  return page.evaluate((height) => {
    const tops = [...document.querySelectorAll("main h1, main h2, main section, main p")]
      .map((element) => Math.round(element.getBoundingClientRect().top + window.scrollY))
      .filter((top) => top < height);
    const loaded = [...document.fonts].filter((face) => face.status === "loaded").map((face) => face.family);
    return { tops, loaded };
  }, PHONE.height);
}

for (const { type, path } of BENCH_PAGES) {
  test(`${type} page: the fallback fonts set the first screen where the webfonts do`, async ({ browser }) => {
    const webfonts = await browser.newPage({ viewport: PHONE });
    const withWebfonts = await firstScreenTops(webfonts, path);
    await webfonts.close();

    // Webfonts that never arrive leave the page in its fallback faces for good.
    const fallback = await browser.newPage({ viewport: PHONE });
    await fallback.route("**/fonts/*.woff2", (route) => route.abort());
    const withFallback = await firstScreenTops(fallback, path);
    await fallback.close();

    expect(withWebfonts.loaded).toContain("Inter");
    expect(withFallback.loaded).not.toContain("Inter");
    expect(withFallback.loaded).toContain("Inter Fallback");
    expect(withFallback.tops.length).toBeGreaterThan(3);
    expect(withFallback.tops).toEqual(withWebfonts.tops);
  });
}

// The Paris city page's text is latin, "Sacré-Cœur" included (œ is in the latin subset the page
// preloads), so the 85 KB latin-ext files are not fetched (app/styles/font-faces.server.ts orders the faces).
test("a page in latin script fetches only the latin font files it preloads", async ({ page }) => {
  const fonts: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/fonts/")) fonts.push(new URL(request.url()).pathname);
  });
  await page.goto("/?uid=www.paris-experiences.example&lang=en");
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  await expect(page.getByText("Sacré-Cœur").first()).toBeVisible();
  await page.evaluate(() => document.fonts.ready);
  expect(fonts.sort()).toEqual(["/fonts/inter-latin-wght-normal.woff2", "/fonts/outfit-latin-wght-normal.woff2"]);
});

// A character missing from the page's fonts sends the browser to the system's fonts for it: on Linux
// a fontconfig search, 8-23 ms of main thread for the first such glyph on this machine (measured with
// one "★" appended to a warm page), inside the phone's first layout, and the glyph comes out in some
// other typeface. So every character a phone visitor sees must come from our own faces. Chromium
// reports the platform fonts it shaped each element's text with.
for (const { type, path } of BENCH_PAGES) {
  test(`${type} page: every glyph on a phone's screen comes from the page's own fonts`, async ({ browser }) => {
    const page = await browser.newPage({ viewport: PHONE, isMobile: true, hasTouch: true });
    await page.goto(path);
    await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
    await page.evaluate(() => document.fonts.ready);
    // Elements with text of their own; hidden ones (the desktop currency list) are not laid out.
    await page.evaluate(() => {
      for (const element of document.body.querySelectorAll("*")) {
        const ownText = [...element.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && node.textContent!.trim());
        if (ownText && element.getClientRects().length > 0) element.setAttribute("data-font-probe", "");
      }
    });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("DOM.enable");
    await cdp.send("CSS.enable");
    const { root } = await cdp.send("DOM.getDocument", { depth: 0 });
    const { nodeIds } = await cdp.send("DOM.querySelectorAll", { nodeId: root.nodeId, selector: "[data-font-probe]" });
    expect(nodeIds.length).toBeGreaterThan(20);
    const system: string[] = [];
    const custom = new Set<string>();
    for (const nodeId of nodeIds) {
      const { fonts } = await cdp.send("CSS.getPlatformFontsForNode", { nodeId });
      for (const font of fonts.filter((f) => f.isCustomFont)) custom.add(font.familyName);
      const foreign = fonts.filter((f) => !f.isCustomFont);
      if (foreign.length) {
        const { outerHTML } = await cdp.send("DOM.getOuterHTML", { nodeId });
        system.push(`${foreign.map((f) => f.familyName).join(", ")} for ${outerHTML.slice(0, 120)}`);
      }
    }
    await page.close();
    // The variable Outfit file names its default instance "Outfit Thin".
    expect([...custom].map((family) => family.split(" ")[0]).sort()).toEqual(["Inter", "Outfit"]);
    expect(system, "text drawn in a system font").toEqual([]);
  });
}
