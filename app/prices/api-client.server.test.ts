import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { startSandbox, type Sandbox } from "../../sandbox/server";
import { apiGet, ApiError, buildApiUrl, encodeQuery, hostFor, requestHeaders, type ApiConfig } from "./api-client.server";
import { CollectionResponseSchema } from "./catalogue-schemas";

let sandbox: Sandbox;
let config: ApiConfig;
beforeAll(async () => {
  sandbox = await startSandbox({ hangMs: 2_000 });
  config = { baseUrl: sandbox.baseUrl, secondaryUrl: sandbox.secondaryUrl, timeoutMs: 300, firewallHeader: "x-firewall-allow-key", firewallKey: "s3cret" };
});
afterAll(() => sandbox.close());
beforeEach(() => sandbox.reset());

describe("routing (docs/requirements.md#7-upstream-calls)", () => {
  it("sends collections, categories, cities, tour groups, reviews and currency to the second host", () => {
    for (const path of [
      "/api/v1/collection/",
      "/api/v6/tour-groups/",
      "/api/v6/tour-groups/list-by/category/1/",
      "/api/v1/reviews/tour-group/1/",
      "/api/v3/currency/list/",
      "/api/v1/city/paris/",
      "/api/v2/pois/",
    ]) {
      expect(hostFor(path), path).toBe("secondary");
    }
    expect(hostFor("/api/v1/health/")).toBe("base");
    expect(hostFor("/api/v2/user/")).toBe("base");
  });

  it("reaches the right sandbox listener for both hosts", async () => {
    await apiGet(config, { path: "/api/v1/collection/", query: { ids: [5001] }, schema: CollectionResponseSchema });
    await apiGet(config, { path: "/api/v1/health/", schema: z.object({ ok: z.literal(true) }) });
    expect(sandbox.stats().recent.map((r) => [r.listener, r.path])).toEqual([
      ["secondary", "/api/v1/collection/"],
      ["base", "/api/v1/health/"],
    ]);
  });
});

describe("query encoding (docs/requirements.md#7-upstream-calls)", () => {
  it("joins arrays with commas, reduces a city object to its name, leaves out empty values", () => {
    expect(
      encodeQuery({ ids: [5001, 5002], city: { name: "Paris" }, currency: "EUR", "fallback-to-english": false, none: undefined, nil: null, empty: [] }),
    ).toBe("?ids=5001,5002&city=Paris&currency=EUR&fallback-to-english=false");
    expect(encodeQuery({})).toBe("");
    expect(encodeQuery({ city: { name: "São Paulo" } })).toBe("?city=S%C3%A3o+Paulo");
  });

  it("the sandbox receives the comma list", async () => {
    await apiGet(config, { path: "/api/v1/collection/", query: { ids: [5001, 5002], currency: "EUR" }, schema: CollectionResponseSchema });
    expect(sandbox.stats().recent[0]?.query).toBe("?ids=5001,5002&currency=EUR");
  });
});

describe("secrets go to the API hosts only (docs/requirements.md#6-visitors)", () => {
  it("forwards the visitor's cookies and the firewall key to the API", async () => {
    await apiGet(config, { path: "/api/v1/collection/", query: { ids: [5001] }, schema: CollectionResponseSchema, cookie: "currency=EUR; h-sid=abc" });
    const headers = sandbox.stats().recent[0]!.headers;
    expect(headers.cookie).toBe("currency=EUR; h-sid=abc");
    expect(headers["x-firewall-allow-key"]).toBe("s3cret");
  });

  it("never attaches them to another host", () => {
    const headers = requestHeaders(config, new URL("https://elsewhere.example/api/v1/collection/"), "h-sid=abc");
    expect(headers.get("cookie")).toBeNull();
    expect(headers.get("x-firewall-allow-key")).toBeNull();
  });

  it("refuses paths that could leave the configured hosts", () => {
    for (const path of ["//elsewhere.example/api/v1/x/", "https://elsewhere.example/api/v1/x/", "/api/v1//elsewhere.example", "/other/"]) {
      expect(() => buildApiUrl(config, path), path).toThrow(ApiError);
    }
  });

  it("sends no firewall header when no key is configured", async () => {
    await apiGet({ ...config, firewallKey: undefined }, { path: "/api/v1/collection/", query: { ids: [5001] }, schema: CollectionResponseSchema });
    expect(sandbox.stats().recent[0]!.headers["x-firewall-allow-key"]).toBeUndefined();
  });
});

describe("timeouts and validation", () => {
  const call = (fault: string) =>
    apiGet(config, { path: "/api/v1/collection/", query: { ids: [5001] }, schema: CollectionResponseSchema, headers: { "x-sandbox-fault": fault } });

  // The sandbox's delays and the client's timeout on one fake clock, stepped by the test: the answer or the
  // timeout comes at the millisecond it should, however busy the host is.
  afterEach(() => vi.useRealTimers());

  /** A call whose outcome (the value or the error) the test reads once the clock has moved. */
  function started(fault: string) {
    const state: { outcome?: unknown } = {};
    const done = call(fault).then(
      (value) => (state.outcome = value),
      (error: unknown) => (state.outcome = error),
    );
    return { state, done };
  }

  it("times out after API_TIMEOUT_MS, not a millisecond before", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const hanging = started("timeout=1");
    await sandbox.received(1);
    await vi.advanceTimersByTimeAsync(config.timeoutMs - 1);
    expect(hanging.state.outcome).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    await hanging.done;
    expect(hanging.state.outcome).toMatchObject({ kind: "timeout", message: expect.stringContaining("no answer within 300 ms") });
  });

  it("an answer 1 ms inside the timeout is fine; one 1 ms beyond it is a timeout", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const inside = started(`latency=${config.timeoutMs - 1}`);
    const beyond = started(`latency=${config.timeoutMs + 1}`);
    await sandbox.received(2);
    await vi.advanceTimersByTimeAsync(config.timeoutMs - 1);
    await inside.done;
    expect(inside.state.outcome).toMatchObject({ collections: [{ id: 5001 }] });
    await vi.advanceTimersByTimeAsync(1);
    await beyond.done;
    expect(beyond.state.outcome).toMatchObject({ kind: "timeout" });
  });

  it("rejects HTTP errors, non-JSON and wrong shapes with distinct kinds", async () => {
    await expect(call("error=1")).rejects.toMatchObject({ kind: "http", status: 500 });
    await expect(call("malformed=1")).rejects.toMatchObject({ kind: "malformed" });
    await expect(call("shape=1")).rejects.toMatchObject({ kind: "invalid" });
  });

  it("reports an unreachable host as a network error", async () => {
    await expect(
      apiGet({ ...config, secondaryUrl: "http://127.0.0.1:9" }, { path: "/api/v1/collection/", query: { ids: [1] }, schema: CollectionResponseSchema }),
    ).rejects.toMatchObject({ kind: "network" });
  });
});
