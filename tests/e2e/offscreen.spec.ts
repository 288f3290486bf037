import { chromium, type Page } from "@playwright/test";
import { BENCH_PAGES } from "../bench/pages";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../setup/chromium";
import { E2E_PORT, expect, test } from "./fixtures";

// On a phone, experience lists and their cards are `content-visibility: auto`: the browser lays
// them out, styles and paints them only when they come near the screen, which takes most of a city page out
// of the first layout. What a visitor must still get:
// everything on the screen drawn, everything further down drawn as it scrolls in, without jumps, and every
// card in the accessibility tree that a screen reader reads.

const PHONE = { width: 412, height: 823 };
const CITY = BENCH_PAGES.find((page) => page.type === "city")!.path;

/** Per card of the city page's list: its top in the document and whether its heading is rendered. */
function cardStates(page: Page) {
  return page.locator("#popular article").evaluateAll((cards) =>
    cards.map((card) => ({
      top: card.getBoundingClientRect().top + window.scrollY,
      rendered: card.querySelector("h3")!.checkVisibility({ contentVisibilityAuto: true }),
    })),
  );
}

test("city page on a phone: cards two screens down are rendered only when the visitor scrolls to them", async ({ browser }) => {
  const page = await browser.newPage({ viewport: PHONE, screen: PHONE, isMobile: true, hasTouch: true });
  await page.goto(CITY);
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  await expect(page.locator("#popular article")).toHaveCount(7);

  // At load, cards two screens down are not drawn...
  const atLoad = await cardStates(page);
  const farBelow = atLoad.filter((card) => card.top > 2 * PHONE.height);
  expect(farBelow.length).toBeGreaterThanOrEqual(4);
  expect(farBelow.map((card) => card.rendered)).toEqual(farBelow.map(() => false));

  // ...and the last one is drawn as soon as 10 px of it scroll onto the screen.
  await page.evaluate(() => {
    const last = document.querySelector("#popular li:last-child")!;
    window.scrollTo(0, last.getBoundingClientRect().top + window.scrollY - window.innerHeight + 10);
  });
  await expect.poll(async () => (await cardStates(page)).at(-1)!.rendered, { timeout: 1000 }).toBe(true);
  await page.close();
});

test("with a screen reader on, the cards not yet drawn are in the accessibility tree", async () => {
  // Assistive technology puts Chromium into accessibility mode for the whole browser; the flag does the same.
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, "--force-renderer-accessibility"] });
  try {
    const page = await browser.newPage({ viewport: PHONE, screen: PHONE, isMobile: true, hasTouch: true });
    await page.goto(`http://localhost:${E2E_PORT}${CITY}`);
    await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
    const names = await page.locator("#popular h3").allTextContents();
    expect(names).toHaveLength(7);
    expect((await cardStates(page)).at(-1)!.rendered).toBe(false);

    const cdp = await page.context().newCDPSession(page);
    const { nodes } = await cdp.send("Accessibility.getFullAXTree");
    const named = (role: string) => nodes.filter((node) => node.role?.value === role && !node.ignored).map((node) => node.name?.value);
    expect(named("heading")).toEqual(expect.arrayContaining(names));
    expect(named("link")).toEqual(expect.arrayContaining(names.map((name) => `Book now: ${name}`)));
    expect(named("contentinfo")).toHaveLength(1);
  } finally {
    await browser.close();
  }
});

// While skipped, a box is as tall as its placeholder and its content lays out inside it or overflows it.
// Overflowing content sits over whatever is drawn there (the dark footer, another block), and audits that
// read colours from what is drawn (axe, so Lighthouse's accessibility score) then pair its text with the
// wrong background: a list skipped under a 600 px placeholder put its last cards over the footer. So every
// placeholder is at least as tall as what it stands for, on a phone, and not much taller.
for (const { type, path } of BENCH_PAGES) {
  test(`${type} page on a phone: what is skipped fits its placeholder, neither overflowing it nor much shorter`, async ({ browser }) => {
    const page = await browser.newPage({ viewport: PHONE, screen: PHONE, isMobile: true, hasTouch: true });
    await page.goto(path);
    await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
    // Every box skipped at load, marked for the scroll below: its placeholder height and how far its
    // content reaches past it.
    const skipped = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>("body *")]
        .filter((box) => getComputedStyle(box).contentVisibility === "auto" && box.firstElementChild)
        .filter((box) => !box.firstElementChild!.checkVisibility({ contentVisibilityAuto: true }))
        .map((box, index) => {
          box.setAttribute("data-skipped-at-load", String(index));
          const { bottom, height } = box.getBoundingClientRect();
          const contentBottom = Math.max(...[...box.querySelectorAll("*")].map((element) => element.getBoundingClientRect().bottom));
          return { box: `${box.tagName.toLowerCase()}${box.id ? "#" + box.id : ""}`, placeholder: height, overflow: Math.round(contentBottom - bottom) };
        }),
    );
    // The theatre page is short: its lists are drawn at load.
    if (type !== "theatre") expect(skipped.length, "something below the screen is skipped").toBeGreaterThan(0);
    expect(skipped.filter((box) => box.overflow > 0)).toEqual([]);

    // Drawn, each box keeps at least 90% of the height it had while skipped, so nothing after it jumps
    // far when it comes into view a frame before it is drawn.
    for (const [index, { box: name, placeholder }] of skipped.entries()) {
      const box = page.locator(`[data-skipped-at-load="${index}"]`);
      await box.evaluate((element) => element.scrollIntoView({ block: "start" }));
      await expect.poll(() => box.evaluate((element) => element.firstElementChild!.checkVisibility({ contentVisibilityAuto: true }))).toBe(true);
      const drawn = await box.evaluate((element) => element.getBoundingClientRect().height);
      expect(drawn / placeholder, `${name}: ${Math.round(placeholder)} px skipped, ${Math.round(drawn)} px drawn`).toBeGreaterThanOrEqual(0.9);
    }
    await page.close();
  });
}

// The footer is the last thing on the page, so a placeholder taller than it (as above, so nothing
// overflows) made the page shorter the moment it was drawn: a visitor at the bottom was pulled up, and
// the footer's Call us moved 23 px down under a thumb aimed at it (two lost taps in bench:field). So the
// footer is never skipped, and a visitor who goes straight to it finds it where it was.
test("show page on a phone: a visitor who goes straight to the footer's Call us at load finds it where it stays", async ({ browser }) => {
  const page = await browser.newPage({ viewport: PHONE, screen: PHONE, isMobile: true, hasTouch: true });
  await page.goto(BENCH_PAGES.find((p) => p.type === "show")!.path, { waitUntil: "domcontentloaded" });
  const callUs = page.locator("footer").getByRole("button", { name: /call/i });
  const aimed = await callUs.evaluate((button) => {
    window.scrollTo({ top: document.documentElement.scrollHeight, behavior: "instant" });
    return button.getBoundingClientRect().top;
  });
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  expect(await callUs.evaluate((button) => button.getBoundingClientRect().top)).toBe(aimed);
  await page.close();
});
