import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { PageDocument } from "~/content/page-document";
import { startSandbox, type Sandbox } from "../../sandbox/server";
import type { ApiConfig } from "./api-client.server";
import { loadPageCommerce, type LoadCommerceInput } from "./load-commerce.server";
import { PriceCache } from "./price-cache.server";
import type { CacheResult } from "./price-cache.server";

let sandbox: Sandbox;
let api: ApiConfig;
beforeAll(async () => {
  sandbox = await startSandbox({ hangMs: 3_000 });
  api = { baseUrl: sandbox.baseUrl, secondaryUrl: sandbox.secondaryUrl, timeoutMs: 2500, firewallHeader: "x-firewall-allow-key" };
});
afterAll(() => sandbox.close());
beforeEach(() => {
  sandbox.reset();
  sandbox.setDefaultFault("");
});
afterEach(() => vi.useRealTimers());

const doc: Pick<PageDocument, "body"> = {
  body: [
    { type: "price", label: "from", source: { kind: "collection", id: 5001 } },
    { type: "price", label: "from", source: { kind: "category", id: 1143, city: "Paris" } },
    { type: "price", label: "from", source: { kind: "tour-group", id: 10005 } },
    { type: "experience_list", title: "Eiffel", source: { kind: "collection", id: 5001 } },
    { type: "rich_text", text: "Cruises {price kind=tour-group id=10004} and {experience id=10011}" },
  ],
};

/** The upstream calls the page above makes when nothing is cached: its four prices, its list and its inline experiences. */
const CALLS = 6;

/**
 * The sandbox's latency, the price budget and the API timeout on one fake clock that the test steps, so a
 * wait is asserted to the millisecond however busy the host is; the sandbox says when every call is in flight.
 */
const fakeClock = () => vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });

/** A loading page and whether it has finished yet. */
function loading(extra: Partial<LoadCommerceInput> = {}) {
  const state = { done: false };
  const result = loadPageCommerce(input(extra)).finally(() => (state.done = true));
  return { state, result };
}

/** A log to hand the loader, and a promise of its `count`th line. */
function logUntil(count: number) {
  let reached!: () => void;
  const lines = new Promise<void>((resolve) => (reached = resolve));
  const log = vi.fn((line: string) => {
    if (log.mock.calls.length >= count) reached();
    return line;
  });
  return { log, lines };
}

/** A cache that counts the lookups it has answered, so a test can wait for late answers to be stored. */
class CountingCache extends PriceCache {
  answered = 0;
  private waiters: Array<{ count: number; resolve: () => void }> = [];

  override async get<T>(...args: Parameters<PriceCache["get"]>): Promise<CacheResult<T>> {
    try {
      return (await super.get(...args)) as CacheResult<T>;
    } finally {
      this.answered += 1;
      for (const waiter of this.waiters.filter((w) => w.count <= this.answered)) waiter.resolve();
    }
  }

  /** Resolves once `count` lookups have been answered (stored, for a call that reached the upstream). */
  hasAnswered(count: number): Promise<void> {
    return this.answered >= count ? Promise.resolve() : new Promise((resolve) => this.waiters.push({ count, resolve }));
  }
}

function input(extra: Partial<LoadCommerceInput> = {}): LoadCommerceInput {
  return {
    doc,
    siteHost: "www.paris-experiences.example",
    lang: "en",
    currency: "EUR",
    bookingDomain: "book.roamly.example",
    bookingDate: "2030-01-01",
    budgetMs: 800,
    deps: { api, cache: new PriceCache(), log: vi.fn() },
    ...extra,
  };
}

