import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createClient } from "redis";
import { z } from "zod";
import { FallbackStore, MemoryStore } from "~/cache/cache-store.server";
import { RedisConnection, RedisStore, REDIS_KEY_PREFIX, redactUrl } from "~/cache/redis-store.server";
import { PriceCache, PriceEntrySchema, type PriceEntry } from "~/prices/price-cache.server";
import { startRedisServer, type RedisServer } from "../setup/redis-server";

// The Redis store against a real redis-server (tests/setup/redis-server.ts): what it writes and reads
// back, the refresh lock between instances, and what happens when Redis stops or stalls.

const PASSWORD = "unit-redis-secret-4c7e";
let redis: RedisServer;
let raw: ReturnType<typeof createClient>;
const connections: RedisConnection[] = [];
const logs: string[] = [];

/** A deadline far above a busy host's delays unless a test is about the deadline itself. */
function connect(timeoutMs = 5000): RedisConnection {
  const connection = new RedisConnection({ url: redis.url, timeoutMs, log: (line) => logs.push(line) });
  connections.push(connection);
  return connection;
}

/** Waits until the connection answers (it connects in the background). */
async function ready(connection: RedisConnection): Promise<RedisConnection> {
  await vi.waitFor(() => expect(connection.available).toBe(true), { timeout: 15_000, interval: 20 });
  return connection;
}

function priceStore(connection: RedisConnection) {
  const local = new MemoryStore<PriceEntry>({ maxEntries: 100 });
  return {
    local,
    shared: new RedisStore(connection, { namespace: "price", schema: PriceEntrySchema }),
    store: new FallbackStore(new RedisStore(connection, { namespace: "price", schema: PriceEntrySchema }), local),
  };
}

const entry = (value: unknown, expiresInMs = 60_000): PriceEntry => {
  const now = Date.now();
  return { value, storedAt: now, freshUntil: now + 1000, staleUntil: now + 2000, expiresAt: now + expiresInMs };
};

beforeAll(async () => {
  redis = await startRedisServer({ password: PASSWORD });
  raw = createClient({ url: redis.url });
  raw.on("error", () => undefined);
  await raw.connect();
}, 30_000);

afterEach(() => {
  for (const connection of connections.splice(0)) connection.close();
});

afterAll(async () => {
  if (raw.isOpen) raw.destroy();
  await redis?.close();
});

beforeEach(async () => {
  if (!redis.running()) await redis.start();
  if (!raw.isReady) await vi.waitFor(() => expect(raw.isReady).toBe(true), { timeout: 15_000 });
  await raw.flushAll();
  logs.length = 0;
});

describe("the Redis store", () => {
  it("writes an entry under the versioned prefix with the entry's own expiry, and reads it back", async () => {
    const { shared } = priceStore(await ready(connect()));
    const stored = entry({ collections: [{ startingPrice: { listingPrice: 29.5 } }] }, 30_000);
    await shared.set("/api/v1/collection/?ids=5001", stored);
    expect(await shared.get("/api/v1/collection/?ids=5001")).toEqual(stored);
    const key = `${REDIS_KEY_PREFIX}price:/api/v1/collection/?ids=5001`;
    const ttl = await raw.pTTL(key);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(30_000);

    // clear() forgets this store's namespace only.
    await raw.set("someone-else:key", "kept");
    await shared.clear();
    expect(await shared.get("/api/v1/collection/?ids=5001")).toBeUndefined();
    expect(await raw.get("someone-else:key")).toBe("kept");
  });

  it("reads anything that is not a valid entry as a miss, never as an error", async () => {
    const { shared } = priceStore(await ready(connect()));
    const key = (k: string) => `${REDIS_KEY_PREFIX}price:${k}`;
    await raw.set(key("not-json"), '{"value": ');
    await raw.set(key("wrong-shape"), JSON.stringify({ value: 1, storedAt: "yesterday" }));
    await raw.set(key("no-value"), JSON.stringify({ storedAt: 1, freshUntil: 2, staleUntil: 3, expiresAt: Date.now() + 60_000 }));
    await raw.set(key("expired"), JSON.stringify({ ...entry(1), expiresAt: Date.now() - 1 }));
    await raw.hSet(key("wrong-type"), "a", "b");
    for (const k of ["not-json", "wrong-shape", "no-value", "expired", "missing"]) expect(await shared.get(k), k).toBeUndefined();
    // A command Redis refuses (WRONGTYPE) is the store being unable to answer: FallbackStore then asks memory.
    await expect(shared.get("wrong-type")).rejects.toThrow("shared cache unavailable");
  });

  it("a value in the right envelope but the wrong shape for its endpoint is a miss: the price is fetched again", async () => {
    const connection = await ready(connect());
    const { store } = priceStore(connection);
    await store.set("k", entry({ collections: "none" }));
    const schema = z.object({ collections: z.array(z.object({ id: z.number() })) });
    const cache = new PriceCache({ store });
    const fetcher = vi.fn(async () => ({ collections: [{ id: 1 }] }));
    expect(await cache.get("k", "short", fetcher, schema)).toEqual({ value: { collections: [{ id: 1 }] }, status: "miss" });
    expect(fetcher).toHaveBeenCalledTimes(1);
  });

  it("the lock: one holder at a time, released only by its holder, gone after its time", async () => {
    const a = new RedisStore(await ready(connect()), { namespace: "price", schema: PriceEntrySchema });
    const b = new RedisStore(await ready(connect()), { namespace: "price", schema: PriceEntrySchema });
    const first = await a.lock("k", 10_000);
    expect(first).not.toBeNull();
    expect(await b.lock("k", 10_000)).toBeNull();
    await first!.release();
    const second = await b.lock("k", 10_000);
    expect(second).not.toBeNull();
    await second!.release();

    const short = await a.lock("k", 50);
    await vi.waitFor(async () => expect(await raw.exists(`${REDIS_KEY_PREFIX}price:lock:k`)).toBe(0), { timeout: 5000, interval: 20 });
    const taken = await b.lock("k", 10_000);
    expect(taken).not.toBeNull();
    await short!.release(); // expired and taken by b: must not free b's lock
    expect(await a.lock("k", 10_000)).toBeNull();
  });
});

