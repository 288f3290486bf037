import type { Page } from "@playwright/test";
import { expect, LTT, PARIS, test, VISITOR_AGENTS } from "./fixtures";
import { watchShifts } from "./layout-shifts";

// Each behaviour's machine, seen on a real page in Chromium (query URL form on localhost,
// a secure context, so the Clipboard API exists).

const GUIDE = `/?uid=${PARIS}.guides.paris-in-a-weekend&lang=en`;
const LTT_SHOW = `/?uid=${LTT}.shows.les-miserables&lang=en`;

type Pushed = { event?: string } & Record<string, unknown>;
const dataLayer = (page: Page) =>
  page.evaluate(() => ((window as unknown as { dataLayer?: Pushed[] }).dataLayer ?? []).filter((e) => typeof e.event === "string"));
const eventsNamed = async (page: Page, name: string) => (await dataLayer(page)).filter((e) => e.event === name);

/** Stops the page clock (installed before navigation) so timers run only when the test says. */
async function pauseClock(page: Page) {
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
}

async function scrollTo(page: Page, y: number) {
  await page.evaluate((top) => window.scrollTo(0, top), y);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(y);
}

/** Hydrated: the consent banner, which hydrates last, marks <html> once its effects (and so the machines) are running. */
async function hydrated(page: Page) {
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
}

test.describe("header (docs/requirements.md#4-behaviour, docs/requirements.md#9-constants)", () => {
  test.use({ viewport: { width: 1280, height: 600 } });

  test("shadow shows at 81 px and not at 79 px (or 80 px)", async ({ page }) => {
    await page.goto(LTT_SHOW);
    await hydrated(page);
    const banner = page.getByRole("banner");
    await expect(banner).toHaveAttribute("data-shadow", "false");
    await scrollTo(page, 81);
    await expect(banner).toHaveAttribute("data-shadow", "true");
    expect(await banner.evaluate((el) => getComputedStyle(el).boxShadow)).not.toBe("none");
    await scrollTo(page, 80);
    await expect(banner).toHaveAttribute("data-shadow", "false");
    await scrollTo(page, 81);
    await expect(banner).toHaveAttribute("data-shadow", "true");
    await scrollTo(page, 79);
    await expect(banner).toHaveAttribute("data-shadow", "false");
    await expect.poll(() => banner.evaluate((el) => getComputedStyle(el).boxShadow)).toBe("none"); // after its 200 ms fade
  });

  test("hides while scrolling down and shows again while scrolling up (automated header, desktop)", async ({ page }) => {
    await page.goto(GUIDE);
    await hydrated(page);
    const banner = page.getByRole("banner");
    await expect(banner).toHaveAttribute("data-sticky", "false");
    await scrollTo(page, 900);
    await expect(banner).toHaveAttribute("data-hidden", "true");
    await expect.poll(async () => (await banner.boundingBox())!.y + (await banner.boundingBox())!.height).toBeLessThanOrEqual(1);
    await scrollTo(page, 600);
    await expect(banner).toHaveAttribute("data-hidden", "false");
    await expect.poll(async () => (await banner.boundingBox())!.y).toBe(0);
    await expect.poll(async () => (await eventsNamed(page, "header_visibility_changed")).map((e) => e.visible)).toEqual([false, true]);
  });

  test("is 5rem high on desktop", async ({ page }) => {
    await page.goto(GUIDE);
    const inner = page.getByRole("banner").locator("> div").first();
    expect((await inner.boundingBox())!.height).toBe(80);
  });

  test("sticky variant: a manual header (LTT) stays in view on desktop", async ({ page }) => {
    await page.goto(LTT_SHOW);
    await hydrated(page);
    const banner = page.getByRole("banner");
    await expect(banner).toHaveAttribute("data-sticky", "true");
    await scrollTo(page, 81);
    await expect(banner).toHaveAttribute("data-shadow", "true");
    const max = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
    await scrollTo(page, max);
    await expect(banner).toHaveAttribute("data-hidden", "false");
    expect((await banner.boundingBox())!.y).toBe(0);
  });
});

