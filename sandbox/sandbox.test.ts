import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { TOUR_GROUPS } from "./catalogue-data";
import { decideDelayMs, decideOutcome, parseFaultSpec } from "./faults";
import { startSandbox, type Sandbox } from "./server";

// The sandbox over real HTTP: endpoints, the two-host split, faults and call counting.

const HANG_MS = 2_000;

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ hangMs: HANG_MS });
});
afterAll(() => sandbox.close());
beforeEach(() => {
  sandbox.reset();
  sandbox.setDefaultFault("");
});
afterEach(() => vi.useRealTimers());

const get = (base: string, path: string, headers: Record<string, string> = {}) => fetch(`${base}${path}`, { headers });

/**
 * A request under a fault, on a fake clock the test steps: whether it has been answered yet, and how.
 * `held()` is true when no answer has come by the time a control request made after it has its own answer.
 */
async function faulted(fault: string) {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
  const state: { outcome?: Response | Error } = {};
  const done = get(sandbox.secondaryUrl, "/api/v1/collection/?ids=5001", { "x-sandbox-fault": fault }).then(
    (response) => (state.outcome = response),
    (error: Error) => (state.outcome = error),
  );
  await sandbox.received(1);
  const held = async () => {
    await get(sandbox.baseUrl, "/__sandbox/stats");
    return state.outcome === undefined;
  };
  return { state, done, held };
}

describe("catalogue endpoints (docs/requirements.md#7-upstream-calls)", () => {
  it("collection starting price is the cheapest tour group in the collection", async () => {
    const body = await (await get(sandbox.secondaryUrl, "/api/v1/collection/?ids=5001&language=en&currency=EUR")).json();
    expect(body.collections[0].startingPrice.listingPrice).toBe(29.5);
  });

  it("category and sub-category lists carry unFilteredMetaData.minPrice and filter by city", async () => {
    const cat = await (
      await get(sandbox.secondaryUrl, "/api/v6/tour-groups/list-by/category/1143/?fallback-to-english=false&currency=EUR&city=Paris&language=en")
    ).json();
    expect(cat.unFilteredMetaData.minPrice).toBe(89);
    expect(cat.tourGroups.map((t: { id: number }) => t.id)).toEqual([10006, 10007, 10008, 10009]);
    const sub = await (await get(sandbox.secondaryUrl, "/api/v6/tour-groups/list-by/sub-category/2101/?currency=EUR&city=Paris")).json();
    expect(sub.unFilteredMetaData.minPrice).toBe(89);
    const elsewhere = await (await get(sandbox.secondaryUrl, "/api/v6/tour-groups/list-by/category/1143/?currency=EUR&city=London")).json();
    expect(elsewhere.unFilteredMetaData.minPrice).toBeNull();
  });

  it("tour groups keep the order asked for and carry price, rating summary, flow type, image and category", async () => {
    const body = await (await get(sandbox.secondaryUrl, "/api/v6/tour-groups/?ids=17637,10011&currency=GBP&language=en")).json();
    expect(body.tourGroups.map((t: { id: number }) => t.id)).toEqual([17637, 10011]);
    expect(body.tourGroups[0]).toMatchObject({
      name: "Les Misérables",
      flowType: "SEATMAP",
      imageUrl: "/media/experiences/17637.jpg",
      listingPrice: { finalPrice: 23.8, currency: "GBP" },
      reviewsSummary: { averageRating: 4.8, ratingsCount: 25410 },
    });
    expect(body.tourGroups[1].primaryCategory).toEqual({ id: 1145, displayName: "Shared Airport Transfers" });
  });

  // That every storefront currency has a rate is checked from the storefront's side (tests/unit/sandbox-currencies.test.ts).
  it("prices in a currency without minor units in whole units", async () => {
    const body = await (await get(sandbox.secondaryUrl, "/api/v6/tour-groups/?ids=10001&currency=JPY")).json();
    expect(body.tourGroups[0].listingPrice.finalPrice).toBe(7335);
  });

  it("seeds ratings on both sides of the review-trust boundary", () => {
    const byId = new Map(TOUR_GROUPS.map((t) => [t.id, t]));
    expect(byId.get(10002)).toMatchObject({ averageRating: 4.0, ratingsCount: 100 });
    expect(byId.get(10003)).toMatchObject({ averageRating: 3.9, ratingsCount: 5000 });
    expect(byId.get(10004)).toMatchObject({ averageRating: 4.9, ratingsCount: 99 });
  });

  it("answers 400 for bad ids or currency and 404 for unknown lists", async () => {
    expect((await get(sandbox.secondaryUrl, "/api/v1/collection/?ids=abc")).status).toBe(400);
    expect((await get(sandbox.secondaryUrl, "/api/v1/collection/?ids=5001&currency=XXX")).status).toBe(400);
    expect((await get(sandbox.secondaryUrl, "/api/v6/tour-groups/list-by/category/999/")).status).toBe(404);
  });
});

