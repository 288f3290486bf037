import type { BrowserContext, Locator, Page, Route } from "@playwright/test";
import { getEventDefinition } from "../../tracking/catalogue";
import { entrySchema } from "../../tracking/envelope";
import { withoutEventIds } from "../../tracking/test-fixtures";
import { expect, LTT, PARIS, test, VISITOR_AGENTS } from "./fixtures";

// The delivery guarantee (docs/tracking.md, "Delivery guarantee"): a control that leaves the page has
// its events in window.dataLayer in the click's own task, before the browser leaves, whatever has
// loaded: before the app's scripts (the head script pushes what the server described on the control),
// with the app hydrated but the tracking chunk held back, and with everything loaded. Every push is
// recorded synchronously through a binding, so what was pushed in the moment of leaving is kept.

const CATEGORY = `/?uid=${PARIS}.day-trips&lang=en`;
const SHOW = `/?uid=${LTT}.shows.les-miserables&lang=en`;
const PHONE_UA = VISITOR_AGENTS.phone;
const DESKTOP_UA = VISITOR_AGENTS.desktop;
const BOT_UA = VISITOR_AGENTS.bot;
const BOOKING = "https://*.book.roamly.example/**";

test.use({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true, userAgent: PHONE_UA });

type Entry = Record<string, unknown>;
interface Recorded {
  entry: Entry;
  url: string;
  at: number;
}

/** Every window.dataLayer push of every page in the context, recorded in the task that pushed it. */
async function recordPushes(context: BrowserContext): Promise<Recorded[]> {
  const pushes: Recorded[] = [];
  await context.exposeBinding("__recordPush", (_source, entry: Entry, url: string, at: number) => void pushes.push({ entry, url, at }));
  await context.addInitScript(() => {
    const layer: unknown[] = [];
    const record = (window as unknown as { __recordPush: (entry: unknown, url: string, at: number) => void }).__recordPush;
    layer.push = function (...entries: unknown[]) {
      for (const entry of entries) {
        const plain = Object.prototype.toString.call(entry) === "[object Arguments]" ? Array.from(entry as ArrayLike<unknown>) : entry;
        void record(JSON.parse(JSON.stringify(plain)), location.href, Date.now());
      }
      return Array.prototype.push.apply(this, entries);
    };
    (window as unknown as { dataLayer: unknown[] }).dataLayer = layer;
  });
  return pushes;
}

const named = (pushes: Recorded[], name: string) => pushes.filter((p) => p.entry.event === name).map((p) => p.entry);
/** When the tap's own events were pushed, at the latest (an impression or a Web Vital may follow the tap). */
const bookingPushedAt = (pushes: Recorded[]) =>
  Math.max(...pushes.filter((p) => p.entry.event === "select_item" || p.entry.event === "booking_link_clicked").map((p) => p.at));
const eventNames = (pushes: Recorded[]) => pushes.flatMap((p) => (typeof p.entry.event === "string" ? [p.entry.event] : []));

/**
 * Whether half of `target` is seen (half of it, or half the screen; tracking/impressions.ts), as the browser
 * first reports it to an IntersectionObserver made now: it reports to every observer of the page in one
 * task, in the order they were made, so the page's own have had their say (and pushed what they push) by then.
 */
async function halfSeen(target: Locator): Promise<boolean> {
  return target.evaluate(
    (element) =>
      new Promise<boolean>((resolve) => {
        const observer = new IntersectionObserver(([entry]) => {
          observer.disconnect();
          const screen = entry!.rootBounds?.height ?? window.innerHeight;
          resolve(entry!.isIntersecting && (entry!.intersectionRatio >= 0.5 || entry!.intersectionRect.height >= screen * 0.5));
        });
        observer.observe(element);
      }),
  );
}

/** The booking site, stubbed: the moment its page was asked for, and what it answers. */
async function stubBookingSite(context: BrowserContext, { stay = false } = {}) {
  const requested: number[] = [];
  await context.route(BOOKING, async (route: Route) => {
    requested.push(Date.now());
    // 204: the browser stays on the page (so a test can tap again); otherwise a tiny booking page.
    if (stay) await route.fulfill({ status: 204 });
    else await route.fulfill({ status: 200, contentType: "text/html", body: "<!doctype html><title>Booking</title><h1>Booking</h1>" });
  });
  return requested;
}

/** Holds the requests matching `pattern` until release() is called. */
async function hold(page: Page, pattern: string | RegExp) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let held = 0;
  await page.route(pattern, async (route) => {
    held++;
    await released;
    await route.continue().catch(() => {});
  });
  return { release, held: () => held };
}