test.describe("header on mobile (docs/requirements.md#4-behaviour, docs/requirements.md#9-constants)", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("sticky variant: always in view on mobile, 3.5rem high", async ({ page }) => {
    await page.goto(GUIDE);
    await hydrated(page);
    const banner = page.getByRole("banner");
    await expect(banner).toHaveAttribute("data-sticky", "true");
    await scrollTo(page, 1200);
    await expect(banner).toHaveAttribute("data-shadow", "true");
    await expect(banner).toHaveAttribute("data-hidden", "false");
    expect((await banner.boundingBox())!.y).toBe(0);
    expect((await banner.locator("> div").first().boundingBox())!.height).toBe(56);
  });

  test("the closed mobile menu is in the HTML for the platform to open, but neither shown nor laid out; opening it shows the links and selectors", async ({
    page,
  }) => {
    await page.goto(GUIDE);
    await hydrated(page);
    const panel = page.locator("#mobile-menu");
    await expect(panel).toBeHidden();
    expect(await panel.boundingBox()).toBeNull();
    expect(await panel.evaluate((element) => getComputedStyle(element).display)).toBe("none");
    await expect(page.getByRole("navigation", { name: "Menu" })).toHaveCount(0);

    await page.getByRole("button", { name: "Menu" }).click();
    const menu = page.getByRole("navigation", { name: "Menu" });
    await expect(menu).toBeVisible();
    await expect(menu.getByRole("link").first()).toBeVisible();
    await expect(menu.locator('summary[aria-label^="Currency:"]')).toBeVisible();
    await menu.locator('summary[aria-label^="Currency:"]').click();
    await expect(menu.getByRole("button", { name: "GBP" })).toBeVisible();
  });

  test("mobile menu closes on a click outside and on Escape, focus back on the hamburger", async ({ page }) => {
    await page.goto(GUIDE);
    await hydrated(page);
    const hamburger = page.getByRole("button", { name: "Menu" });
    const menu = page.getByRole("navigation", { name: "Menu" });
    await hamburger.click();
    await expect(hamburger).toHaveAttribute("aria-expanded", "true");
    await expect(menu).toBeVisible();
    // The menu lies over the top of the page; outside it, in the page's side margin near the bottom.
    await page.mouse.click(4, 730);
    await expect(menu).toBeHidden();
    await expect(hamburger).toHaveAttribute("aria-expanded", "false");
    await expect(hamburger).toBeFocused();

    await hamburger.click();
    await expect(menu).toBeVisible();
    await menu.getByRole("link").first().focus();
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(hamburger).toBeFocused();
    await expect.poll(async () => (await eventsNamed(page, "menu_closed")).map((e) => e.reason)).toEqual(["outside_click", "escape"]);
  });
});

test.describe("desktop dropdown (docs/requirements.md#2-pages-and-the-shell)", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("Explore closes on a click outside and on Escape, focus back on its button", async ({ page }) => {
    await page.goto(LTT_SHOW);
    await hydrated(page);
    const explore = page.getByRole("button", { name: "Explore" });
    const panel = page.locator("#header-dropdown");
    await explore.click();
    await expect(panel).toBeVisible();
    await page.getByRole("heading", { level: 1 }).click();
    await expect(panel).toBeHidden();
    await expect(explore).toBeFocused();
    await explore.click();
    await expect(panel).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(panel).toBeHidden();
    await expect(explore).toBeFocused();
  });
});

