import { z } from "zod";
import { MemoryStore, type CacheLock, type CacheStore } from "~/cache/cache-store.server";
import { CACHE_STRATEGIES, type CacheStrategy, type CacheStrategyName } from "./cache-strategies";

// The cache of upstream API answers:
//  - keyed by endpoint, ids, currency and language (cacheKey below);
//  - stale-while-revalidate: a stale answer is served at once and one background call refreshes it;
//  - stale-if-error: when the refreshing call fails, the old answer keeps standing in;
//  - identical calls in flight share one upstream call: in this process by merging promises, and across
//    the instances that share a store by a short lock (the one that takes it calls upstream, the others
//    wait for its answer in the store; docs/decisions/016-shared-cache-in-redis.md);
//  - the store decides where entries live: this process's LRU (the default), or Redis in front of it.

export type CacheStatus = "hit" | "stale" | "miss" | "merged" | "stale-if-error";

export interface CacheResult<T> {
  value: T;
  status: CacheStatus;
}

/** One stored answer with its freshness as instants, so every instance reading it agrees on them. */
export interface PriceEntry {
  value: unknown;
  storedAt: number;
  /** Served as is until then. */
  freshUntil: number;
  /** Then served while one call refreshes it, until then. */
  staleUntil: number;
  /** Then served only when the refreshing call fails, until then; the store forgets it after. */
  expiresAt: number;
}

export const PriceEntrySchema: z.ZodType<PriceEntry> = z
  .object({ value: z.unknown(), storedAt: z.number(), freshUntil: z.number(), staleUntil: z.number(), expiresAt: z.number() })
  .refine((entry) => entry.value !== undefined, { path: ["value"], message: "is missing" }) as z.ZodType<PriceEntry>;

/** How often a caller that lost the lock looks for the winner's answer. */
const LOCK_POLL_MS = 25;

export interface PriceCacheOptions {
  /** Where entries live; an in-process LRU of `maxEntries` when left out. */
  store?: CacheStore<PriceEntry>;
  maxEntries?: number;
  /** How long a refresh may hold the lock: at least the upstream call's own timeout. */
  lockMs?: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
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

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref?.());

export class PriceCache {
  private readonly store: CacheStore<PriceEntry>;
  private readonly inFlight = new Map<string, Promise<unknown>>();
  /** Values this process stored or has validated: a shared store's copy is checked once, not per hit. */
  private readonly trusted = new WeakSet<PriceEntry>();
  private readonly lockMs: number;
  private readonly now: () => number;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(options: PriceCacheOptions = {}) {
    this.now = options.now ?? Date.now;
    this.store = options.store ?? new MemoryStore<PriceEntry>({ maxEntries: options.maxEntries ?? 5000, now: this.now });
    this.lockMs = options.lockMs ?? 3_000;
    this.sleep = options.sleep ?? defaultSleep;
  }

  async clear(): Promise<void> {
    this.inFlight.clear();
    await this.store.clear();
  }

  /**
   * The cached answer for `key`, or `fetcher`'s. A failure with nothing usable cached rejects
   * (failures are never cached, so the next request tries again). `schema` checks a value read back
   * from a shared store (another instance, another build): one that does not match is a miss.
   */
  async get<T>(key: string, strategy: CacheStrategyName | CacheStrategy, fetcher: () => Promise<T>, schema?: z.ZodType): Promise<CacheResult<T>> {
    const policy = typeof strategy === "string" ? CACHE_STRATEGIES[strategy] : strategy;
    const entry = await this.read(key, schema);
    if (entry) {
      const now = this.now();
      if (now < entry.freshUntil) return { value: entry.value as T, status: "hit" };
      if (now < entry.staleUntil) {
        // Served stale; the refresh runs in the background and its failure only keeps the old entry.
        void this.fetchOnce(key, policy, fetcher, schema, entry).catch(() => undefined);
        return { value: entry.value as T, status: "stale" };
      }
      try {
        return { value: await this.fetchOnce(key, policy, fetcher, schema, entry), status: "miss" };
      } catch {
        return { value: entry.value as T, status: "stale-if-error" };
      }
    }
    const merged = this.inFlight.has(key);
    const value = await this.fetchOnce(key, policy, fetcher, schema, undefined);
    return { value, status: merged ? "merged" : "miss" };
  }

  private async read(key: string, schema: z.ZodType | undefined): Promise<PriceEntry | undefined> {
    const entry = await this.store.get(key);
    if (!entry || !schema || this.trusted.has(entry)) return entry;
    if (!schema.safeParse(entry.value).success) return undefined;
    this.trusted.add(entry);
    return entry;
  }

  /** One refresh of `key` at a time in this process; across instances, the one holding the lock. */
  private fetchOnce<T>(key: string, policy: CacheStrategy, fetcher: () => Promise<T>, schema: z.ZodType | undefined, had: PriceEntry | undefined): Promise<T> {
    const pending = this.inFlight.get(key);
    if (pending) return pending as Promise<T>;
    const call = (async () => {
      try {
        const claim = await this.claim(key, schema, had);
        if ("entry" in claim) return claim.entry.value as T;
        try {
          const value = await fetcher();
          await this.write(key, policy, value);
          return value;
        } finally {
          void claim.lock.release();
        }
      } finally {
        this.inFlight.delete(key);
      }
    })();
    this.inFlight.set(key, call);
    return call;
  }

  /**
   * The lock for refreshing `key`, or the answer another instance stored meanwhile (anything newer than
   * `had`). A caller that loses the lock waits for the winner's answer; when the winner gives up without
   * one (its call failed) it takes the lock itself, and after lockMs it calls upstream regardless.
   */
  private async claim(key: string, schema: z.ZodType | undefined, had: PriceEntry | undefined): Promise<{ lock: CacheLock } | { entry: PriceEntry }> {
    const deadline = this.now() + this.lockMs;
    for (;;) {
      const lock = await this.store.lock(key, this.lockMs);
      // Read again even when the lock is ours: the last holder may have stored its answer just before.
      const latest = await this.read(key, schema);
      if (latest && latest.storedAt !== had?.storedAt) {
        if (lock) void lock.release();
        return { entry: latest };
      }
      if (lock) return { lock };
      if (this.now() >= deadline) return { lock: { release: () => Promise.resolve() } };
      await this.sleep(LOCK_POLL_MS);
    }
  }

  private async write(key: string, policy: CacheStrategy, value: unknown): Promise<void> {
    const storedAt = this.now();
    const entry: PriceEntry = {
      value,
      storedAt,
      freshUntil: storedAt + policy.maxAgeMs,
      staleUntil: storedAt + policy.maxAgeMs + policy.staleWhileRevalidateMs,
      expiresAt: storedAt + policy.maxAgeMs + policy.staleWhileRevalidateMs + policy.staleIfErrorMs,
    };
    if (entry.expiresAt <= storedAt) return;
    this.trusted.add(entry);
    await this.store.set(key, entry);
  }
}
