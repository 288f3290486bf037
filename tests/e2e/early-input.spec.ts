import type { Page, Route } from "@playwright/test";
import { expect, LTT, PARIS, test } from "./fixtures";
import { watchShifts } from "./layout-shifts";

// No tap is lost before the app's JavaScript runs (docs/decisions/001-answer-from-first-paint.md).
// The app's scripts are held back with page.route and released after the tap, as a slow phone would.

const CITY = `/?uid=${PARIS}&lang=en`;
const SHOW = `/?uid=${LTT}.shows.les-miserables&lang=en`;

test.use({ viewport: { width: 412, height: 823 }, screen: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });

type Pushed = { event?: string } & Record<string, unknown>;
/** The interaction events in order; field Web Vitals arrive on their own schedule (tests/e2e/web-vitals.spec.ts). */
const eventNames = (page: Page) =>
  page.evaluate(() =>
    ((window as unknown as { dataLayer?: Pushed[] }).dataLayer ?? [])
      .map((e) => e.event)
      .filter((name): name is string => typeof name === "string" && !name.startsWith("web_vital_")),
  );

/** Holds every /build/ script until release() is called. */
async function holdScripts(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let held = 0;
  await page.route("**/build/**", async (route: Route) => {
    held++;
    await released;
    await route.continue();
  });
  return { release, held: () => held };
}

/** Every state the mobile menu's popover went to, in order ("open" / "closed"). */
async function watchMenuToggles(page: Page) {
  await page.addInitScript(() => {
    const states: string[] = [];
    (window as unknown as { __menuToggles: string[] }).__menuToggles = states;
    document.addEventListener(
      "beforetoggle",
      (e) => {
        if ((e.target as Element).id === "mobile-menu") states.push((e as Event & { newState: string }).newState);
      },
      true,
    );
  });
  return () => page.evaluate(() => (window as unknown as { __menuToggles: string[] }).__menuToggles);
}

test("a tap on the menu before the app's scripts run opens it at once, and menu_opened follows page_viewed", async ({ page }) => {
  const shifts = await watchShifts(page);
  const toggles = await watchMenuToggles(page);
  const scripts = await holdScripts(page);
  await page.goto(CITY, { waitUntil: "domcontentloaded" });
  const menuButton = page.getByRole("button", { name: "Menu" });
  await menuButton.tap();
  // The platform answered: the menu is showing while every script is still held.
  await expect(page.locator("#mobile-menu")).toBeVisible();
  await expect(page.locator("#mobile-menu").getByRole("link", { name: "Day trips" })).toBeVisible();
  expect(scripts.held()).toBeGreaterThan(0);
  expect(await page.locator("html[data-hydrated]").count()).toBe(0);

  scripts.release();
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  await expect(menuButton).toHaveAttribute("aria-expanded", "true");
  await expect(page.locator("#mobile-menu")).toBeVisible();
  await expect.poll(() => eventNames(page)).toContain("menu_opened");
  // Hydration took the menu over without closing it for a moment (no flicker).
  expect(await toggles()).toEqual(["open"]);
  const names = await eventNames(page);
  expect(names.filter((name) => name === "menu_opened")).toHaveLength(1);
  expect(names.indexOf("page_viewed")).toBeGreaterThanOrEqual(0);
  expect(names.indexOf("page_viewed")).toBeLessThan(names.indexOf("menu_opened"));

  // The machine and the platform agree: the next tap closes it, once.
  await menuButton.tap();
  await expect(page.locator("#mobile-menu")).toBeHidden();
  await expect(menuButton).toHaveAttribute("aria-expanded", "false");
  await expect.poll(async () => (await eventNames(page)).filter((name) => name === "menu_closed")).toHaveLength(1);
  // The menu lies over the page: nothing moved. (A menu pushing the page down scored 0.29-0.35; the
  // webfonts swapping in can still nudge an inline icon by a few px, about 0.00001.)
  expect((await shifts()).all).toBeLessThan(0.001);
});

test("the menu opens over the page, not into it: content below the header stays where it was", async ({ page }) => {
  await page.goto(CITY);
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  const main = page.locator("main");
  const before = (await main.boundingBox())!;
  await page.getByRole("button", { name: "Menu" }).tap();
  const menu = page.locator("#mobile-menu");
  await expect(menu).toBeVisible();
  const box = (await menu.boundingBox())!;
  const header = (await page.getByRole("banner").boundingBox())!;
  expect(Math.round(box.y)).toBe(Math.round(header.y + header.height));
  expect(box.width).toBe(412);
  expect((await main.boundingBox())!.y).toBe(before.y);
});

