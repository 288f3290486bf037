import { LRUCache } from "lru-cache";

// Values read from files on demand, each kept until its file changes (decision 014): a value is trusted
// for `freshMs` after it was last checked; after that, the next get() (or a revalidate() pass) asks
// `probe` for the file's stamp (a stat: inode, size, mtime) and reads again only when the stamp differs.
// Bounded by lru-cache: entries, and estimated bytes when `sizeOf` is given. The content store keeps its
// sites, documents and folder listings in three of these (content-store.server.ts; decision 033).

/** What identifies the version of what a key reads; `read` gets the whole probe, so it need not look again. */
export interface FileProbe {
  stamp: string;
}

export interface RevalidatedFileCacheOptions<V, P extends FileProbe> {
  /** How long a value is served without looking at its file. */
  freshMs: number;
  /** Entries kept at most (least recently used go first). */
  maxEntries: number;
  /** Bytes kept at most, as `sizeOf` counts them (a value larger than all of it is served but not kept). */
  maxBytes?: number;
  sizeOf?: (value: V) => number;
  now?: () => number;
  /** The current stamp of the key's file (cheap: a stat, never a read). */
  probe: (key: string) => P;
  /**
   * The value for a new stamp. `previous` is the value kept until now: returning it as it is ("stale if
   * invalid") counts as no change.
   */
  read: (key: string, probe: P, previous: V | undefined) => V;
}

interface Held<V> {
  value: V;
  stamp: string;
  checkedAt: number;
  /** When a get() last asked for it: revalidate() can leave alone what nobody asked for lately. */
  usedAt: number;
}

export class RevalidatedFileCache<V, P extends FileProbe = FileProbe> {
  private readonly held: LRUCache<string, Held<V>>;
  private readonly freshMs: number;
  private readonly now: () => number;
  private readonly probe: (key: string) => P;
  private readonly read: (key: string, probe: P, previous: V | undefined) => V;

  constructor(options: RevalidatedFileCacheOptions<V, P>) {
    this.freshMs = options.freshMs;
    this.now = options.now ?? Date.now;
    this.probe = options.probe;
    this.read = options.read;
    const sizeOf = options.sizeOf;
    this.held = new LRUCache<string, Held<V>>({
      max: Math.max(1, options.maxEntries),
      ...(options.maxBytes !== undefined && sizeOf
        ? // lru-cache sizes are positive integers: an empty value (a missing file) still counts one byte.
          { maxSize: options.maxBytes, sizeCalculation: (held: Held<V>) => Math.max(1, Math.ceil(sizeOf(held.value))) }
        : {}),
    });
  }

  /** The key's value: read on first use, looked at again once its freshness ran out. */
  get(key: string): V {
    const t = this.now();
    let held = this.held.get(key);
    if (!held) held = this.store(key, this.probe(key), undefined, t);
    else if (t - held.checkedAt >= this.freshMs) held = this.check(key, held, t).held;
    held.usedAt = t;
    return held.value;
  }

  /**
   * Looks at every kept entry whose freshness ran out and that a get() asked for within `usedWithinMs`;
   * the keys whose value changed. An entry re-read here becomes the most recently used.
   */
  revalidate(usedWithinMs = Infinity): string[] {
    const t = this.now();
    const changed: string[] = [];
    for (const [key, held] of [...this.held.entries()]) {
      if (t - held.usedAt > usedWithinMs || t - held.checkedAt < this.freshMs) continue;
      // A probe or read of an earlier key may have dropped or replaced this one.
      if (this.held.peek(key) !== held) continue;
      if (this.check(key, held, t).changed) changed.push(key);
    }
    return changed;
  }

  delete(key: string): void {
    this.held.delete(key);
  }

  clear(): void {
    this.held.clear();
  }

  get size(): number {
    return this.held.size;
  }

  /** What `sizeOf` counted of the kept values (0 without a byte bound). */
  get bytes(): number {
    return this.held.calculatedSize;
  }

  private check(key: string, held: Held<V>, t: number): { held: Held<V>; changed: boolean } {
    const probe = this.probe(key);
    if (probe.stamp === held.stamp) {
      held.checkedAt = t;
      return { held, changed: false };
    }
    const next = this.store(key, probe, held, t);
    return { held: next, changed: next.value !== held.value };
  }

  private store(key: string, probe: P, previous: Held<V> | undefined, t: number): Held<V> {
    const next: Held<V> = { value: this.read(key, probe, previous?.value), stamp: probe.stamp, checkedAt: t, usedAt: previous?.usedAt ?? t };
    this.held.set(key, next);
    return next;
  }
}
