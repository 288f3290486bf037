import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { startSandbox, type Sandbox } from "../../sandbox/server";
import type { ApiConfig } from "./api-client.server";
import { PriceCache } from "./price-cache.server";
import {
  loadCategoryMinPrice,
  loadCollectionPrice,
  loadExperiences,
  loadSubCategoryMinPrice,
  loadTourGroupPrice,
  type LoaderDeps,
} from "./price-loaders.server";

let sandbox: Sandbox;
let api: ApiConfig;
beforeAll(async () => {
  sandbox = await startSandbox({ hangMs: 2_000 });
  api = { baseUrl: sandbox.baseUrl, secondaryUrl: sandbox.secondaryUrl, timeoutMs: 300, firewallHeader: "x-firewall-allow-key" };
});
afterAll(() => sandbox.close());
beforeEach(() => {
  sandbox.reset();
  sandbox.setDefaultFault("");
});

function deps(extra: Partial<LoaderDeps> = {}): LoaderDeps & { log: ReturnType<typeof vi.fn> } {
  return { api, cache: new PriceCache(), log: vi.fn(), timings: [], ...extra } as LoaderDeps & { log: ReturnType<typeof vi.fn> };
}

const EUR = { currency: "EUR", language: "en" };

describe("the four docs/requirements.md#7-upstream-calls price calls", () => {
  it("collection: collections[0].startingPrice.listingPrice", async () => {
    expect(await loadCollectionPrice(deps(), 5001, EUR)).toEqual({ amount: 29.5, currency: "EUR" });
    expect(sandbox.stats().recent[0]?.query).toBe("?ids=5001&language=en&currency=EUR");
  });

  it("category: unFilteredMetaData.minPrice, with fallback-to-english=false and the city", async () => {
    expect(await loadCategoryMinPrice(deps(), 1143, EUR, "Paris")).toEqual({ amount: 89, currency: "EUR" });
    const request = sandbox.stats().recent[0]!;
    expect(request.path).toBe("/api/v6/tour-groups/list-by/category/1143/");
    expect(request.query).toBe("?fallback-to-english=false&currency=EUR&city=Paris&language=en");
  });

  it("sub-category: unFilteredMetaData.minPrice", async () => {
    expect(await loadSubCategoryMinPrice(deps(), 2101, { currency: "USD", language: "fr" }, "Paris")).toEqual({ amount: 96.12, currency: "USD" });
    expect(sandbox.stats().recent[0]?.path).toBe("/api/v6/tour-groups/list-by/sub-category/2101/");
  });

  it("tour group: tourGroups[0].listingPrice.finalPrice", async () => {
    expect(await loadTourGroupPrice(deps(), 17637, { currency: "GBP", language: "en" })).toEqual({ amount: 23.8, currency: "GBP" });
    expect(sandbox.stats().recent[0]?.query).toBe("?ids=17637&currency=GBP&language=en&fallback-to-english=false");
  });

  it("a list with no price upstream gives an empty price, not a failure", async () => {
    const d = deps();
    expect(await loadCategoryMinPrice(d, 1143, EUR, "London")).toEqual({});
    expect(d.log).not.toHaveBeenCalled();
  });
});

describe("failures yield an empty object and are logged once (docs/requirements.md#8-failures)", () => {
  for (const fault of ["error=1", "timeout=1", "malformed=1", "shape=1"]) {
    it(`${fault}`, async () => {
      const d = deps({ headers: { "x-sandbox-fault": fault } });
      const results = await Promise.all([loadCollectionPrice(d, 5001, EUR), loadCollectionPrice(d, 5001, EUR), loadCollectionPrice(d, 5001, EUR)]);
      expect(results).toEqual([{}, {}, {}]);
      expect(d.log).toHaveBeenCalledTimes(1);
      expect(d.log.mock.calls[0]![0]).toMatch(/collection:5001 unavailable/);
      expect(d.timings!.every((t) => t.status === "failed")).toBe(true);
    });
  }

  it("an unknown collection is an empty price", async () => {
    expect(await loadCollectionPrice(deps(), 9999, EUR)).toEqual({});
  });
});

describe("merging and caching against the sandbox", () => {
  it("20 concurrent identical requests reach the sandbox as one call", async () => {
    const d = deps({ headers: { "x-sandbox-fault": "latency=50" } });
    const results = await Promise.all(Array.from({ length: 20 }, () => loadCollectionPrice(d, 5001, EUR)));
    expect(new Set(results.map((r) => JSON.stringify(r)))).toEqual(new Set([JSON.stringify({ amount: 29.5, currency: "EUR" })]));
    expect(sandbox.stats().calls["/api/v1/collection/"]).toBe(1);
  });

  it("a second page view is served from the cache; another currency or language is another entry", async () => {
    const d = deps();
    await loadCollectionPrice(d, 5001, EUR);
    await loadCollectionPrice(d, 5001, EUR);
    expect(sandbox.stats().total).toBe(1);
    expect(await loadCollectionPrice(d, 5001, { currency: "GBP", language: "en" })).toEqual({ amount: 25.08, currency: "GBP" });
    await loadCollectionPrice(d, 5001, { currency: "EUR", language: "fr" });
    expect(sandbox.stats().total).toBe(3);
  });

  it("the category price and the category list share one upstream call", async () => {
    const d = deps();
    const [priceResult, list] = await Promise.all([
      loadCategoryMinPrice(d, 1143, EUR, "Paris"),
      loadExperiences(d, { kind: "category", id: 1143, city: "Paris" }, EUR),
    ]);
    expect(priceResult).toEqual({ amount: 89, currency: "EUR" });
    expect(list).toHaveLength(4);
    expect(sandbox.stats().total).toBe(1);
  });
});

describe("experience lists", () => {
  it("maps tour groups to cards: name, price, rating, flow type, image, category", async () => {
    const list = await loadExperiences(deps(), { kind: "tour-groups", ids: [10012, 10011] }, EUR);
    expect(list).toEqual([
      {
        id: 10012,
        name: "Montmartre walking tour",
        imageUrl: "/media/experiences/10012.jpg",
        flowType: "HOP_ON_HOP_OFF",
        price: 19,
        currency: "EUR",
        averageRating: null,
        ratingsCount: 0,
        category: { id: 1203, displayName: "Walking Tours" },
      },
      {
        id: 10011,
        name: "CDG shared airport transfer",
        imageUrl: "/media/experiences/10011.jpg",
        flowType: "SHARED_AIRPORT_TRANSFER",
        price: 24.9,
        currency: "EUR",
        averageRating: 4,
        ratingsCount: 640,
        category: { id: 1145, displayName: "Shared Airport Transfers" },
      },
    ]);
  });

  it("collection lists use list-by/collection", async () => {
    const list = await loadExperiences(deps(), { kind: "collection", id: 5101 }, { currency: "GBP", language: "en" });
    expect(list?.map((e) => e.id)).toEqual([17637, 17638, 17639, 17640, 17641, 17642, 17643, 17644]);
    expect(sandbox.stats().recent[0]?.path).toBe("/api/v6/tour-groups/list-by/collection/5101/");
  });

  it("a failed list is null", async () => {
    expect(await loadExperiences(deps({ headers: { "x-sandbox-fault": "error=1" } }), { kind: "collection", id: 5001 }, EUR)).toBeNull();
  });
});