describe("two instances sharing Redis", () => {
  it("make one upstream call per key between them, and serve the same answer", async () => {
    const caches = [new PriceCache({ store: priceStore(await ready(connect())).store }), new PriceCache({ store: priceStore(await ready(connect())).store })];
    let calls = 0;
    const fetcher = async () => {
      calls += 1;
      await new Promise((resolve) => setTimeout(resolve, 100));
      return { price: calls };
    };
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => caches[i % 2]!.get("k", "short", fetcher)));
    expect(calls).toBe(1);
    expect(new Set(results.map((r) => JSON.stringify(r.value)))).toEqual(new Set([JSON.stringify({ price: 1 })]));
    // Later readers on either instance hit the shared entry.
    expect((await caches[1]!.get("k", "short", fetcher)).status).toBe("hit");
    expect(calls).toBe(1);
  });

  it("a refresh that fails hands over: the waiting instance calls upstream itself, and nothing is cached", async () => {
    const a = new PriceCache({ store: priceStore(await ready(connect())).store });
    const b = new PriceCache({ store: priceStore(await ready(connect())).store });
    let release!: () => void;
    const failing = vi.fn(() => new Promise<number>((_, reject) => (release = () => reject(new Error("upstream down")))));
    const first = a.get("k", "short", failing);
    await vi.waitFor(() => expect(failing).toHaveBeenCalled());
    const working = vi.fn(async () => 7);
    const second = b.get("k", "short", working);
    release();
    await expect(first).rejects.toThrow("upstream down");
    expect(await second).toMatchObject({ value: 7 });
    expect(working).toHaveBeenCalledTimes(1);
  });
});

describe("Redis down or slow", () => {
  it("stopped: answers come from this process's copy, one log line each way, the password never logged", async () => {
    // A deadline far above any busy host's delays: the outage must be seen from the closed socket alone.
    const connection = await ready(connect(5000));
    const { store } = priceStore(connection);
    const cache = new PriceCache({ store });
    expect((await cache.get("k", "short", async () => "cached before the outage")).status).toBe("miss");

    await redis.stop();
    await vi.waitFor(() => expect(connection.available).toBe(false), { timeout: 15_000, interval: 20 });
    for (let i = 0; i < 20; i += 1) expect(await cache.get("k", "short", async () => "upstream")).toEqual({ value: "cached before the outage", status: "hit" });
    expect(await cache.get("new", "short", async () => "fetched in the outage")).toEqual({ value: "fetched in the outage", status: "miss" });

    await redis.start();
    await ready(connection);
    await vi.waitFor(() => expect(logs.some((line) => line.includes("is back"))).toBe(true), { timeout: 15_000 });
    const down = logs.filter((line) => line.includes("unavailable"));
    expect(down, logs.join("\n")).toHaveLength(1);
    expect(
      logs.filter((line) => line.includes("is back")),
      logs.join("\n"),
    ).toHaveLength(1);
    expect(logs.join("\n")).not.toContain(PASSWORD);
    expect(logs.join("\n")).toContain(redactUrl(redis.url));

    // Shared again: what this instance stores now, another reads.
    await cache.get("after", "short", async () => "shared again");
    const other = new PriceCache({ store: priceStore(await ready(connect())).store });
    expect(await other.get("after", "short", async () => "not this")).toEqual({ value: "shared again", status: "hit" });
  }, 60_000);

  it("slow: a command past its deadline is answered from memory instead of waiting for Redis", async () => {
    const connection = await ready(connect(300));
    const { store, local } = priceStore(connection);
    await store.set("k", entry("in Redis"));
    await local.set("k", entry("this process's copy"));
    // Redis stalls for 3 s on this connection's socket; the read queued behind the stall must not wait for it.
    const stall = connection.run((client) => client.sendCommand(["DEBUG", "SLEEP", "3"])).catch((error: Error) => error.message);
    expect((await store.get("k"))?.value).toBe("this process's copy");
    expect(await stall).toContain("no answer within 300 ms");
    expect(logs.some((line) => line.includes("unavailable (no answer within 300 ms)"))).toBe(true);
    // Once Redis answers again (and the short pause after a timeout is over), it is the truth again.
    await vi.waitFor(async () => expect((await store.get("k"))?.value).toBe("in Redis"), { timeout: 15_000, interval: 100 });
    expect(logs.some((line) => line.includes("is back:"))).toBe(true);
  }, 30_000);
});

describe("redactUrl", () => {
  it("hides the password and keeps what an operator needs to find the server", () => {
    expect(redactUrl("redis://user:s3cr%40t@cache.internal:6380/2")).toBe("redis://user:***@cache.internal:6380/2");
    expect(redactUrl("redis://cache.internal:6379")).toBe("redis://cache.internal:6379");
    expect(redactUrl("not a url")).not.toContain("not a url");
  });
});
