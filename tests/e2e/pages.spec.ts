import { initialScriptUrls } from "../bench/initial-scripts";
import { expect, LTT, PARIS, pathFormUrl, test } from "./fixtures";

// One page of each type in both URL forms, at 375 px and 1280 px, plus an unknown uid.

const PAGES = [
  { type: "city", uid: PARIS, path: "/", heading: "Things to do in Paris" },
  { type: "category", uid: `${PARIS}.day-trips`, path: "/day-trips/", heading: "Day trips from Paris" },
  { type: "collection", uid: `${PARIS}.eiffel-tower`, path: "/eiffel-tower/", heading: "Eiffel Tower tickets" },
  { type: "guide", uid: `${PARIS}.guides.best-time-to-visit`, path: "/guides/best-time-to-visit/", heading: "The best time to visit Paris" },
  { type: "show", uid: `${LTT}.shows.les-miserables`, path: "/shows/les-miserables/", heading: "Les Misérables" },
  { type: "theatre", uid: `${LTT}.theatres.sondheim-theatre`, path: "/theatres/sondheim-theatre/", heading: "Sondheim Theatre" },
] as const;

const VIEWPORTS = [
  { name: "mobile", width: 375, height: 740 },
  { name: "desktop", width: 1280, height: 800 },
] as const;

for (const viewport of VIEWPORTS) {
  test.describe(`${viewport.name} ${viewport.width}px`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    for (const page of PAGES) {
      test(`${page.type} page, query form`, async ({ page: browser }) => {
        const response = await browser.goto(`/?uid=${page.uid}&lang=en`);
        expect(response?.status()).toBe(200);
        await expect(browser.getByRole("heading", { level: 1, name: page.heading })).toBeVisible();
        await expect(browser.getByRole("banner")).toBeVisible();
        await expect(browser.getByRole("contentinfo")).toBeVisible();
        const menuButton = browser.getByRole("button", { name: "Menu" });
        if (viewport.name === "mobile") await expect(menuButton).toBeVisible();
        else await expect(menuButton).toBeHidden();
      });

      test(`${page.type} page, path form`, async ({ page: browser }) => {
        const host = page.uid.startsWith(LTT) ? LTT : PARIS;
        const response = await browser.goto(pathFormUrl(host, page.path));
        expect(response?.status()).toBe(200);
        await expect(browser.getByRole("heading", { level: 1, name: page.heading })).toBeVisible();
      });
    }

    test("unknown uid gives a 404 inside the site's header and footer", async ({ page }) => {
      const response = await page.goto(`/?uid=${PARIS}.no-such-page&lang=en`);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
      await expect(page.getByRole("banner").getByRole("link", { name: "Paris Experiences home" })).toBeVisible();
      await expect(page.getByRole("contentinfo")).toBeVisible();
    });
  });
}

test("a French path serves French content with hreflang alternates", async ({ page }) => {
  await page.goto(pathFormUrl(LTT, "/fr/shows/les-miserables/"));
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  await expect(page.getByRole("link", { name: "Billets" }).first()).toBeVisible();
  const hreflangs = await page.locator('link[rel="alternate"]').evaluateAll((links) => links.map((l) => l.getAttribute("hreflang")));
  expect(hreflangs.sort()).toEqual(["de", "en", "fr", "x-default"]);
});

test("an unsupported language falls back to English content", async ({ page }) => {
  const response = await page.goto(`/?uid=${PARIS}.day-trips&lang=ar`);
  expect(response?.status()).toBe(200);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("heading", { level: 1, name: "Day trips from Paris" })).toBeVisible();
});

