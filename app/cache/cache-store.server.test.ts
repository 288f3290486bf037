import { describe, expect, it } from "vitest";
import { CacheUnavailableError, FallbackStore, MemoryStore, type CacheLock, type CacheStore } from "./cache-store.server";

interface Page {
  body: string;
  expiresAt: number;
}

const page = (body: string, expiresAt = 10_000): Page => ({ body, expiresAt });

function memory(maxEntries = 10, maxBytes?: number) {
  let now = 0;
  const store = new MemoryStore<Page>({ maxEntries, maxBytes, sizeOf: (p) => p.body.length, now: () => now });
  return { store, at: (ms: number) => (now = ms) };
}

describe("MemoryStore", () => {
  it("serves until the entry expires, then forgets it", async () => {
    const { store, at } = memory();
    await store.set("a", page("A", 5000));
    at(4999);
    expect((await store.get("a"))?.body).toBe("A");
    at(5000);
    expect(await store.get("a")).toBeUndefined();
    expect(store.size).toBe(0);
  });

  it("evicts the least recently used past its entry bound", async () => {
    const { store } = memory(2);
    await store.set("a", page("A"));
    await store.set("b", page("B"));
    await store.get("a");
    await store.set("c", page("C"));
    expect(await store.get("b")).toBeUndefined();
    expect((await store.get("a"))?.body).toBe("A");
    expect((await store.get("c"))?.body).toBe("C");
  });

  it("stays within its byte bound and refuses an entry larger than all of it", async () => {
    const { store } = memory(100, 100);
    await store.set("a", page("x".repeat(60)));
    await store.set("b", page("y".repeat(60)));
    expect(store.bytes).toBeLessThanOrEqual(100);
    expect(await store.get("a")).toBeUndefined();
    await store.set("huge", page("z".repeat(101)));
    expect(await store.get("huge")).toBeUndefined();
    expect((await store.get("b"))?.body).toHaveLength(60);
  });

  it("keeps entries that fill its byte bound exactly; one byte more evicts the least recently used", async () => {
    const { store } = memory(100, 100);
    await store.set("a", page("x".repeat(40)));
    await store.set("b", page("y".repeat(60)));
    expect(store.bytes).toBe(100);
    expect((await store.get("a"))?.body).toHaveLength(40);
    await store.set("c", page("z"));
    expect(await store.get("b")).toBeUndefined();
    expect((await store.get("a"))?.body).toHaveLength(40);
    expect((await store.get("c"))?.body).toBe("z");
    await store.set("full", page("f".repeat(100)));
    expect((await store.get("full"))?.body, "an entry as large as the whole bound is kept").toHaveLength(100);
  });

  it("always grants the lock: one process merges its callers before asking", async () => {
    const { store } = memory();
    expect(await store.lock()).not.toBeNull();
    expect(await store.lock()).not.toBeNull();
  });
});

/** A shared store standing in for Redis: answers from a map, or throws as an unreachable one does. */
function fakeShared() {
  const entries = new Map<string, Page>();
  const held = new Set<string>();
  let down = false;
  const check = () => {
    if (down) throw new CacheUnavailableError("disconnected");
  };
  const store: CacheStore<Page> = {
    get: async (key) => (check(), entries.get(key)),
    set: async (key, entry) => void (check(), entries.set(key, entry)),
    lock: async (key): Promise<CacheLock | null> => {
      check();
      if (held.has(key)) return null;
      held.add(key);
      return { release: async () => void held.delete(key) };
    },
    clear: async () => (check(), entries.clear()),
  };
  return { store, entries, setDown: (value: boolean) => (down = value) };
}

describe("FallbackStore", () => {
  it("reads the shared store while it answers, and keeps a copy of what it read", async () => {
    const shared = fakeShared();
    const { store: local } = memory();
    const store = new FallbackStore(shared.store, local);
    shared.entries.set("a", page("from another instance"));
    expect((await store.get("a"))?.body).toBe("from another instance");
    expect((await local.get("a"))?.body).toBe("from another instance");
  });

  it("the shared store is the truth while it answers: a local copy does not hide its newer entry", async () => {
    const shared = fakeShared();
    const { store: local } = memory();
    const store = new FallbackStore(shared.store, local);
    await local.set("a", page("old copy"));
    shared.entries.set("a", page("refreshed elsewhere"));
    expect((await store.get("a"))?.body).toBe("refreshed elsewhere");
  });

  it("localFirst (pages, which never change before they expire): this process's copy answers without a round trip", async () => {
    const shared = fakeShared();
    const { store: local } = memory();
    const store = new FallbackStore(shared.store, local, { localFirst: true });
    shared.entries.set("a", page("rendered elsewhere"));
    expect((await store.get("a"))?.body).toBe("rendered elsewhere");
    shared.entries.set("a", page("rendered again elsewhere"));
    expect((await store.get("a"))?.body).toBe("rendered elsewhere");
    expect((await store.get("b"))?.body).toBeUndefined();
  });

  it("writes both, and answers from memory when the shared store cannot", async () => {
    const shared = fakeShared();
    const { store: local } = memory();
    const store = new FallbackStore(shared.store, local);
    await store.set("a", page("A"));
    expect(shared.entries.get("a")?.body).toBe("A");
    shared.setDown(true);
    expect((await store.get("a"))?.body).toBe("A");
    await expect(store.set("b", page("B"))).resolves.toBeUndefined();
    expect((await store.get("b"))?.body).toBe("B");
    expect(await store.get("never stored")).toBeUndefined();
  });

  it("the shared lock says who refreshes; without the shared store every process refreshes for itself", async () => {
    const shared = fakeShared();
    const store = new FallbackStore(shared.store, memory().store);
    const first = await store.lock("k", 1000);
    expect(first).not.toBeNull();
    expect(await store.lock("k", 1000)).toBeNull();
    await first!.release();
    expect(await store.lock("k", 1000)).not.toBeNull();
    shared.setDown(true);
    expect(await store.lock("k", 1000)).not.toBeNull();
  });
});