const TRACKING_CHUNKS = /\/build\/_shared\/(pipeline|envelope|analytics\.browser\.es)-[A-Z0-9]+\.js$/;

function expectValid(entry: Entry) {
  const definition = getEventDefinition(String(entry.event));
  expect(definition, String(entry.event)).toBeDefined();
  const result = entrySchema(definition!).safeParse(entry);
  expect(result.success, `${String(entry.event)}: ${JSON.stringify(result.error?.issues)}`).toBe(true);
}

async function tapFirstBookingLink(page: Page) {
  await page
    .getByRole("link", { name: /^Book now/ })
    .first()
    .tap();
}

for (const path of [CATEGORY, SHOW]) {
  test.describe(path.includes(LTT) ? "show page" : "category page", () => {
    test("a booking link tapped before the app's scripts have run counts select_item and booking_link_clicked before the booking page loads", async ({
      page,
      context,
    }) => {
      const pushes = await recordPushes(context);
      const requested = await stubBookingSite(context);
      const scripts = await hold(page, "**/build/**");
      await page.goto(path, { waitUntil: "domcontentloaded" });
      await tapFirstBookingLink(page);
      await page.waitForURL(/book\.roamly\.example/);
      expect(scripts.held()).toBeGreaterThan(0);
      const onPage = pushes.filter((p) => !p.url.includes("book.roamly"));
      // The first list was in view at load, so its impression may be counted too.
      expect(eventNames(onPage).filter((name) => name !== "view_item_list")).toEqual(["page_viewed", "select_item", "booking_link_clicked"]);
      expect(bookingPushedAt(onPage)).toBeLessThanOrEqual(requested[0]!);
      for (const p of onPage) if (p.entry.event) expectValid(p.entry);
      scripts.release();
    });

    test("a booking link tapped with the app hydrated but the tracking chunk held back counts its events before the booking page loads", async ({
      page,
      context,
    }) => {
      const pushes = await recordPushes(context);
      const requested = await stubBookingSite(context);
      const chunks = await hold(page, TRACKING_CHUNKS);
      await page.goto(path);
      await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
      await expect.poll(() => chunks.held()).toBeGreaterThan(0);
      await tapFirstBookingLink(page);
      await page.waitForURL(/book\.roamly\.example/);
      const onPage = pushes.filter((p) => !p.url.includes("book.roamly"));
      expect(named(onPage, "booking_link_clicked")).toHaveLength(1);
      expect(named(onPage, "select_item")).toHaveLength(1);
      expect(bookingPushedAt(onPage)).toBeLessThanOrEqual(requested[0]!);
      for (const p of onPage) if (p.entry.event) expectValid(p.entry);
      chunks.release();
    });

    test("a booking link tapped after everything has loaded counts each event exactly once", async ({ page, context }) => {
      const pushes = await recordPushes(context);
      await stubBookingSite(context);
      const pipeline = page.waitForResponse(TRACKING_CHUNKS);
      await page.goto(path);
      await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
      await pipeline;
      await page.waitForLoadState("networkidle");
      await tapFirstBookingLink(page);
      await page.waitForURL(/book\.roamly\.example/);
      const onPage = pushes.filter((p) => !p.url.includes("book.roamly"));
      expect(named(onPage, "booking_link_clicked")).toHaveLength(1);
      expect(named(onPage, "select_item")).toHaveLength(1);
      expect(named(onPage, "page_viewed")).toHaveLength(1);
    });
  });
}

test("the head script and the app push the same booking events, field for field, and both pass the catalogue schema", async ({ page, context }) => {
  const pushes = await recordPushes(context);
  await stubBookingSite(context, { stay: true });
  const scripts = await hold(page, "**/build/**");
  await page.goto(`${CATEGORY}&gclid=Cj0KCQ-same_1`, { waitUntil: "domcontentloaded" });
  await tapFirstBookingLink(page);
  await expect.poll(() => named(pushes, "booking_link_clicked").length).toBe(1);
  const fromHead = pushes.slice(-3).map((p) => p.entry);
  expect(fromHead.map((e) => e.event ?? "ecommerce reset")).toEqual(["ecommerce reset", "select_item", "booking_link_clicked"]);
  scripts.release();
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  await page.waitForLoadState("networkidle");
  const before = pushes.length;
  await tapFirstBookingLink(page);
  await expect.poll(() => named(pushes, "booking_link_clicked").length).toBe(2);
  const fromApp = pushes.slice(before).map((p) => p.entry);
  // Field for field but the event_id, which each push makes anew (tracking/event-id.ts).
  expect(withoutEventIds(fromApp)).toEqual(withoutEventIds(fromHead));
  expect(fromHead[2]).toMatchObject({ attribution: { gclid: "Cj0KCQ-same_1" } });
  for (const entry of [...fromHead, ...fromApp]) if (entry.event) expectValid(entry);
});

