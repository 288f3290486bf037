import type { BrowserContext, Page } from "@playwright/test";
import { getEventDefinition } from "../../tracking/catalogue";
import { entrySchema } from "../../tracking/envelope";
import { expect, LTT, PARIS, test, VISITOR_AGENTS } from "./fixtures";

// Field Web Vitals (docs/decisions/025-field-web-vitals.md): a phone visit that is hidden or left has
// pushed LCP, INP (after a tap), CLS, FCP and TTFB into the data layer, each valid against its catalogue
// entry schema; a bot pushes none and does not even load the library. Pushes are recorded through a
// binding as they happen, so what a page pushes while it is being left is seen too.

const PHONE_UA = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";
const BOT_UA = VISITOR_AGENTS.bot;
const CATEGORY = `/?uid=${PARIS}.day-trips&lang=en`;
const SHOW = `/?uid=${LTT}.shows.les-miserables&lang=en`;
const VITALS = ["web_vital_cls", "web_vital_fcp", "web_vital_inp", "web_vital_lcp", "web_vital_ttfb"];
/** Set by app/components/tracking/web-vitals-report.ts once the library observes. */
const READY_MARK = "storefront:web-vitals-ready";
const RECORD_KEY = "e2e-data-layer-pushes";

type Entry = Record<string, unknown>;

/**
 * Records every event pushed into window.dataLayer, synchronously, in sessionStorage: it outlives the
 * document, so a push made while the page is being left is read on the next page of the same origin
 * (a binding's call from a document being unloaded never reaches the test).
 */
async function recordPushes(context: BrowserContext): Promise<void> {
  await context.addInitScript((key) => {
    const layer: unknown[] = [];
    layer.push = function (...items: unknown[]) {
      const events = items.filter((item) => item && typeof item === "object" && "event" in item);
      if (events.length > 0) sessionStorage.setItem(key, JSON.stringify([...(JSON.parse(sessionStorage.getItem(key) ?? "[]") as unknown[]), ...events]));
      return Array.prototype.push.apply(this, items);
    };
    (window as unknown as { dataLayer: unknown[] }).dataLayer = layer;
  }, RECORD_KEY);
}

/** Where the visitor goes next: a stub page of the same origin, so the record can be read there. */
const ELSEWHERE = "/e2e-elsewhere";
async function stubElsewhere(page: Page): Promise<void> {
  await page.route(`**${ELSEWHERE}`, (route) =>
    route.fulfill({ contentType: "text/html", body: '<!doctype html><link rel="icon" href="data:,"><title>Elsewhere</title>' }),
  );
}

const pushes = (page: Page) => page.evaluate((key) => JSON.parse(sessionStorage.getItem(key) ?? "[]") as Entry[], RECORD_KEY);

/** The page is hidden, as when the visitor switches tabs or apps (how web-vitals' own tests do it). */
async function hide(page: Page): Promise<void> {
  await page.evaluate(() => {
    Object.defineProperty(document, "visibilityState", { value: "hidden", configurable: true });
    Object.defineProperty(document, "hidden", { value: true, configurable: true });
    document.dispatchEvent(new Event("visibilitychange"));
  });
}

const vitalsOf = (pushed: Entry[]) => pushed.filter((entry) => VITALS.includes(String(entry.event)));
const names = (pushed: Entry[]) => [...new Set(vitalsOf(pushed).map((entry) => String(entry.event)))].sort();

function expectValid(entries: Entry[]): void {
  for (const entry of entries) {
    const result = entrySchema(getEventDefinition(String(entry.event))!).safeParse(entry);
    expect(result.success ? [] : result.error.issues, JSON.stringify(entry)).toEqual([]);
  }
}

/** A visitor on a phone opens a page, waits for the app, and taps the heading once. */
async function visitAndTap(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  await expect.poll(() => page.evaluate((mark) => performance.getEntriesByName(mark).length, READY_MARK)).toBe(1);
  await page.getByRole("heading", { level: 1 }).tap();
  // The browser times an interaction once its next frame is shown; a visit left before that frame
  // has no INP to report (decision 025), so the visitor here stays that long.
  await expect.poll(() => page.evaluate(() => performance.getEntriesByType("first-input").length)).toBe(1);
}

