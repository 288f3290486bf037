// One interface for the caches a process keeps (upstream answers, rendered pages) and the stores behind
// it: the in-process LRU (the embedded default), Redis (CACHE_URL; redis-store.server.ts) and the two
// layered, so that Redis being down or slow degrades to this process's own copy instead of an error.
// Why a shared store, the lock and the fallback: docs/decisions/016-shared-cache-in-redis.md.

import { LRUCache } from "lru-cache";
import { countSharedCacheFallback } from "~/server/metrics.server";

/** Every stored entry says until when it may be kept at all; stores drop it after that. */
export interface Expiring {
  expiresAt: number;
}

/** Held by the one caller that refreshes a key; released when its answer is stored (or it failed). */
export interface CacheLock {
  release(): Promise<void>;
}

export interface CacheStore<E extends Expiring> {
  /** The entry, or undefined when there is none, it expired, or what was stored is unreadable. */
  get(key: string): Promise<E | undefined>;
  /** Keeps the entry until its expiresAt. Never throws: a store that cannot keep it keeps nothing. */
  set(key: string, entry: E): Promise<void>;
  /**
   * Asks to be the one caller that refreshes `key` for at most `ttlMs`: a lock, or null when another
   * caller holds it. Only a shared store can say null; in one process the callers are merged before.
   */
  lock(key: string, ttlMs: number): Promise<CacheLock | null>;
  /** Forgets every entry (tests, and an operator's reset). */
  clear(): Promise<void>;
}

/** Thrown by a shared store that cannot answer in time (down, reconnecting, slow); FallbackStore catches it. */
export class CacheUnavailableError extends Error {
  constructor(reason: string) {
    super(`shared cache unavailable: ${reason}`);
    this.name = "CacheUnavailableError";
  }
}

export interface MemoryStoreOptions<E> {
  /** Entries kept at most; least recently used go first. */
  maxEntries: number;
  /** Bytes kept at most, as `sizeOf` counts them (unbounded without it). */
  maxBytes?: number;
  sizeOf?: (entry: E) => number;
  now?: () => number;
}

const NO_LOCK: CacheLock = { release: () => Promise.resolve() };

/** The in-process LRU (lru-cache): bounded by entries and, optionally, bytes; entries leave at their expiresAt. */
export class MemoryStore<E extends Expiring> implements CacheStore<E> {
  private readonly entries: LRUCache<string, E>;
  private readonly now: () => number;

  constructor(options: MemoryStoreOptions<E>) {
    this.now = options.now ?? Date.now;
    const sizeOf = options.sizeOf;
    // Expiry stays ours (each entry's expiresAt, on the injected clock), not lru-cache's TTL: a shared
    // store's entries carry the same instants, so every instance agrees on them (decision 033).
    this.entries = new LRUCache<string, E>({
      max: Math.max(1, options.maxEntries),
      ...(options.maxBytes !== undefined && sizeOf
        ? // lru-cache sizes are positive integers; an entry larger than the whole bound is not kept.
          { maxSize: options.maxBytes, sizeCalculation: (entry: E) => Math.max(1, Math.ceil(sizeOf(entry))) }
        : {}),
    });
  }

  get size(): number {
    return this.entries.size;
  }

  get bytes(): number {
    return this.entries.calculatedSize;
  }

  /** The synchronous read under get(), for callers that hold this store itself. */
  peek(key: string): E | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  get(key: string): Promise<E | undefined> {
    return Promise.resolve(this.peek(key));
  }

  set(key: string, entry: E): Promise<void> {
    const now = this.now();
    if (entry.expiresAt <= now) {
      this.entries.delete(key);
      return Promise.resolve();
    }
    this.entries.set(key, entry);
    // Expired entries at the old end go first, so a full store does not keep a crawl's dead pages.
    const expired: string[] = [];
    for (const oldest of this.entries.rkeys()) {
      if ((this.entries.peek(oldest)?.expiresAt ?? 0) > now) break;
      expired.push(oldest);
    }
    for (const oldest of expired) this.entries.delete(oldest);
    return Promise.resolve();
  }

  /** One process: its callers are merged before they get here, so the lock is always granted. */
  lock(): Promise<CacheLock | null> {
    return Promise.resolve(NO_LOCK);
  }

  clear(): Promise<void> {
    this.entries.clear();
    return Promise.resolve();
  }
}

export interface FallbackStoreOptions {
  /**
   * Read this process's copy first. Only for entries that never change before they expire (a rendered
   * page in the micro-cache): a copy is then as good as the shared one, and a hit costs no round trip.
   */
  localFirst?: boolean;
}

/**
 * A shared store (Redis) in front, this process's memory behind it. While the shared store answers it
 * is the truth (every instance reads the same entry), and each entry read or written is copied into
 * memory; when it cannot answer in time, memory answers instead, so an outage costs sharing, never a page.
 */
export class FallbackStore<E extends Expiring> implements CacheStore<E> {
  constructor(
    private readonly shared: CacheStore<E>,
    private readonly local: CacheStore<E>,
    private readonly options: FallbackStoreOptions = {},
  ) {}

  async get(key: string): Promise<E | undefined> {
    if (this.options.localFirst) {
      const copy = await this.local.get(key);
      if (copy !== undefined) return copy;
    }
    try {
      const entry = await this.shared.get(key);
      if (entry !== undefined) await this.local.set(key, entry);
      return entry;
    } catch {
      countSharedCacheFallback("read");
      return this.local.get(key);
    }
  }

  async set(key: string, entry: E): Promise<void> {
    await this.local.set(key, entry);
    await this.shared.set(key, entry).catch(() => undefined);
  }

  async lock(key: string, ttlMs: number): Promise<CacheLock | null> {
    try {
      return await this.shared.lock(key, ttlMs);
    } catch {
      countSharedCacheFallback("lock");
      return this.local.lock(key, ttlMs);
    }
  }

  async clear(): Promise<void> {
    await this.local.clear();
    await this.shared.clear().catch(() => undefined);
  }
}