describe("two-host split", () => {
  it("the base host refuses second-host paths and the second host refuses base paths (421)", async () => {
    expect((await get(sandbox.baseUrl, "/api/v1/collection/?ids=5001")).status).toBe(421);
    expect((await get(sandbox.secondaryUrl, "/api/v1/health/")).status).toBe(421);
    expect((await get(sandbox.baseUrl, "/api/v1/health/")).status).toBe(200);
  });
});

describe("faults", () => {
  it("parses fault specs and names a bad part", () => {
    expect(parseFaultSpec("latency=200,error=0.2,malformed=0.1")).toEqual({
      latencyMs: 200,
      error: 0.2,
      timeout: 0,
      malformed: 0.1,
      shape: 0,
      slow: 0,
      slowMs: 1500,
    });
    expect(() => parseFaultSpec("latency=fast")).toThrow(/latency=fast/);
    expect(() => parseFaultSpec("error=2")).toThrow(/between 0 and 1/);
    expect(() => parseFaultSpec("explode=1")).toThrow(/explode=1/);
  });

  it("decides outcomes by probability", () => {
    const spec = parseFaultSpec("error=0.5");
    expect(decideOutcome(spec, () => 0.49)).toBe("error");
    expect(decideOutcome(spec, () => 0.5)).toBe("ok");
  });

  it("makes a share of answers slow (slow=<p>, slowMs=<ms>)", () => {
    const spec = parseFaultSpec("slow=0.1,slowMs=900,latency=20");
    expect(decideDelayMs(spec, () => 0.09)).toBe(920);
    expect(decideDelayMs(spec, () => 0.1)).toBe(20);
    expect(decideDelayMs(parseFaultSpec("slow=0.1"), () => 0)).toBe(1500);
    expect(() => parseFaultSpec("slow=1.5")).toThrow(/between 0 and 1/);
  });

  it("injects latency by header: the answer comes when the clock has moved that far", async () => {
    const request = await faulted("latency=150");
    await vi.advanceTimersByTimeAsync(149);
    expect(await request.held()).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    await request.done;
    expect((request.state.outcome as Response).status).toBe(200);
  });

  it("injects errors, malformed bodies and wrong shapes by query", async () => {
    expect((await get(sandbox.secondaryUrl, "/api/v1/collection/?ids=5001&__fault=error=1")).status).toBe(500);
    const malformed = await get(sandbox.secondaryUrl, "/api/v1/collection/?ids=5001&__fault=malformed=1");
    expect(malformed.status).toBe(200);
    await expect(malformed.json()).rejects.toThrow();
    const shape = await (await get(sandbox.secondaryUrl, "/api/v1/collection/?ids=5001&__fault=shape=1")).json();
    expect(shape.collections).toBe("none");
  });

  it("injects timeouts: no answer, and after hangMs the connection is closed without one", async () => {
    const request = await faulted("timeout=1");
    await vi.advanceTimersByTimeAsync(HANG_MS - 1);
    expect(await request.held()).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    await request.done;
    expect(request.state.outcome).toBeInstanceOf(Error);
  });

  it("applies a process-wide default fault (POST /__sandbox/fault) to every request", async () => {
    const set = await fetch(`${sandbox.baseUrl}/__sandbox/fault`, { method: "POST", body: "error=1" });
    expect(set.status).toBe(200);
    expect((await get(sandbox.secondaryUrl, "/api/v1/collection/?ids=5001")).status).toBe(500);
    expect((await fetch(`${sandbox.baseUrl}/__sandbox/fault`, { method: "POST", body: "nonsense" })).status).toBe(400);
  });
});

describe("stats", () => {
  it("counts calls per path and per URL and resets", async () => {
    await get(sandbox.secondaryUrl, "/api/v1/collection/?ids=5001&currency=EUR");
    await get(sandbox.secondaryUrl, "/api/v1/collection/?ids=5001&currency=EUR");
    await get(sandbox.secondaryUrl, "/api/v6/tour-groups/?ids=10001");
    const stats = await (await get(sandbox.baseUrl, "/__sandbox/stats")).json();
    expect(stats.total).toBe(3);
    expect(stats.calls["/api/v1/collection/"]).toBe(2);
    expect(stats.callsByUrl["/api/v1/collection/?ids=5001&currency=EUR"]).toBe(2);
    await fetch(`${sandbox.baseUrl}/__sandbox/reset`, { method: "POST" });
    expect(sandbox.stats().total).toBe(0);
  });
});
