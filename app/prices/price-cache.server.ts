import { CACHE_STRATEGIES, type CacheStrategy, type CacheStrategyName } from "./cache-strategies";

// In-process cache for upstream API answers (issue 6 §3):
//  - keyed by endpoint, ids, currency and language (cacheKey below);
//  - stale-while-revalidate: a stale answer is served at once and one background call refreshes it;
//  - stale-if-error: when the refreshing call fails, the old answer keeps standing in;
//  - identical calls in flight at the same time share one upstream call (Hydrogen has no such merging);
//  - memory is bounded: least recently used entries go first.

export type CacheStatus = "hit" | "stale" | "miss" | "merged" | "stale-if-error";

export interface CacheResult<T> {
  value: T;
  status: CacheStatus;
}

interface Entry {
  value: unknown;
  storedAt: number;
  strategy: CacheStrategy;
}

export interface PriceCacheOptions {
  maxEntries?: number;
  now?: () => number;
}

/** A stable key: endpoint plus its parameters in name order. Ids keep their order: a curated list's
 *  order is part of its answer. */
export function cacheKey(endpoint: string, params: Record<string, string | number | boolean | readonly (string | number)[] | null | undefined>): string {
  const parts = Object.keys(params)
    .sort()
    .flatMap((name) => {
      const value = params[name];
      if (value === null || value === undefined) return [];
      return [`${name}=${Array.isArray(value) ? value.join(",") : String(value)}`];
    });
  return `${endpoint}?${parts.join("&")}`;
}

export class PriceCache {
  private readonly entries = new Map<string, Entry>();
  private readonly inFlight = new Map<string, Promise<unknown>>();
  private readonly maxEntries: number;
  private readonly now: () => number;

  constructor(options: PriceCacheOptions = {}) {
    this.maxEntries = Math.max(1, options.maxEntries ?? 5000);
    this.now = options.now ?? Date.now;
  }

  get size(): number {
    return this.entries.size;
  }

  clear(): void {
    this.entries.clear();
    this.inFlight.clear();
  }

  /**
   * The cached answer for `key`, or `fetcher`'s. A failure with nothing usable cached rejects
   * (failures are never cached, so the next request tries again).
   */
  async get<T>(key: string, strategy: CacheStrategyName | CacheStrategy, fetcher: () => Promise<T>): Promise<CacheResult<T>> {
    const policy = typeof strategy === "string" ? CACHE_STRATEGIES[strategy] : strategy;
    const entry = this.entries.get(key);
    if (entry) {
      const age = this.now() - entry.storedAt;
      this.touch(key, entry);
      if (age < policy.maxAgeMs) return { value: entry.value as T, status: "hit" };
      if (age < policy.maxAgeMs + policy.staleWhileRevalidateMs) {
        // Served stale; the refresh runs in the background and its failure only keeps the old entry.
        void this.fetchOnce(key, policy, fetcher).catch(() => undefined);
        return { value: entry.value as T, status: "stale" };
      }
      if (age < policy.maxAgeMs + policy.staleWhileRevalidateMs + policy.staleIfErrorMs) {
        try {
          return { value: await this.fetchOnce(key, policy, fetcher), status: "miss" };
        } catch {
          return { value: entry.value as T, status: "stale-if-error" };
        }
      }
      this.entries.delete(key);
    }
    const merged = this.inFlight.has(key);
    const value = await this.fetchOnce(key, policy, fetcher);
    return { value, status: merged ? "merged" : "miss" };
  }

  private fetchOnce<T>(key: string, policy: CacheStrategy, fetcher: () => Promise<T>): Promise<T> {
    const pending = this.inFlight.get(key);
    if (pending) return pending as Promise<T>;
    const call = (async () => {
      try {
        const value = await fetcher();
        if (policy.maxAgeMs + policy.staleWhileRevalidateMs + policy.staleIfErrorMs > 0) this.store(key, { value, storedAt: this.now(), strategy: policy });
        return value;
      } finally {
        this.inFlight.delete(key);
      }
    })();
    this.inFlight.set(key, call);
    return call;
  }

  private touch(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.entries.set(key, entry);
  }

  private store(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.entries.set(key, entry);
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }
}
