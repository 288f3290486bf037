// One interface for the caches a process keeps (upstream answers, rendered pages) and the stores behind
// it: the in-process LRU (the embedded default), Redis (CACHE_URL; redis-store.server.ts) and the two
// layered, so that Redis being down or slow degrades to this process's own copy instead of an error.
// Why a shared store, the lock and the fallback: docs/decisions/016-shared-cache-in-redis.md.

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

/** The in-process LRU: bounded by entries and, optionally, bytes. */
export class MemoryStore<E extends Expiring> implements CacheStore<E> {
  private readonly entries = new Map<string, { entry: E; bytes: number }>();
  private totalBytes = 0;
  private readonly maxEntries: number;
  private readonly maxBytes: number;
  private readonly sizeOf: (entry: E) => number;
  private readonly now: () => number;

  constructor(options: MemoryStoreOptions<E>) {
    this.maxEntries = Math.max(1, options.maxEntries);
    this.maxBytes = options.maxBytes ?? Number.POSITIVE_INFINITY;
    this.sizeOf = options.sizeOf ?? (() => 0);
    this.now = options.now ?? Date.now;
  }

  get size(): number {
    return this.entries.size;
  }

  get bytes(): number {
    return this.totalBytes;
  }

  /** The synchronous read under get(), for callers that hold this store itself. */
  peek(key: string): E | undefined {
    const held = this.entries.get(key);
    if (!held) return undefined;
    if (held.entry.expiresAt <= this.now()) {
      this.delete(key);
      return undefined;
    }
    // Least recently used goes first: re-insert on every read.
    this.entries.delete(key);
    this.entries.set(key, held);
    return held.entry;
  }

  get(key: string): Promise<E | undefined> {
    return Promise.resolve(this.peek(key));
  }

  set(key: string, entry: E): Promise<void> {
    this.delete(key);
    const bytes = this.sizeOf(entry);
    if (bytes > this.maxBytes || entry.expiresAt <= this.now()) return Promise.resolve();
    this.entries.set(key, { entry, bytes });
    this.totalBytes += bytes;
    // Expired entries at the old end go first, so a full store does not keep a crawl's dead pages.
    const now = this.now();
    for (const [oldest, held] of this.entries) {
      if (held.entry.expiresAt > now) break;
      this.delete(oldest);
    }
    for (const [oldest] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.totalBytes <= this.maxBytes) break;
      this.delete(oldest);
    }
    return Promise.resolve();
  }

  /** One process: its callers are merged before they get here, so the lock is always granted. */
  lock(): Promise<CacheLock | null> {
    return Promise.resolve(NO_LOCK);
  }

  clear(): Promise<void> {
    this.entries.clear();
    this.totalBytes = 0;
    return Promise.resolve();
  }

  private delete(key: string): void {
    const held = this.entries.get(key);
    if (!held) return;
    this.totalBytes -= held.bytes;
    this.entries.delete(key);
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