test("the site directory lists every site, and each site's pages", async ({ page }) => {
  await page.goto("/");
  // A route of its own: `/` on a host that is no site sends the visitor there, query and all.
  await expect(page).toHaveURL(/\/_directory$/);
  await expect(page.getByRole("heading", { level: 1, name: "Site directory" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Paris Experiences", exact: true })).toBeVisible();
  await page.getByRole("link", { name: "London Theatre Tickets", exact: true }).click();
  await expect(page.getByRole("heading", { level: 2, name: "London Theatre Tickets" })).toBeVisible();
  await page.getByRole("link", { name: "Les Misérables (de)" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await expect(page.getByRole("heading", { level: 1, name: "Les Misérables" })).toBeVisible();
});

test("the directory keeps its query through the redirect, and its code is in none of a page's initial scripts", async ({ request }) => {
  const redirect = await request.get("/?q=london&page=1", { maxRedirects: 0 });
  expect(redirect.status()).toBe(302);
  expect(redirect.headers().location).toBe("/_directory?q=london&page=1");
  const html = await (await request.get(`/?uid=${PARIS}&lang=en`)).text();
  for (const url of initialScriptUrls(html)) expect(await (await request.get(url)).text(), url).not.toContain("Search sites by host");
  expect((await request.get("/_directory?site=www.nowhere.example")).status()).toBe(404);
});

test("the first response is fully styled (Stitches CSS in the head)", async ({ request }) => {
  const html = await (await request.get(`/?uid=${PARIS}&lang=en`)).text();
  const css = /<style id="stitches"[^>]*>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? "";
  expect(css.length).toBeGreaterThan(2000);
  expect(css).toContain("--colors-purple:#8000ff");
  // Every Stitches class used in the markup has its rule in the head.
  const classes = new Set([...html.matchAll(/class="([^"]+)"/g)].flatMap((m) => m[1]!.split(" ")).filter((c) => c.startsWith("c-")));
  expect(classes.size).toBeGreaterThan(5);
  for (const cls of classes) expect(css, `rule for ${cls}`).toContain(`.${cls}`);
});

// Stitches keeps one stylesheet per process; the server resets it for each render, so a page's CSS is its
// own: the same URL gives the same HTML whatever the process rendered before.
test("a page's CSS holds only its own rules, not those of pages rendered before it", async ({ request }) => {
  const stitchesCss = (html: string) => /<style id="stitches"[^>]*>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? "";
  const classesOf = (html: string) => new Set([...html.matchAll(/class="([^"]+)"/g)].flatMap((m) => m[1]!.split(" ")).filter((c) => c.startsWith("c-")));
  const city = await (await request.get(`/?uid=${PARIS}&lang=en`)).text();
  const directory = await (await request.get("/")).text();
  const onlyOnCity = [...classesOf(city)].filter((c) => !classesOf(directory).has(c));
  expect(onlyOnCity.length).toBeGreaterThan(5);
  const css = stitchesCss(directory);
  for (const cls of onlyOnCity) expect(css, `the directory's CSS defines .${cls}, a class only the city page uses`).not.toContain(`.${cls}{`);
  // And the directory's CSS is the same after other pages were rendered.
  await request.get(`/?uid=${LTT}.shows.les-miserables&lang=en`);
  expect(stitchesCss(await (await request.get("/")).text())).toBe(css);
});

// Stitches adopts the server's rule groups in the browser and inserts one for each group it misses; a rule
// inserted at a stylesheet's top level restyles the whole document (app/styles/stylesheet.server.ts, decision 029).
test("starting the app inserts no rule group into the Stitches stylesheet", async ({ page }) => {
  await page.addInitScript(() => {
    document.addEventListener("DOMContentLoaded", () => {
      const sheet = (document.getElementById("stitches") as HTMLStyleElement).sheet!;
      (window as unknown as { __sxsRulesAtParse: number }).__sxsRulesAtParse = sheet.cssRules.length;
    });
  });
  await page.goto(`/?uid=${PARIS}&lang=en`);
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  const { atParse, now } = await page.evaluate(() => ({
    atParse: (window as unknown as { __sxsRulesAtParse: number }).__sxsRulesAtParse,
    now: (document.getElementById("stitches") as HTMLStyleElement).sheet!.cssRules.length,
  }));
  // Seven groups, each a marker rule and an @media block.
  expect(atParse).toBe(14);
  expect(now).toBe(atParse);
});