test.describe("on a desktop", () => {
  test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false, userAgent: DESKTOP_UA });

  test("a footer quick link, a language and a currency choice clicked before the app runs are counted before the page goes", async ({ page, context }) => {
    const pushes = await recordPushes(context);
    const scripts = await hold(page, "**/build/**");
    await page.goto(CATEGORY, { waitUntil: "domcontentloaded" });
    // The destinations are stubbed with 204: the browser stays, so the three taps are one visit.
    await page.route(
      (url) => url.searchParams.has("uid") || url.pathname.startsWith("/preferences/"),
      (route) => route.fulfill({ status: 204 }),
    );
    const quickLink = page.locator("footer a[data-quick-link]").first();
    await quickLink.scrollIntoViewIfNeeded();
    await quickLink.click();
    await expect.poll(() => eventNames(pushes).at(-1)).toBe("quick_link_opened");
    await page.evaluate(() => window.scrollTo(0, 0));
    const header = page.getByRole("banner");
    await header.locator("details[data-selector='language'] > summary").filter({ visible: true }).click();
    await header
      .getByRole("link", { name: /Français/ })
      .filter({ visible: true })
      .click();
    await expect.poll(() => eventNames(pushes).at(-1)).toBe("language_changed");
    await header.locator("details[data-selector='currency'] > summary").filter({ visible: true }).click();
    const currencyForm = header.getByRole("form", { name: "Currency" }).filter({ visible: true });
    await currencyForm.getByRole("button", { name: "GBP", exact: true }).click();
    await expect.poll(() => eventNames(pushes).at(-1)).toBe("currency_changed");
    expect(scripts.held()).toBeGreaterThan(0);
    const counted = pushes.map((p) => p.entry).filter((e) => e.event && e.event !== "page_viewed" && e.event !== "view_item_list");
    expect(counted).toMatchObject([
      { event: "quick_link_opened", target_uid: expect.stringMatching(/^www\.paris-experiences\.example\./) },
      { event: "language_changed", from_language: "en", to_language: "fr" },
      { event: "currency_changed", to_currency: "GBP" },
    ]);
    for (const entry of counted) expectValid(entry);
    scripts.release();
  });
});

test("a list seen on a short visit is counted before the app runs, and the app does not count it again", async ({ page, context }) => {
  const pushes = await recordPushes(context);
  const scripts = await hold(page, "**/build/**");
  await page.goto(CATEGORY, { waitUntil: "domcontentloaded" });
  const list = page.locator("ul[data-track-view]").first();
  await list.evaluate((element) => element.scrollIntoView({ block: "start" }));
  await expect.poll(() => named(pushes, "view_item_list").length).toBe(1);
  expect(scripts.held()).toBeGreaterThan(0);
  const counted = named(pushes, "view_item_list")[0]!;
  expectValid(counted);
  scripts.release();
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  await page.waitForLoadState("networkidle");
  await page.evaluate(() => window.scrollTo(0, 0));
  await halfSeen(list); // measured with the page at its top, before it comes back
  await list.evaluate((element) => element.scrollIntoView({ block: "start" }));
  // The browser has told every observer of the list (the app's counts it at half visible) it is back in view.
  expect(await halfSeen(list)).toBe(true);
  const sameList = named(pushes, "view_item_list").filter((e) => JSON.stringify(e.ecommerce) === JSON.stringify(counted.ecommerce));
  expect(sameList).toHaveLength(1);
});

test("a bot's taps push nothing, before or after the app runs", async ({ browser }) => {
  const context = await browser.newContext({ userAgent: BOT_UA, viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
  const pushes = await recordPushes(context);
  const booking = await stubBookingSite(context, { stay: true });
  const page = await context.newPage();
  const scripts = await hold(page, "**/build/**");
  await page.goto(CATEGORY, { waitUntil: "domcontentloaded" });
  await tapFirstBookingLink(page);
  await expect.poll(() => booking.length).toBe(1);
  scripts.release();
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  await tapFirstBookingLink(page);
  // The booking page was asked for: the tap's task, where its events would have been pushed, is over.
  await expect.poll(() => booking.length).toBe(2);
  expect(eventNames(pushes)).toEqual([]);
  await context.close();
});