test.describe("currency and language selectors, once per copy (docs/requirements.md#2-pages-and-the-shell)", () => {
  const currencyForms = (html: string) => [...html.matchAll(/<form[^>]* id="(currency-form-[a-z]+)"/g)].map((match) => match[1]);
  const languageLists = (html: string) => [...html.matchAll(/<ul[^>]* id="(language-list-[a-z]+)"/g)].map((match) => match[1]);

  test("a phone's copy has them in the menu only, a desktop's in the header row only, a bot's in both", async ({ request }) => {
    const copy = async (agent: string) => (await request.get(GUIDE, { headers: { "user-agent": agent } })).text();
    const [phone, desktop, bot] = await Promise.all([copy(VISITOR_AGENTS.phone), copy(VISITOR_AGENTS.desktop), copy(VISITOR_AGENTS.bot)]);
    expect(currencyForms(phone)).toEqual(["currency-form-mobile"]);
    expect(languageLists(phone)).toEqual(["language-list-mobile"]);
    expect(currencyForms(desktop)).toEqual(["currency-form-desktop"]);
    expect(languageLists(desktop)).toEqual(["language-list-desktop"]);
    expect(currencyForms(bot)).toEqual(["currency-form-desktop", "currency-form-mobile"]);
    // Every currency is still a choice in the one list: 32, one of them the current one.
    expect(desktop.match(/<button type="submit" name="currency"/g)).toHaveLength(32);
  });

  test("a desktop's copy in a phone's viewport shows them in the menu once the app has measured the viewport", async ({ browser }) => {
    const context = await browser.newContext({ userAgent: VISITOR_AGENTS.desktop, viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await page.goto(GUIDE);
    await hydrated(page);
    await expect(page.locator("#currency-form-desktop")).toHaveCount(0);
    await page.getByRole("button", { name: "Menu" }).click();
    const menu = page.getByRole("navigation", { name: "Menu" });
    await menu.locator('summary[aria-label^="Currency:"]').click();
    await expect(menu.getByRole("button", { name: "GBP", exact: true })).toBeVisible();
    await context.close();
  });

  test("a phone's copy in a desktop's viewport (a tablet held wide) shows them in the header row after hydration, moving nothing", async ({ browser }) => {
    const context = await browser.newContext({ userAgent: VISITOR_AGENTS.phone, viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const shifts = await watchShifts(page);
    await page.goto(LTT_SHOW);
    const tickets = page.getByRole("banner").getByRole("link", { name: "Tickets", exact: true });
    const before = await tickets.boundingBox();
    await hydrated(page);
    const summary = page.getByRole("banner").locator('summary[aria-label^="Currency:"]');
    await expect(summary).toBeVisible();
    await expect(page.locator("#currency-form-mobile")).toHaveCount(0);
    expect(await tickets.boundingBox()).toEqual(before);
    expect((await shifts()).all).toBe(0);
    await summary.click();
    await expect(page.getByRole("banner").getByRole("button", { name: "GBP", exact: true })).toBeVisible();
    await context.close();
  });
});

test.describe("call us, modal stack and tooltip (docs/requirements.md#2-pages-and-the-shell, docs/requirements.md#3-data, docs/requirements.md#4-behaviour)", () => {
  test("a drawer at 375 px", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto(LTT_SHOW);
    await hydrated(page);
    await page.getByRole("button", { name: "Call us" }).click();
    const dialog = page.getByRole("dialog", { name: "Call our box office" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAttribute("data-variant", "drawer");
    const box = (await dialog.boundingBox())!;
    expect(box.width).toBe(375);
    expect(Math.round(box.y + box.height)).toBe(740);
    await expect.poll(async () => (await eventsNamed(page, "call_us_opened"))[0]).toMatchObject({ presentation: "drawer" });
  });

  test("a side modal at 1280 px; Escape closes it and focus returns", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(LTT_SHOW);
    await hydrated(page);
    const callUs = page.getByRole("button", { name: "Call us" });
    await callUs.click();
    const dialog = page.getByRole("dialog", { name: "Call our box office" });
    await expect(dialog).toHaveAttribute("data-variant", "side");
    const box = (await dialog.boundingBox())!;
    expect(Math.round(box.x + box.width)).toBe(1280);
    expect(box.y).toBe(0);
    expect(box.height).toBe(800);
    expect(box.width).toBeLessThan(500);
    // Focus is trapped inside: tabbing round never leaves the dialog.
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press("Tab");
      expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(callUs).toBeFocused();
  });

  test("the back button shows only with two modals stacked, and pops the top", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(LTT_SHOW);
    await hydrated(page);
    await page.getByRole("button", { name: "Call us" }).click();
    const callUs = page.getByRole("dialog", { name: "Call our box office" });
    await expect(callUs).toBeVisible();
    await expect(page.getByRole("button", { name: "Back" })).toHaveCount(0);
    await callUs.getByRole("button", { name: "Prefer email?" }).click();
    const email = page.getByRole("dialog", { name: "Email us" });
    await expect(email).toBeVisible();
    await email.getByRole("button", { name: "Back" }).click();
    await expect(page.getByRole("dialog", { name: "Call our box office" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Back" })).toHaveCount(0);
    await page.getByRole("dialog").getByRole("button", { name: "Close" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    expect((await dataLayer(page)).map((e) => e.event).filter((n) => String(n).startsWith("modal_"))).toEqual([
      "modal_opened",
      "modal_opened",
      "modal_back_pressed",
      "modal_closed",
    ]);
  });

  test("the Copied tooltip resets after 5 s", async ({ page, context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.clock.install();
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(LTT_SHOW);
    await hydrated(page);
    await pauseClock(page);
    await page.getByRole("button", { name: "Call us" }).click();
    await page.getByRole("button", { name: "Copy number: UK +44 20 7946 0000" }).click();
    const copied = page.getByRole("dialog").getByText("Copied", { exact: true });
    await expect(copied).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe("+44 20 7946 0000");
    await page.clock.runFor(4900);
    await expect(copied).toBeVisible();
    await page.clock.runFor(100);
    await expect(copied).toBeHidden();
  });

  test("Escape hides the Copied tooltip first, and closes the dialog only when pressed again", async ({ page, context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(LTT_SHOW);
    await hydrated(page);
    await page.getByRole("button", { name: "Call us" }).click();
    const dialog = page.getByRole("dialog", { name: "Call our box office" });
    const copy = dialog.getByRole("button", { name: "Copy number: UK +44 20 7946 0000" });
    await copy.click();
    const copied = dialog.getByText("Copied", { exact: true });
    await expect(copied).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(copied).toBeHidden();
    await expect(dialog).toBeVisible();
    await expect(copy).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
  });
});

test.describe("connection notice (docs/requirements.md#8-failures)", () => {
  const notifications = (page: Page) => page.getByRole("region", { name: "Notifications" });

  test("stays while the visitor is offline; back online replaces it and closes by itself", async ({ page, context, consoleErrors }) => {
    await page.clock.install();
    await page.goto(GUIDE);
    await hydrated(page);
    // Everything the page loads after hydration (the development tools included) has arrived before the network goes.
    await page.waitForLoadState("networkidle");
    await pauseClock(page);
    await context.setOffline(true);
    const offline = notifications(page).getByRole("status").filter({ hasText: "You're offline. Links and prices need a connection." });
    await expect(offline).toBeVisible();
    await page.clock.runFor(60_000);
    await expect(offline).toBeVisible();
    await context.setOffline(false);
    const back = notifications(page).getByRole("status").filter({ hasText: "You're back online." });
    await expect(back).toBeVisible();
    await expect(offline).toHaveCount(0);
    await page.clock.runFor(5900);
    await expect(back).toBeVisible();
    await page.clock.runFor(100);
    await expect(back).toBeHidden();
    expect((await eventsNamed(page, "toast_shown")).map((e) => [e.toast_id, e.auto_close])).toEqual([
      ["connection", false],
      ["connection", true],
    ]);
    expect((await eventsNamed(page, "toast_dismissed")).map((e) => e.reason)).toEqual(["timeout"]);
    // A request the browser could not make while offline is what going offline means, not an error.
    for (let i = consoleErrors.length - 1; i >= 0; i--) if (consoleErrors[i]!.includes("ERR_INTERNET_DISCONNECTED")) consoleErrors.splice(i, 1);
  });

  test("dismissed, it stays gone: coming back online says nothing", async ({ page, context }) => {
    await page.goto(GUIDE);
    await hydrated(page);
    await page.waitForLoadState("networkidle");
    await context.setOffline(true);
    const offline = notifications(page).getByRole("status").filter({ hasText: "You're offline." });
    await expect(offline).toBeVisible();
    await offline.getByRole("button", { name: "Dismiss" }).click();
    await expect(offline).toHaveCount(0);
    await context.setOffline(false);
    await expect.poll(async () => (await eventsNamed(page, "toast_shown")).length).toBe(1);
    await expect(notifications(page).getByRole("status")).toHaveCount(0);
  });
});

test.describe("jump links (docs/requirements.md#2-pages-and-the-shell, docs/requirements.md#9-constants)", () => {
  for (const [name, viewport, offset] of [
    ["desktop", { width: 1280, height: 800 }, 100],
    ["mobile", { width: 375, height: 740 }, 30],
  ] as const) {
    test(`land the block ${offset} px below the top on ${name}`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto(GUIDE);
      await hydrated(page);
      await page.getByRole("navigation", { name: "On this page" }).getByRole("link", { name: "Day two: Montmartre and Le Marais" }).click();
      const target = page.locator("#day-two");
      await expect.poll(async () => Math.abs((await target.boundingBox())!.y - offset), { timeout: 4000 }).toBeLessThanOrEqual(2);
      await expect(page).toHaveURL(/#day-two$/);
      await expect(target).toBeFocused();
      await expect.poll(async () => (await eventsNamed(page, "jump_link_used"))[0]).toMatchObject({ target_id: "day-two", offset_px: -offset, smooth: true });
    });
  }
});

test.describe("jump links share the page's one scroll (docs/requirements.md#2-pages-and-the-shell)", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("a jump started while another is under way takes it over: one actor for the page, two jumps used, one settled, at the last target", async ({ page }) => {
    // What the jump-link actors emit, from the development inspection bridge (the suite runs in development URL
    // mode): jump_link_settled is off the data layer (developers' noise), so the inspector is where it shows.
    await page.addInitScript(() => {
      const seen: Array<{ actorId: string; type: string; target?: string }> = ((window as unknown as { __jumps: unknown[] }).__jumps = []);
      new BroadcastChannel("storefront-machines").onmessage = ({
        data,
      }: MessageEvent<{ kind?: string; actorId?: string; machineId?: string; event?: { type: string; target_id?: string } }>) => {
        if (data.kind === "emitted" && data.machineId === "jumpLink")
          seen.push({ actorId: data.actorId!, type: data.event!.type, target: data.event!.target_id });
      };
    });
    const jumps = () => page.evaluate(() => (window as unknown as { __jumps: Array<{ actorId: string; type: string; target?: string }> }).__jumps);
    await page.goto(GUIDE);
    await hydrated(page);
    const onThisPage = page.getByRole("navigation", { name: "On this page" });
    await onThisPage.getByRole("link", { name: "Day two: Montmartre and Le Marais" }).click();
    // Another link while the page is still scrolling (1200 ms): a click event, as a pointer's action would wait
    // for the moving link to hold still, that is for the first jump to end.
    const first = (await onThisPage.getByRole("link").first().getAttribute("href"))!.slice(1);
    await onThisPage.getByRole("link").first().dispatchEvent("click");
    await expect.poll(async () => (await jumps()).filter((j) => j.type === "jump_link_settled").length, { timeout: 5000 }).toBeGreaterThan(0);
    const emitted = await jumps();
    // The first jump never arrived: only the second settles, and both came from the page's one actor.
    expect(emitted.map((j) => `${j.type}:${j.target}`)).toEqual([`jump_link_used:day-two`, `jump_link_used:${first}`, `jump_link_settled:${first}`]);
    expect(new Set(emitted.map((j) => j.actorId)).size).toBe(1);
    await expect(page.locator(`#${first}`)).toBeFocused();
  });
});

test.describe("download button (docs/requirements.md#4-behaviour, docs/requirements.md#8-failures)", () => {
  test("fetches the file as a blob and downloads it", async ({ page }) => {
    await page.goto(GUIDE);
    await hydrated(page);
    const link = page.locator("#checklist").getByRole("link", { name: "Download the weekend checklist (PDF)" });
    const download = page.waitForEvent("download");
    await link.click();
    const file = await download;
    expect(file.suggestedFilename()).toBe("paris-weekend-checklist.pdf");
    await expect(link).toHaveAttribute("href", /^blob:/);
    await expect.poll(async () => (await eventsNamed(page, "download_ready"))[0]).toMatchObject({ file_name: "paris-weekend-checklist.pdf", size_bytes: 850 });
  });

  test("a failed download leaves the link unset and tells the visitor with a toast that closes on its own", async ({ page, consoleErrors }) => {
    await page.clock.install();
    await page.route("**/media/downloads/paris-weekend-checklist.pdf", (route) => route.fulfill({ status: 503, body: "unavailable" }));
    await page.goto(GUIDE);
    await hydrated(page);
    await pauseClock(page);
    const link = page.locator("#checklist").getByRole("link", { name: "Download the weekend checklist (PDF)" });
    await link.click();
    const toast = page.getByRole("region", { name: "Notifications" }).getByRole("alert").filter({ hasText: "The download failed. Please try again." });
    await expect(toast).toBeVisible();
    await expect(link).not.toHaveAttribute("href");
    await expect.poll(async () => (await eventsNamed(page, "download_failed"))[0]).toMatchObject({ status_code: 503 });
    await page.clock.runFor(5900);
    await expect(toast).toBeVisible();
    await page.clock.runFor(100);
    await expect(toast).toBeHidden();
    await expect.poll(async () => (await eventsNamed(page, "toast_dismissed"))[0]).toMatchObject({ reason: "timeout" });
    // The browser reports the 503 itself; that is the failure under test.
    const expected = consoleErrors.findIndex((e) => e.includes("503"));
    if (expected >= 0) consoleErrors.splice(expected, 1);
  });
});

test.describe("image fallback (docs/requirements.md#4-behaviour, docs/requirements.md#8-failures)", () => {
  test("a broken image switches to its fallback", async ({ page }) => {
    await page.goto(GUIDE);
    const img = page.getByRole("img", { name: "Map of central Paris with the weekend's stops" });
    await expect(img).toHaveAttribute("src", "/media/paris-weekend-map.svg");
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(0);
  });

  test("keeps its declared 1200×675 box while neither file has arrived", async ({ page }) => {
    // Both files hang: the box must come from the content's width and height, not from the file.
    await page.route(/paris-weekend-map/, () => {});
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(GUIDE, { waitUntil: "domcontentloaded" });
    const img = page.getByRole("img", { name: "Map of central Paris with the weekend's stops" });
    await img.scrollIntoViewIfNeeded();
    const box = (await img.boundingBox())!;
    const column = await img.evaluate((el) => el.parentElement!.clientWidth);
    expect(Math.abs(box.width - Math.min(1200, column))).toBeLessThan(1);
    expect(Math.abs(box.height - (box.width * 675) / 1200)).toBeLessThanOrEqual(1);
    expect(await img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBe(0);
  });
});

// A local stand-in for the YouTube iframe API: a 50-second video whose time follows the page clock.
const YOUTUBE_STAND_IN = `
window.YT = {
  PlayerState: { ENDED: 0, PLAYING: 1, PAUSED: 2 },
  Player: class {
    constructor(el, options) {
      this.options = options; this.duration = 50; this.position = 0; this.since = null;
      const frame = document.createElement("div"); frame.setAttribute("data-stand-in", options.videoId); el.appendChild(frame);
      setTimeout(() => options.events.onReady({ target: this }), 0);
    }
    now() { return Math.min(this.duration, this.position + (this.since === null ? 0 : (Date.now() - this.since) / 1000)); }
    getCurrentTime() { return this.now(); }
    getDuration() { return this.duration; }
    playVideo() {
      this.since = Date.now();
      this.options.events.onStateChange({ data: 1, target: this });
      this.end = setTimeout(() => { this.position = this.duration; this.since = null; this.options.events.onStateChange({ data: 0, target: this }); }, (this.duration - this.position) * 1000 + 1);
    }
    pauseVideo() { this.position = this.now(); this.since = null; clearTimeout(this.end); this.options.events.onStateChange({ data: 2, target: this }); }
    destroy() { clearTimeout(this.end); }
  },
};
window.onYouTubeIframeAPIReady && window.onYouTubeIframeAPIReady();
`;

test.describe("video (docs/requirements.md#4-behaviour, docs/requirements.md#9-constants)", () => {
  test("milestones 10/25/50/75/90 fire once each while playing, checked every 5 s, then completion", async ({ page }) => {
    const requested: string[] = [];
    await page.route("https://www.youtube.com/iframe_api", (route) => {
      requested.push(route.request().url());
      return route.fulfill({ contentType: "text/javascript", body: YOUTUBE_STAND_IN });
    });
    await page.clock.install();
    await page.goto(GUIDE);
    await hydrated(page);
    await pauseClock(page);
    expect(requested).toEqual([]); // nothing from YouTube until the visitor asks
    await page.getByRole("button", { name: "Play video: Paris in a weekend, in three minutes" }).click();
    // The paused clock runs the stand-in's ready/play callbacks only as the test advances it.
    await expect
      .poll(async () => {
        await page.clock.runFor(1);
        return eventsNamed(page, "video_started");
      })
      .toHaveLength(1);
    expect(requested).toHaveLength(1);
    const milestones = async () => (await eventsNamed(page, "video_milestone_reached")).map((e) => e.milestone);
    await page.clock.runFor(5_000); // 5 s = 10 %
    await expect.poll(milestones).toEqual([10]);
    await page.clock.runFor(10_000); // 15 s = 30 %
    await expect.poll(milestones).toEqual([10, 25]);
    await page.clock.runFor(30_000); // 45 s = 90 %
    await expect.poll(milestones).toEqual([10, 25, 50, 75, 90]);
    await page.clock.runFor(6_000); // ends at 50 s
    await expect.poll(() => eventsNamed(page, "video_completed")).toHaveLength(1);
    expect(await milestones()).toEqual([10, 25, 50, 75, 90]);
  });
});

test.describe("verification badge (docs/requirements.md#2-pages-and-the-shell)", () => {
  test("opens the verification page in a 560×490 popup", async ({ page, context }) => {
    await context.route("https://verify.theatre-retailers.example/**", (route) =>
      route.fulfill({ contentType: "text/html", body: "<!doctype html><title>Verified</title><p>Verified retailer</p>" }),
    );
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(LTT_SHOW);
    await hydrated(page);
    const popupPromise = page.waitForEvent("popup");
    await page.getByRole("link", { name: "Official ticket retailer: verify" }).click();
    const popup = await popupPromise;
    await popup.waitForLoadState();
    expect(await popup.evaluate(() => [window.innerWidth, window.innerHeight])).toEqual([560, 490]);
    expect(await popup.evaluate(() => window.opener)).toBeNull();
    await expect
      .poll(async () => (await eventsNamed(page, "verification_badge_opened"))[0])
      .toMatchObject({ presentation: "popup", popup_width: 560, popup_height: 490 });
  });
});
