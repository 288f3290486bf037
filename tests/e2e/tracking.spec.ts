import type { Page } from "@playwright/test";
import { checkJsonSchema } from "../../tracking/json-schema-check";
import { inlineCodeNotAllowed } from "./csp";
import { expect, PARIS, pathFormUrl, test, VISITOR_AGENTS } from "./fixtures";

// Real interactions (page view, currency and language change through the header selectors),
// then every window.dataLayer entry is checked against the published /tracking/plan.json.

type Entry = Record<string, unknown> | unknown[];

/**
 * The data layer as plain JSON; gtag()'s arguments objects become arrays (as the plan describes them).
 * Without the field Web Vitals, which arrive on the browser's schedule (web-vitals.spec.ts tests them).
 */
function readDataLayer(page: Page): Promise<Entry[]> {
  return page.evaluate(() =>
    (window.dataLayer ?? [])
      .filter((entry) => !String((entry as { event?: unknown }).event).startsWith("web_vital_"))
      .map((entry) => (Object.prototype.toString.call(entry) === "[object Arguments]" ? Array.from(entry as ArrayLike<unknown>) : entry)),
  ) as Promise<Entry[]>;
}

/** The interaction events in order; field Web Vitals arrive on their own schedule (tests/e2e/web-vitals.spec.ts). */
const eventNames = async (page: Page) =>
  (await readDataLayer(page)).flatMap((entry) =>
    !Array.isArray(entry) && typeof entry.event === "string" && !entry.event.startsWith("web_vital_") ? [entry.event] : [],
  );

/** Real browsers' user agents: the test browser's own (HeadlessChrome) is a bot for isbot, and bots get no tracking. */
const DESKTOP_UA = VISITOR_AGENTS.desktop;
const PHONE_UA = VISITOR_AGENTS.phone;
const BOT_UA = VISITOR_AGENTS.bot;

/** The inline scripts of a document's <head>, in order. */
function headScripts(html: string): string[] {
  const head = html.slice(0, html.indexOf("</head>"));
  return [...head.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1]!);
}

/** The page_viewed object an inline head script pushes, read from the HTML without running it. */
function serverPageView(html: string): Record<string, unknown> | undefined {
  for (const script of headScripts(html)) {
    // The compiled head function called with the server's entry: `(…)({…});` (app/page/head-script.server.ts).
    const json = /\}\)\(\)\((\{.*\})\);$/.exec(script)?.[1];
    if (json && script.includes('"event":"page_viewed"')) return JSON.parse(json) as Record<string, unknown>;
  }
  return undefined;
}

/** Entries that are neither Consent Mode commands (gtag's arguments) nor an ecommerce reset. */
const trackedEntries = (entries: Entry[]) => entries.filter((entry): entry is Record<string, unknown> => !Array.isArray(entry) && "event" in entry);

