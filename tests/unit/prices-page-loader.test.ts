import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { startSandbox, type Sandbox } from "../../sandbox/server";
import { loadPageResponse } from "~/page/load-page.server";
import type { AppServices } from "~/page/load-context";
import { log as logger } from "~/server/logger.server";
import { loadContextFor, testServices } from "./load-context";
import { makePricesContent, LTT_PRICES_UID, PARIS_PRICES_UID } from "./prices-fixtures";

// The whole page loader (load-page.server.ts) against the sandbox over real HTTP: prices in page
// data, headers, currency choice, and the one-latency cost of a cold page.

const TIMING_KEY = "operator-timing-key-42";

let sandbox: Sandbox;
let content: ReturnType<typeof makePricesContent>;
let services: AppServices;

beforeAll(async () => {
  sandbox = await startSandbox();
  content = makePricesContent({ parisExperienceLimit: 50 });
  // The settings reach the loader through its load context, as createServer's env does.
  services = testServices(
    {
      CONTENT_DIR: content.dir,
      URL_MODE: "development",
      PRICE_BUDGET_MS: "800",
      BOOKING_DOMAIN: "book.roamly.example",
      FIREWALL_ALLOW_KEY: "k3y",
      SERVER_TIMING_KEY: TIMING_KEY,
    },
    { baseUrl: sandbox.baseUrl, secondaryUrl: sandbox.secondaryUrl },
  );
});
afterAll(async () => {
  await sandbox.close();
  content.cleanup();
});
beforeEach(() => {
  sandbox.reset();
  sandbox.setDefaultFault("");
  services.prices.cache.clear();
});
afterEach(() => vi.useRealTimers());

function request(uid: string, init: { lang?: string; headers?: Record<string, string>; query?: string } = {}) {
  return new Request(`http://localhost/?uid=${uid}&lang=${init.lang ?? "en"}${init.query ?? ""}`, { headers: { host: "localhost", ...init.headers } });
}

/**
 * The sandbox's latency, the price budget and the API timeout on one fake clock that the test steps, so a
 * wait is asserted to the millisecond however busy the host is; the sandbox says when every call is in flight.
 */
const fakeClock = () => vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });

/** The upstream calls a cold load of `uid` makes, counted on a load without faults. */
async function coldCalls(uid: string): Promise<number> {
  await page(uid);
  const { total } = sandbox.stats();
  sandbox.reset();
  await services.prices.cache.clear();
  return total;
}

/** A loading page and whether it has finished yet. */
function loading(uid: string) {
  const state = { done: false };
  const result = page(uid).finally(() => (state.done = true));
  return { state, result };
}

/** The price loader's warnings, kept out of the test output, and a promise of the `count`th. */
function priceWarnings(count = 0) {
  let reached!: () => void;
  const enough = new Promise<void>((resolve) => (reached = resolve));
  const lines: string[] = [];
  vi.spyOn(logger, "warn").mockImplementation(((line: string) => {
    lines.push(line);
    if (lines.length >= count) reached();
  }) as typeof logger.warn);
  return { lines, enough };
}

async function page(uid: string, init?: Parameters<typeof request>[1]) {
  const { data, headers } = await loadPageResponse(loadContextFor(request(uid, init), services));
  if (data.kind !== "page") throw new Error("expected a page");
  return { data, headers };
}