describe("loadPageCommerce", () => {
  it("loads every price source, list and inline experience of the page", async () => {
    const { commerce, degraded, timings } = await loadPageCommerce(input());
    expect(commerce.prices).toEqual({
      "collection:5001": { amount: 29.5, currency: "EUR" },
      "category:1143": { amount: 89, currency: "EUR" },
      "tour-group:10005": { amount: 22, currency: "EUR" },
      "tour-group:10004": { amount: 17.99, currency: "EUR" },
    });
    expect(commerce.lists).toEqual({ "collection:5001": [10001, 10002, 10003] });
    expect(Object.keys(commerce.experiences).sort()).toEqual(["10001", "10002", "10003", "10011"]);
    expect(commerce.booking).toEqual({ domain: "book.roamly.example", subdomain: "paris-experiences", lang: "en", currency: "EUR", date: "2030-01-01" });
    expect(degraded).toBe(false);
    expect(timings).toHaveLength(6);
  });

  it("sends every price, rating and count already formatted in the page language", async () => {
    const en = (await loadPageCommerce(input())).commerce;
    expect(en.text.prices["collection:5001"]).toEqual({ full: "€29.50", compact: "€29.50" });
    expect(en.text.prices["category:1143"]).toEqual({ full: "€89", compact: "€89" });
    expect(Object.keys(en.text.experiences).sort()).toEqual(Object.keys(en.experiences).sort());
    // The sandbox's Eiffel Tower summit ticket: €45, rated 4.6 by 18,234 visitors.
    expect(en.text.experiences["10001"]).toEqual({ price: "€45", rating: "4.6", count: "18,234" });
    const fr = (await loadPageCommerce(input({ lang: "fr" }))).commerce;
    expect(fr.text.prices["tour-group:10004"]?.full.replace(/\s/g, " ")).toBe("17,99 €");
  });

  it("a failed price has empty text, so it shows empty", async () => {
    sandbox.setDefaultFault("error=1");
    const { commerce } = await loadPageCommerce(input());
    expect(Object.values(commerce.text.prices)).toContainEqual({ full: "", compact: "" });
    expect(Object.values(commerce.text.prices).every((t) => t.full === "" && t.compact === "")).toBe(true);
  });

  it("a cold page's calls all start at once: with 500 ms of upstream latency it is complete after 500 ms, not their sum", async () => {
    fakeClock();
    sandbox.setDefaultFault("latency=500");
    const page = loading({ budgetMs: 5000 });
    // Every call reaches the upstream before the clock moves: none waits for another's answer.
    await sandbox.received(CALLS);
    await vi.advanceTimersByTimeAsync(499);
    expect(page.state.done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const { commerce, degraded, timings } = await page.result;
    expect(sandbox.stats().total).toBe(CALLS);
    expect(timings).toHaveLength(CALLS);
    expect(Object.keys(commerce.prices)).toHaveLength(4);
    expect(degraded).toBe(false);
  });

  it("waits no longer than the price budget; late prices are simply absent", async () => {
    fakeClock();
    sandbox.setDefaultFault("latency=3000");
    const { log, lines } = logUntil(CALLS);
    const page = loading({ budgetMs: 150, deps: { api, cache: new PriceCache(), log } });
    await sandbox.received(CALLS);
    await vi.advanceTimersByTimeAsync(149);
    expect(page.state.done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const { commerce, degraded } = await page.result;
    expect(commerce.prices).toEqual({});
    expect(commerce.lists).toEqual({});
    expect(degraded).toBe(true);
    // The calls go on until the API timeout (2.5 s, before the upstream's 3 s); each is logged, none reaches the page.
    await vi.advanceTimersByTimeAsync(api.timeoutMs);
    await lines;
    expect(log.mock.calls.every(([line]) => String(line).includes("(timeout:"))).toBe(true);
    expect(commerce.prices).toEqual({});
  });

  it("a late answer still fills the cache for the next page view", async () => {
    fakeClock();
    sandbox.setDefaultFault("latency=250");
    const cache = new CountingCache();
    const first = loading({ budgetMs: 50, deps: { api, cache, log: vi.fn() } });
    await sandbox.received(CALLS);
    await vi.advanceTimersByTimeAsync(50);
    expect((await first.result).degraded).toBe(true);
    // The answers arrive 200 ms after the page went out without them, and are stored.
    await vi.advanceTimersByTimeAsync(200);
    await cache.hasAnswered(CALLS);
    const second = await loadPageCommerce(input({ budgetMs: 50, deps: { api, cache, log: vi.fn() } }));
    expect(second.commerce.prices["collection:5001"]).toEqual({ amount: 29.5, currency: "EUR" });
    expect(second.degraded).toBe(false);
    expect(sandbox.stats().total).toBe(CALLS);
  });

  it("with the upstream failing, every price is empty and the page still loads", async () => {
    sandbox.setDefaultFault("error=1");
    const log = vi.fn();
    const { commerce, degraded } = await loadPageCommerce(input({ deps: { api, cache: new PriceCache(), log } }));
    expect(Object.values(commerce.prices).every((p) => Object.keys(p).length === 0)).toBe(true);
    expect(commerce.lists).toEqual({});
    expect(degraded).toBe(true);
    expect(log).toHaveBeenCalledTimes(6);
  });

  it("applies the site's experience limit and the block's own limit (docs/requirements.md#9-constants)", async () => {
    const many = { body: [{ type: "experience_list" as const, title: "Musicals", source: { kind: "collection" as const, id: 5101 } }] };
    expect((await loadPageCommerce(input({ doc: many }))).commerce.lists["collection:5101"]).toHaveLength(8);
    expect((await loadPageCommerce(input({ doc: many, experienceLimit: 5 }))).commerce.lists["collection:5101"]).toHaveLength(5);
    const limited = { body: [{ ...many.body[0]!, limit: 2 }] };
    expect((await loadPageCommerce(input({ doc: limited, experienceLimit: 50 }))).commerce.lists["collection:5101"]).toEqual([17637, 17638]);
  });

  it("with no API configured, prices are empty without any call", async () => {
    const { commerce, degraded } = await loadPageCommerce(input({ deps: null }));
    expect(commerce.prices).toEqual({});
    expect(degraded).toBe(true);
    expect(sandbox.stats().total).toBe(0);
  });
});