test.describe("tracking on a storefront page (desktop)", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("page view, currency change and language change reach the data layer, all valid against the plan", async ({ page, request }) => {
    // A French visitor: Consent Mode defaults must be denied before anything else.
    await page.setExtraHTTPHeaders({ "cloudfront-viewer-country": "FR" });
    await page.goto(`/?uid=${PARIS}.eiffel-tower&lang=en&gclid=Cj0KCQ-test_123`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect.poll(() => eventNames(page)).toEqual(["page_viewed"]);
    // The page view is the server's now, there before hydration: wait for the app before using it.
    await expect(page.locator("html[data-hydrated]")).toHaveCount(1);

    const banner = page.getByRole("banner");
    const currencySummary = banner.locator('summary[aria-label^="Currency:"]').filter({ visible: true });
    const from = (await currencySummary.getAttribute("aria-label"))!.replace("Currency: ", "");
    const to = from === "GBP" ? "USD" : "GBP";
    await currencySummary.click();
    await banner.getByRole("form", { name: "Currency" }).getByRole("button", { name: to, exact: true }).click();
    await expect(currencySummary).toHaveAttribute("aria-label", `Currency: ${to}`);
    // The cached HTML's way back names the page's own parameters only; the form sends the live URL, so
    // the click id (kept nowhere else without consent) survives the currency change.
    await expect(page).toHaveURL(/[?&]gclid=Cj0KCQ-test_123(&|$)/);

    await banner.locator('summary[aria-label^="Language:"]').filter({ visible: true }).click();
    await banner.getByRole("list", { name: "Language" }).getByRole("link", { name: "Français" }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
    await expect.poll(() => eventNames(page)).toEqual(["page_viewed", "currency_changed", "language_changed", "page_viewed"]);

    const entries = await readDataLayer(page);
    const plan = (await (await request.get("/tracking/plan.json")).json()) as Record<string, unknown>;
    for (const entry of entries) expect(checkJsonSchema(plan, entry), JSON.stringify(entry)).toEqual([]);
    expect(entries.some((entry) => !Array.isArray(entry) && entry.event === "tracking_violation")).toBe(false);

    // Consent Mode default first (denied for FR), before any event.
    expect(entries[0]).toEqual(["consent", "default", expect.objectContaining({ ad_storage: "denied", analytics_storage: "denied" })]);

    const events = entries.filter((entry): entry is Record<string, unknown> => !Array.isArray(entry) && "event" in entry);
    expect(events[1]).toMatchObject({ event: "currency_changed", from_currency: from, to_currency: to });
    expect(events[2]).toMatchObject({ event: "language_changed", from_language: "en", to_language: "fr" });
    // The new page's view carries its own context: French, in the new currency, and the click id.
    expect(events[3]).toMatchObject({ event: "page_viewed", page: { lang: "fr", currency: to, countryCode: "FR" }, attribution: { gclid: "Cj0KCQ-test_123" } });
    expect(events[0]).toMatchObject({ page: { lang: "en", currency: from, pageType: "collection", isBot: false } });
    // No consent from this French visitor: the click id travels with events but is not stored in h-attr.
    expect((await page.context().cookies()).map((cookie) => cookie.name)).not.toContain("h-attr");
  });

  test("outside the consent countries the click id is kept in the h-attr cookie", async ({ page }) => {
    await page.setExtraHTTPHeaders({ "cloudfront-viewer-country": "US" });
    await page.goto(`/?uid=${PARIS}.eiffel-tower&lang=en&gclid=Cj0KCQ-test_456&utm_source=x`);
    await expect.poll(() => eventNames(page)).toEqual(["page_viewed"]);
    const entries = await readDataLayer(page);
    expect(entries[0]).toEqual(["consent", "default", expect.objectContaining({ ad_storage: "granted", analytics_storage: "granted" })]);
    expect(entries[1]).toMatchObject({
      event: "page_viewed",
      page_path: `/?uid=${PARIS}.eiffel-tower&lang=en&gclid=Cj0KCQ-test_456&utm_source=x`,
      attribution: { gclid: "Cj0KCQ-test_456" },
    });
    // The app stores it once hydrated, which the server's page view no longer waits for.
    const stored = async () => decodeURIComponent((await page.context().cookies()).find((c) => c.name === "h-attr")?.value ?? "");
    await expect.poll(stored).toBe("gclid=Cj0KCQ-test_456");
  });

  test("without JavaScript the currency form still works (no tracking, no error)", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(pathFormUrl(PARIS, "/eiffel-tower/"));
    const banner = page.getByRole("banner");
    await banner.locator('summary[aria-label^="Currency:"]').filter({ visible: true }).click();
    await banner.getByRole("form", { name: "Currency" }).getByRole("button", { name: "JPY", exact: true }).click();
    await expect(banner.locator('summary[aria-label^="Currency:"]').filter({ visible: true })).toHaveAttribute("aria-label", "Currency: JPY");
    await context.close();
  });

  test("bots send nothing: no consent script, no events", async ({ browser }) => {
    const context = await browser.newContext({ userAgent: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" });
    const page = await context.newPage();
    await page.goto(`/?uid=${PARIS}.eiffel-tower&lang=en`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    // Wait until the app has hydrated and the pipeline would have run.
    await page.waitForFunction(() => document.querySelectorAll("script").length > 0 && (window as { __remixContext?: unknown }).__remixContext !== undefined);
    await page.waitForLoadState("networkidle");
    expect(await page.evaluate(() => window.dataLayer ?? [])).toEqual([]);
    await context.close();
  });
});

test.describe("the first page view is written by the server into <head>", () => {
  const EIFFEL = `/?uid=${PARIS}.eiffel-tower&lang=en`;

  test("the raw HTML holds a valid page_viewed push right after the Consent Mode defaults for a visitor, and none for a bot", async ({ request }) => {
    const plan = (await (await request.get("/tracking/plan.json")).json()) as Record<string, unknown>;
    const response = await request.get(`${EIFFEL}&gclid=Cj0KCQ-raw_1`, { headers: { "user-agent": PHONE_UA, "cloudfront-viewer-country": "US" } });
    const html = await response.text();
    const scripts = headScripts(html);
    const consentAt = scripts.findIndex((script) => script.includes('"consent","default"'));
    expect(consentAt).toBeGreaterThanOrEqual(0);
    expect(scripts.findIndex((script) => script.includes('"event":"page_viewed"'))).toBe(consentAt + 1);
    const tagAt = html.lastIndexOf("<script", html.indexOf('({"event":"page_viewed"'));
    expect(html.slice(tagAt, html.indexOf(">", tagAt) + 1)).toBe("<script>");
    expect(inlineCodeNotAllowed(html, response.headers()["content-security-policy"] ?? ""), "the push runs under the page's CSP").toEqual([]);
    const pushed = serverPageView(html);
    const title = /<title>([^<]*)<\/title>/.exec(html)?.[1];
    expect(pushed).toEqual({
      event: "page_viewed",
      page_title: title,
      page_path: EIFFEL,
      page: expect.objectContaining({ uid: `${PARIS}.eiffel-tower`, lang: "en", isMobile: true, isBot: false, countryCode: "US", pageType: "collection" }),
    });
    // No referrer, click id or full path in the shared HTML: the script adds them in the visitor's browser.
    expect(html).not.toContain("Cj0KCQ-raw_1");
    expect(checkJsonSchema(plan, pushed), JSON.stringify(pushed)).toEqual([]);

    const bot = await (await request.get(EIFFEL, { headers: { "user-agent": BOT_UA } })).text();
    expect(serverPageView(bot)).toBeUndefined();
    expect(headScripts(bot).filter((script) => script.includes("dataLayer"))).toEqual([]);
  });

  test("pages without a page context get none", async ({ request }) => {
    for (const url of ["/tracking", "/machines", `/?uid=${PARIS}.missing`]) {
      const html = await (await request.get(url, { headers: { "user-agent": DESKTOP_UA }, failOnStatusCode: false })).text();
      expect(serverPageView(html), url).toBeUndefined();
      expect(html, url).not.toContain('"event":"page_viewed"');
    }
  });

  test.describe("with JavaScript", () => {
    test.use({ userAgent: DESKTOP_UA, viewport: { width: 1280, height: 800 } });

    test("one page_viewed for the first document, in the data layer at the first frame and first after consent; a client-side navigation adds exactly one more", async ({
      page,
    }) => {
      // What the data layer holds when the first frame is about to be painted.
      await page.addInitScript(() => {
        requestAnimationFrame(() => {
          (window as unknown as { __atFirstFrame: string }).__atFirstFrame = JSON.stringify(window.dataLayer ?? []);
        });
      });
      await page.goto(EIFFEL, { referer: "https://www.google.com/search?q=eiffel+tower" });
      const atFirstFrame = JSON.parse(await page.evaluate(() => (window as unknown as { __atFirstFrame: string }).__atFirstFrame)) as Entry[];
      expect(trackedEntries(atFirstFrame).map((entry) => entry.event)).toEqual(["page_viewed"]);

      await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
      const first = trackedEntries(await readDataLayer(page));
      expect(first[0]).toMatchObject({
        event: "page_viewed",
        page_path: EIFFEL,
        page_title: await page.title(),
        page_referrer: "https://www.google.com/search",
        page: { uid: `${PARIS}.eiffel-tower`, isMobile: false, isBot: false },
      });
      // Consent Mode's default is the only thing before it.
      const entries = await readDataLayer(page);
      expect(entries.findIndex((entry) => !Array.isArray(entry))).toBe(1);
      expect(entries[1]).toEqual(first[0]);

      // A client-side navigation (Remix <Link>, the same document) pushes its own page view.
      await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
      const banner = page.getByRole("banner");
      await banner.locator('summary[aria-label^="Language:"]').filter({ visible: true }).click();
      await banner.getByRole("list", { name: "Language" }).getByRole("link", { name: "Français" }).click();
      await expect(page.locator("html")).toHaveAttribute("lang", "fr");
      await expect.poll(async () => (await eventNames(page)).filter((name) => name === "page_viewed").length).toBeGreaterThanOrEqual(2);
      expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
      // Delivered in order after any repeat of the first, so a client repeat of the first would show here.
      const views = trackedEntries(await readDataLayer(page)).filter((entry) => entry.event === "page_viewed");
      expect(views).toHaveLength(2);
      expect(views[0]).toEqual(first[0]);
      expect(views[1]).toMatchObject({ page: { lang: "fr" }, page_referrer: new URL(page.url()).origin + "/" });
    });

    test("without a referrer the first page view has no page_referrer", async ({ page }) => {
      await page.goto(EIFFEL);
      const [view] = trackedEntries(await readDataLayer(page));
      expect(view).toMatchObject({ event: "page_viewed", page_path: EIFFEL });
      expect(view).not.toHaveProperty("page_referrer");
    });
  });
});

test.describe("the catalogue page", () => {
  test("lists every event with its properties and shows events from another tab live", async ({ page, context, request }) => {
    const plan = (await (await request.get("/tracking/plan.json")).json()) as { events: Array<{ name: string }> };
    await page.goto("/tracking");
    await expect(page.getByRole("heading", { level: 1, name: "Tracking plan" })).toBeVisible();
    for (const { name } of plan.events) await expect(page.getByRole("heading", { level: 3, name })).toBeVisible();
    await expect(page.getByRole("table", { name: "currency_changed properties" }).getByRole("rowheader", { name: "to_currency" })).toBeVisible();
    // The catalogue is not a storefront page: it counts no page view of its own, so the panel starts
    // empty rather than with a dropped event.
    await page.waitForLoadState("networkidle"); // the pipeline has loaded and delivered what was queued
    await expect(page.getByRole("status").filter({ hasText: /events,/ })).toHaveText("0 events, 0 invalid");

    const storefront = await context.newPage();
    await storefront.goto(`/?uid=${PARIS}.eiffel-tower&lang=en`);
    const live = page.getByRole("table", { name: "Live events" });
    await expect(live.getByRole("row").filter({ hasText: "page_viewed" }).first()).toContainText("valid");
    await expect(live.getByRole("row").filter({ hasText: "page_viewed" }).first()).toContainText("pushed");
  });

  test("/tracking/plan.json is JSON Schema with every event", async ({ request }) => {
    const response = await request.get("/tracking/plan.json");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("application/schema+json");
    const plan = (await response.json()) as { $schema: string; events: unknown[] };
    expect(plan.$schema).toBe("https://json-schema.org/draft/2020-12/schema");
    expect(plan.events.length).toBeGreaterThan(0);
  });

  test("the catalogue page shows each event's changes by release", async ({ page }) => {
    await page.goto("/tracking");
    const history = page.getByRole("list", { name: "menu_opened: changes by release" });
    await expect(history.getByRole("listitem").first()).toContainText(/^1-0-0 \(\d{4}-\d{2}-\d{2}\): first released$/);
  });

  test("the catalogue page links the tag manager container export, which downloads as an importable container", async ({ page, request }) => {
    await page.goto("/tracking");
    const link = page.getByRole("link", { name: "gtm-container.json" });
    await expect(link).toHaveAttribute("href", "/tracking/gtm-container.json");
    const response = await request.get("/tracking/gtm-container.json");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-disposition"]).toContain("attachment");
    const container = (await response.json()) as { exportFormatVersion: number; containerVersion: { tag: Array<{ type: string }>; trigger: unknown[] } };
    expect(container.exportFormatVersion).toBe(2);
    expect(container.containerVersion.tag.length).toBe(container.containerVersion.trigger.length);
    expect(container.containerVersion.tag.every((tag) => tag.type === "gaawe")).toBe(true);
  });
});