describe("page loader with prices", () => {
  it("puts every price and list in page data, in the site's default currency", async () => {
    const { data, headers } = await page(PARIS_PRICES_UID);
    expect(data.commerce.currency).toBe("EUR");
    expect(data.commerce.prices).toMatchObject({
      "collection:5001": { amount: 29.5, currency: "EUR" },
      "category:1143": { amount: 89, currency: "EUR" },
      "sub-category:2101": { amount: 89, currency: "EUR" },
      "tour-group:10005": { amount: 22, currency: "EUR" },
      "tour-group:10004": { amount: 17.99, currency: "EUR" },
    });
    expect(data.commerce.lists["collection:5001"]).toEqual([10001, 10002, 10003]);
    expect(data.commerce.lists["category:1143@paris"]).toEqual([10006, 10007, 10008]);
    expect(data.commerce.experiences["10011"]?.name).toBe("CDG shared airport transfer");
    expect(headers["Cache-Control"]).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=600, stale-if-error=86400");
    expect(headers.Vary).toBe("X-Currency, Cloudfront-Viewer-Country, X-Device, User-Agent, Sec-Ch-Ua-Mobile, Sec-Ch-Viewport-Width, Viewport-Width");
    expect(headers["Server-Timing"]).toBeUndefined();
  });

  it("an operator's request (X-Server-Timing-Key) sees each upstream call, and is kept by no shared cache", async () => {
    const { headers } = await page(PARIS_PRICES_UID, { headers: { "x-server-timing-key": TIMING_KEY } });
    expect(headers["Server-Timing"]).toMatch(/api-0;desc="[^"]+ miss";dur=[\d.]+/);
    expect(headers["Server-Timing"]).toMatch(/prices;desc="prices \(parallel, time-boxed\)";dur=/);
    expect(headers["Cache-Control"]).toBe("private, no-store");
  });

  it("behind a CDN that sends X-Device, varies on it instead of the signals it was computed from", async () => {
    const { data, headers } = await page(PARIS_PRICES_UID, {
      headers: { "x-device": "mobile", "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" },
    });
    expect(headers.Vary).toBe("X-Currency, Cloudfront-Viewer-Country, X-Device");
    expect(data.context).toMatchObject({ isMobile: true, isBot: false });
  });

  it("forwards the visitor's cookies and the firewall key upstream", async () => {
    await page(PARIS_PRICES_UID, { headers: { cookie: "h-sid=s1" } });
    const recent = sandbox.stats().recent;
    expect(recent.length).toBeGreaterThan(0);
    expect(recent.every((r) => r.headers.cookie === "h-sid=s1" && r.headers["x-firewall-allow-key"] === "k3y")).toBe(true);
  });

  it("the currency cookie wins over the site default, and makes the page private without a CDN key", async () => {
    const { data, headers } = await page(PARIS_PRICES_UID, { headers: { cookie: "currency=GBP" } });
    expect(data.commerce.prices["collection:5001"]).toEqual({ amount: 25.08, currency: "GBP" });
    expect(data.shell.currency).toBe("GBP");
    expect(headers["Cache-Control"]).toMatch(/^private/);
    const viaCdn = await page(PARIS_PRICES_UID, { headers: { cookie: "currency=GBP", "x-currency": "GBP" } });
    expect(viaCdn.headers["Cache-Control"]).toMatch(/^public/);
  });

  it("uses the page language upstream and in booking links", async () => {
    const { data } = await page(PARIS_PRICES_UID, { lang: "fr" });
    expect(data.commerce.booking.lang).toBe("fr");
    expect(sandbox.stats().recent.every((r) => r.query.includes("language=fr"))).toBe(true);
  });

  it("the booking date is today, or the page's ?date= when it is a real future date", async () => {
    const today = new Date().toISOString().slice(0, 10);
    expect((await page(PARIS_PRICES_UID)).data.commerce.booking.date).toBe(today);
    expect((await page(PARIS_PRICES_UID, { query: "&date=2099-06-01" })).data.commerce.booking.date).toBe("2099-06-01");
    expect((await page(PARIS_PRICES_UID, { query: "&date=2001-06-01" })).data.commerce.booking.date).toBe(today);
  });

  it("a cold page's calls all start at once: with 300 ms of upstream latency it is complete after 300 ms, not their sum", async () => {
    const calls = await coldCalls(PARIS_PRICES_UID);
    expect(calls).toBeGreaterThanOrEqual(3);
    fakeClock();
    sandbox.setDefaultFault("latency=300");
    const cold = loading(PARIS_PRICES_UID);
    // Every call reaches the upstream before the clock moves: none waits for another's answer.
    await sandbox.received(calls);
    await vi.advanceTimersByTimeAsync(299);
    expect(cold.state.done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const { data } = await cold.result;
    expect(Object.keys(data.commerce.prices)).toHaveLength(5);
    expect(Object.values(data.commerce.prices).every((price) => "amount" in price)).toBe(true);
    expect(sandbox.stats().total).toBe(calls);
  });

  it("20 concurrent identical page requests reach the sandbox as one call per endpoint", async () => {
    sandbox.setDefaultFault("latency=100");
    await Promise.all(Array.from({ length: 20 }, () => page(LTT_PRICES_UID)));
    const stats = sandbox.stats();
    expect(stats.calls).toEqual({ "/api/v1/collection/": 1, "/api/v6/tour-groups/": 1 });
  });

  it("with the upstream failing the page still loads, prices empty, cached only briefly, each failed call logged", async () => {
    const calls = await coldCalls(PARIS_PRICES_UID);
    const warnings = priceWarnings();
    sandbox.setDefaultFault("error=1");
    const { data, headers } = await page(PARIS_PRICES_UID);
    expect(data.doc.heading).toBe("Prices test page");
    expect(Object.values(data.commerce.prices).every((p) => Object.keys(p).length === 0)).toBe(true);
    expect(headers["Cache-Control"]).toBe("public, max-age=0, s-maxage=5, stale-while-revalidate=30");
    expect(warnings.lines).toHaveLength(calls);
    expect(warnings.lines.every((line) => /^\[prices\] \S+ unavailable \(http: \S+: HTTP 500\)$/.test(line))).toBe(true);
  });

  it("with the upstream hanging the page waits PRICE_BUDGET_MS (800 ms), not the API timeout", async () => {
    const calls = await coldCalls(PARIS_PRICES_UID);
    const warnings = priceWarnings(calls);
    fakeClock();
    sandbox.setDefaultFault("timeout=1");
    const hanging = loading(PARIS_PRICES_UID);
    await sandbox.received(calls);
    await vi.advanceTimersByTimeAsync(services.env.PRICE_BUDGET_MS - 1);
    expect(hanging.state.done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const { data } = await hanging.result;
    expect(data.commerce.prices).toEqual({});
    // The calls themselves end at the API timeout (2,500 ms), each logged.
    await vi.advanceTimersByTimeAsync(services.env.API_TIMEOUT_MS - services.env.PRICE_BUDGET_MS);
    await warnings.enough;
    expect(warnings.lines.every((line) => line.includes("(timeout: "))).toBe(true);
  });
});

describe("page loader: the first page view for <head>", () => {
  it("holds the page view the pipeline would push, less the visitor's own parts (click ids, other parameters); none for a bot", async () => {
    const { data } = await page(PARIS_PRICES_UID, {
      query: "&gclid=Cj0KCQ-abc_1",
      headers: { "user-agent": "Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/126.0 Safari/537.36" },
    });
    expect(data.pageView).toEqual({
      event: "page_viewed",
      page_title: "Prices test page",
      page_path: `/?uid=${PARIS_PRICES_UID}&lang=en`,
      page: data.context,
    });
    const bot = await page(PARIS_PRICES_UID, { headers: { "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" } });
    expect(bot.data.context.isBot).toBe(true);
    expect(bot.data.pageView).toBeNull();
  });
});
