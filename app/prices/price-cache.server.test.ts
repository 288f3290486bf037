import { describe, expect, it, vi } from "vitest";
import { CACHE_STRATEGIES } from "./cache-strategies";
import { MemoryStore } from "~/cache/cache-store.server";
import { cacheKey, PriceCache, type PriceEntry } from "./price-cache.server";

const { maxAgeMs, staleWhileRevalidateMs, staleIfErrorMs } = CACHE_STRATEGIES.short;

function setup(maxEntries = 100) {
  let now = 1_000_000;
  const store = new MemoryStore<PriceEntry>({ maxEntries, now: () => now });
  const cache = new PriceCache({ store, now: () => now });
  return { cache, store, advance: (ms: number) => (now += ms) };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("cacheKey", () => {
  it("is keyed by endpoint, ids, currency and language, in a stable order", () => {
    const a = cacheKey("/api/v1/collection/", { ids: [5001], currency: "EUR", language: "en" });
    expect(a).toBe("/api/v1/collection/?currency=EUR&ids=5001&language=en");
    expect(cacheKey("/api/v1/collection/", { language: "en", currency: "EUR", ids: [5001] })).toBe(a);
    expect(cacheKey("/api/v1/collection/", { ids: [5001], currency: "USD", language: "en" })).not.toBe(a);
    expect(cacheKey("/api/v1/collection/", { ids: [5001], currency: "EUR", language: "fr" })).not.toBe(a);
    expect(cacheKey("/api/v6/tour-groups/", { ids: [5001], currency: "EUR", language: "en" })).not.toBe(a);
  });
});

describe("PriceCache", () => {
  it("serves a fresh entry without calling upstream, up to max-age", async () => {
    const { cache, advance } = setup();
    const fetcher = vi.fn().mockResolvedValue(1);
    expect(await cache.get("k", "short", fetcher)).toEqual({ value: 1, status: "miss" });
    advance(maxAgeMs - 1);
    expect(await cache.get("k", "short", fetcher)).toEqual({ value: 1, status: "hit" });
    expect(fetcher).toHaveBeenCalledTimes(1);
  });

  it("stale-while-revalidate: serves the stale value at once and refreshes once in the background", async () => {
    const { cache, advance } = setup();
    await cache.get("k", "short", async () => 1);
    advance(maxAgeMs);
    let resolve!: (v: number) => void;
    const fetcher = vi.fn(() => new Promise<number>((r) => (resolve = r)));
    expect(await cache.get("k", "short", fetcher)).toEqual({ value: 1, status: "stale" });
    expect(await cache.get("k", "short", fetcher)).toEqual({ value: 1, status: "stale" });
    resolve(2);
    await flush();
    expect(fetcher).toHaveBeenCalledTimes(1);
    expect(await cache.get("k", "short", fetcher)).toEqual({ value: 2, status: "hit" });
  });

  it("a failed background refresh keeps the stale value", async () => {
    const { cache, advance } = setup();
    await cache.get("k", "short", async () => 1);
    advance(maxAgeMs + 1);
    expect(await cache.get("k", "short", () => Promise.reject(new Error("down")))).toEqual({ value: 1, status: "stale" });
    await flush();
    expect((await cache.get("k", "short", async () => 3)).value).toBe(1);
  });

  it("stale-if-error: past the SWR window it asks upstream and falls back to the old value on failure", async () => {
    const { cache, advance } = setup();
    await cache.get("k", "short", async () => 1);
    advance(maxAgeMs + staleWhileRevalidateMs);
    expect(await cache.get("k", "short", () => Promise.reject(new Error("down")))).toEqual({ value: 1, status: "stale-if-error" });
    expect(await cache.get("k", "short", async () => 2)).toEqual({ value: 2, status: "miss" });
  });

  it("past the stale-if-error window an old value is dropped and the failure shows", async () => {
    const { cache, store, advance } = setup();
    await cache.get("k", "short", async () => 1);
    advance(maxAgeMs + staleWhileRevalidateMs + staleIfErrorMs);
    await expect(cache.get("k", "short", () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect(store.size).toBe(0);
  });

  it("never caches failures", async () => {
    const { cache } = setup();
    await expect(cache.get("k", "short", () => Promise.reject(new Error("down")))).rejects.toThrow();
    expect(await cache.get("k", "short", async () => 5)).toEqual({ value: 5, status: "miss" });
  });

  it("merges identical calls in flight into one upstream call", async () => {
    const { cache } = setup();
    let resolve!: (v: number) => void;
    const fetcher = vi.fn(() => new Promise<number>((r) => (resolve = r)));
    const calls = Array.from({ length: 20 }, () => cache.get("k", "short", fetcher));
    await vi.waitFor(() => expect(fetcher).toHaveBeenCalled());
    resolve(7);
    const results = await Promise.all(calls);
    expect(fetcher).toHaveBeenCalledTimes(1);
    expect(results.map((r) => r.value)).toEqual(Array(20).fill(7));
    expect(results.filter((r) => r.status === "merged")).toHaveLength(19);
  });

  it("merged callers share a failure too", async () => {
    const { cache } = setup();
    const fetcher = vi.fn(() => new Promise<number>((_, reject) => setTimeout(() => reject(new Error("down")), 5)));
    const results = await Promise.allSettled([cache.get("k", "short", fetcher), cache.get("k", "short", fetcher)]);
    expect(fetcher).toHaveBeenCalledTimes(1);
    expect(results.every((r) => r.status === "rejected")).toBe(true);
  });

  it("is bounded: the least recently used entry goes first", async () => {
    const { cache, store } = setup(2);
    await cache.get("a", "short", async () => "a");
    await cache.get("b", "short", async () => "b");
    await cache.get("a", "short", async () => "x"); // touch a
    await cache.get("c", "short", async () => "c"); // evicts b
    expect(store.size).toBe(2);
    expect((await cache.get("a", "short", async () => "new")).status).toBe("hit");
    expect((await cache.get("b", "short", async () => "new")).status).toBe("miss");
  });

  it("the none strategy stores nothing but still merges", async () => {
    const { cache, store } = setup();
    await cache.get("k", "none", async () => 1);
    expect(store.size).toBe(0);
  });
});