test.describe("field Web Vitals on a phone", () => {
  test.use({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true, userAgent: PHONE_UA });

  test("a category page that is hidden has pushed LCP, INP, CLS, FCP and TTFB, each valid against its schema", async ({ page, context }) => {
    await recordPushes(context);
    await visitAndTap(page, CATEGORY);
    // FCP and TTFB are known at once from buffered entries; LCP once the visitor has tapped.
    await expect.poll(async () => names(await pushes(page))).toEqual(["web_vital_fcp", "web_vital_lcp", "web_vital_ttfb"]);
    await hide(page);
    // CLS and INP are final only now, and are pushed in the task that hid the page.
    const pushed = await pushes(page);
    expect(names(pushed)).toEqual(VITALS);
    expectValid(vitalsOf(pushed));
    const byName = Object.fromEntries(vitalsOf(pushed).map((entry) => [entry.event, entry]));
    expect(byName.web_vital_inp).toMatchObject({ interaction_type: "pointer", debug_target: expect.stringMatching(/h1/), metric_rating: "good" });
    expect(byName.web_vital_cls).toMatchObject({ metric_value: 0, value: 0 });
    expect(byName.web_vital_lcp).toMatchObject({ navigation_type: "navigate", page: { uid: `${PARIS}.day-trips`, isMobile: true, isBot: false } });
    for (const entry of vitalsOf(pushed)) expect(entry.value).toBe(entry.metric_delta);
    // One metric_id per metric for one page load; a metric reported again (INP can be, when a later
    // measurement of the visit's interaction comes in) sends its delta, and the deltas add up to its
    // last value, as GA4 sums them. No event of this visit was refused.
    const byId = new Map<string, Entry[]>();
    for (const entry of vitalsOf(pushed)) byId.set(String(entry.metric_id), [...(byId.get(String(entry.metric_id)) ?? []), entry]);
    expect(byId.size).toBe(VITALS.length);
    for (const reports of byId.values()) {
      const sum = reports.reduce((total, entry) => total + Number(entry.metric_delta), 0);
      expect(sum).toBeCloseTo(Number(reports.at(-1)!.metric_value), 3);
    }
    expect(pushed.some((entry) => entry.event === "tracking_violation")).toBe(false);
  });

  test("a show page that the visitor leaves has pushed all five before it went", async ({ page, context }) => {
    await recordPushes(context);
    await visitAndTap(page, SHOW);
    await expect.poll(async () => names(await pushes(page))).toEqual(["web_vital_fcp", "web_vital_lcp", "web_vital_ttfb"]);
    // Leaving the document hides it: the final CLS and INP go in that moment. The next page (same
    // origin, a stub) reads what the record kept.
    await stubElsewhere(page);
    await page.goto(ELSEWHERE);
    const pushed = await pushes(page);
    expect(names(pushed)).toEqual(VITALS);
    expectValid(vitalsOf(pushed));
    expect(vitalsOf(pushed).every((entry) => (entry.page as Entry).uid === `${LTT}.shows.les-miserables`)).toBe(true);
  });
});

test.describe("bots", () => {
  test.use({ userAgent: BOT_UA, viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });

  test("a bot pushes no Web Vitals and never loads the library", async ({ page, context }) => {
    await recordPushes(context);
    const vitalsChunks: string[] = [];
    page.on("request", (request) => {
      if (/web-vitals/.test(request.url())) vitalsChunks.push(request.url());
    });
    await page.goto(CATEGORY);
    await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
    await page.waitForLoadState("networkidle");
    await page.getByRole("heading", { level: 1 }).tap();
    await hide(page);
    await stubElsewhere(page);
    await page.goto(ELSEWHERE);
    expect(await pushes(page)).toEqual([]);
    expect(vitalsChunks).toEqual([]);
  });
});

test("/tracking lists the Web Vitals events under performance, with what they are", async ({ page }) => {
  await page.goto("/tracking");
  const section = page.locator("section", { has: page.getByRole("heading", { level: 2, name: "Category: performance" }) });
  await expect(section.getByText(/Field Web Vitals: what visitors/)).toBeVisible();
  await expect(section.getByRole("heading", { level: 3 })).toHaveText(["web_vital_cls", "web_vital_fcp", "web_vital_inp", "web_vital_lcp", "web_vital_ttfb"]);
});