test("a tap on Call us before the app's scripts run shows the numbers at once; the app's drawer takes over once it runs", async ({ page }) => {
  const scripts = await holdScripts(page);
  await page.goto(SHOW, { waitUntil: "domcontentloaded" });
  const callUs = page.getByRole("button", { name: "Call us" });
  await callUs.scrollIntoViewIfNeeded();
  await callUs.tap();
  // The platform answered with the numbers, while every script is still held.
  const early = page.getByRole("dialog", { name: "Call our box office" });
  await expect(early).toBeVisible();
  await expect(early.locator('a[href^="tel:"]').first()).toBeVisible();
  expect(await page.locator("html[data-hydrated]").count()).toBe(0);
  const panelBox = (await early.boundingBox())!;
  expect(Math.round(panelBox.y + panelBox.height)).toBe(823);
  expect(panelBox.width).toBe(412);

  scripts.release();
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  // One dialog: the modal stack's drawer, in place of the early panel.
  const drawer = page.locator('[role="dialog"][data-variant="drawer"]');
  await expect(drawer).toBeVisible();
  await expect(page.getByRole("dialog", { name: "Call our box office" })).toHaveCount(1);
  await expect.poll(() => eventNames(page)).toContain("call_us_opened");
  const names = await eventNames(page);
  expect(names.filter((name) => name === "call_us_opened")).toHaveLength(1);
  expect(names.indexOf("page_viewed")).toBeLessThan(names.indexOf("call_us_opened"));
  // The drawer is the app's: Escape closes it, and nothing is left open behind it.
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);
});

test("a tap on the video before the app's scripts run says it is loading at once, and the player follows once the app runs", async ({ page }) => {
  const scripts = await holdScripts(page);
  // YouTube's API answers but never becomes ready, so the player stays loading for the test to see.
  const requested: string[] = [];
  await page.route("https://www.youtube.com/iframe_api", (route) => {
    requested.push(route.request().url());
    return route.fulfill({ contentType: "text/javascript", body: "" });
  });
  await page.goto(SHOW, { waitUntil: "domcontentloaded" });
  const play = page.getByRole("button", { name: /^Play video/ }).first();
  await play.scrollIntoViewIfNeeded();
  const badgeBefore = (await play.locator("[data-labels]").boundingBox())!;
  await play.tap();
  await expect(play).toHaveAttribute("aria-busy", "true");
  await expect(play.getByText("Loading video")).toBeVisible();
  await expect(play.locator("[data-idle-label]")).toBeHidden();
  // The answer moves nothing: the badge keeps its size when its label changes.
  expect(await play.locator("[data-labels]").boundingBox()).toEqual(badgeBefore);

  scripts.release();
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  // The replayed tap reached the player: it asks YouTube for the player and keeps saying it is loading,
  // never back to a plain poster.
  await expect.poll(() => requested.length).toBe(1);
  await expect(page.locator("[data-video-view]").first()).toHaveAttribute("data-video-view", "loading");
  await expect(play).toHaveAttribute("aria-busy", "true");
  await expect(play).not.toHaveAttribute("data-pending", "");
});

test("once the app runs, the catcher lets go: a later tap is answered by the app alone, once", async ({ page }) => {
  await page.goto(SHOW);
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  expect(await page.evaluate(() => (window as unknown as { __earlyInput?: { open: boolean } }).__earlyInput?.open)).toBe(false);
  await page.getByRole("button", { name: "Call us" }).tap();
  await expect(page.getByRole("dialog", { name: "Call our box office" })).toBeVisible();
  // The app's drawer alone: the early panel stays closed once the app answers.
  await expect(page.getByRole("dialog")).toHaveCount(1);
  await expect(page.getByRole("dialog")).toHaveAttribute("data-variant", "drawer");
  await expect(page.getByRole("button", { name: "Call us" })).not.toHaveAttribute("data-pending", "");
  await expect.poll(async () => (await eventNames(page)).filter((name) => name === "call_us_opened")).toHaveLength(1);
});

test("a jump link tapped once the page has hydrated but before its islands have: the page jumps, the islands keep their server HTML, nothing shifts", async ({
  page,
}) => {
  // The islands' chunk never arrives, so the page's own code runs while every island is still the server's HTML.
  await page.route(/\/build\/.*islands-[A-Z0-9]+\.js$/, () => undefined);
  const shifts = await watchShifts(page);
  await page.goto(CITY);
  // The root has hydrated (its machines run: the menu button answers) while the page is not ready.
  await expect.poll(() => page.evaluate(() => !!document.querySelector("main") && document.readyState === "complete")).toBe(true);
  await expect(page.locator("html[data-hydrated]")).toHaveCount(0);
  const island = page.locator("main [data-track-view]").first();
  await island.evaluate((element) => ((window as unknown as { __island: Element }).__island = element));
  const link = page.locator('main a[href^="#"]').first();
  const before = await page.evaluate(() => window.scrollY);
  await link.tap();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(before + 50);
  // The fragment navigation is not taken, so the router sees no new location above the islands.
  expect(await page.evaluate(() => location.hash)).toBe("");
  expect(await island.evaluate((element) => element === (window as unknown as { __island: Element }).__island && element.isConnected)).toBe(true);
  expect((await shifts()).all).toBe(0);
});
