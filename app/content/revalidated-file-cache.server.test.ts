import { describe, expect, it } from "vitest";
import { RevalidatedFileCache } from "./revalidated-file-cache.server";

/** Files as a map of key → { stamp, text }, the cache on a fake clock, and what it read. */
function setup(options: { freshMs?: number; maxEntries?: number; maxBytes?: number } = {}) {
  let t = 1_000_000;
  const files = new Map<string, { stamp: string; text: string }>();
  const reads: string[] = [];
  const probes: string[] = [];
  const cache = new RevalidatedFileCache<string>({
    freshMs: options.freshMs ?? 1000,
    maxEntries: options.maxEntries ?? 100,
    maxBytes: options.maxBytes,
    sizeOf: (text) => text.length,
    now: () => t,
    probe: (key) => (probes.push(key), { stamp: files.get(key)?.stamp ?? "missing" }),
    read: (key, _probe, previous) => {
      reads.push(key);
      const text = files.get(key)?.text ?? "";
      // "Stale if invalid", as the content store does it: an invalid file keeps the previous value.
      return text === "invalid" && previous !== undefined ? previous : text;
    },
  });
  let version = 0;
  const write = (key: string, text: string) => files.set(key, { stamp: `${key}:${++version}`, text });
  return { cache, files, reads, probes, write, tick: (ms: number) => void (t += ms) };
}

describe("RevalidatedFileCache", () => {
  it("reads a file on first use and serves it without looking again until freshMs has passed", () => {
    const { cache, reads, probes, write } = setup();
    write("a", "one");
    expect(cache.get("a")).toBe("one");
    expect(cache.get("a")).toBe("one");
    expect(reads).toEqual(["a"]);
    expect(probes).toEqual(["a"]);
  });

  it("sees a change at the revalidation interval and not a millisecond before, on get() and on revalidate()", () => {
    const { cache, write, tick } = setup({ freshMs: 1000 });
    write("a", "one");
    write("b", "one");
    cache.get("a");
    cache.get("b");
    write("a", "two");
    write("b", "two");
    tick(999);
    expect(cache.get("a")).toBe("one");
    expect(cache.revalidate()).toEqual([]);
    tick(1);
    expect(cache.get("a")).toBe("two");
    expect(cache.revalidate()).toEqual(["b"]);
    expect(cache.get("b")).toBe("two");
  });

  it("does not read an unchanged file again, and a value kept as it was ('stale if invalid') is no change", () => {
    const { cache, reads, write, tick } = setup();
    write("a", "good");
    cache.get("a");
    tick(1000);
    expect(cache.revalidate()).toEqual([]);
    expect(reads).toEqual(["a"]);
    write("a", "invalid");
    tick(1000);
    expect(cache.revalidate()).toEqual([]);
    expect(reads).toEqual(["a", "a"]);
    expect(cache.get("a")).toBe("good");
  });

  it("sees a deleted file", () => {
    const { cache, files, write, tick } = setup();
    write("a", "here");
    cache.get("a");
    files.delete("a");
    tick(1000);
    expect(cache.revalidate()).toEqual(["a"]);
    expect(cache.get("a")).toBe("");
  });

  it("revalidates in the background only what get() asked for within usedWithinMs", () => {
    const { cache, write, tick } = setup();
    write("old", "one");
    write("recent", "one");
    cache.get("old");
    tick(3000);
    cache.get("recent");
    write("old", "two");
    write("recent", "two");
    tick(2000);
    expect(cache.revalidate(2000)).toEqual(["recent"]);
    expect(cache.get("old"), "asked for again, it is revalidated then").toBe("two");
  });

  it("keeps entries that fill its byte bound exactly, and evicts the least recently used at one byte more", () => {
    const { cache, reads, write } = setup({ maxBytes: 100 });
    write("a", "x".repeat(40));
    write("b", "y".repeat(59));
    write("c", "z");
    write("d", "w");
    cache.get("a");
    cache.get("b");
    cache.get("c");
    expect(cache.bytes).toBe(100);
    expect(cache.size).toBe(3);
    cache.get("a");
    expect(reads).toEqual(["a", "b", "c"]);
    cache.get("d");
    expect(cache.bytes, "b (59 bytes) went; a (40), c and d (1 each) stay").toBe(42);
    cache.get("a");
    expect(reads, "a was used last, so b went").toEqual(["a", "b", "c", "d"]);
    cache.get("b");
    expect(reads.at(-1)).toBe("b");
  });

  it("serves a value larger than its whole byte bound without keeping it", () => {
    const { cache, reads, write } = setup({ maxBytes: 100 });
    write("big", "x".repeat(101));
    expect(cache.get("big")).toHaveLength(101);
    expect(cache.size).toBe(0);
    cache.get("big");
    expect(reads).toEqual(["big", "big"]);
  });

  it("keeps at most maxEntries, least recently used first", () => {
    const { cache, reads, write } = setup({ maxEntries: 2 });
    for (const key of ["a", "b", "c"]) write(key, key);
    cache.get("a");
    cache.get("b");
    cache.get("a");
    cache.get("c");
    expect(cache.size).toBe(2);
    cache.get("a");
    cache.get("b");
    expect(reads).toEqual(["a", "b", "c", "b"]);
  });
});
