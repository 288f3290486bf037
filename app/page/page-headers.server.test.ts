import { describe, expect, it } from "vitest";
import { notFoundCacheControl, pageCacheControl, pageHeaders, serverTiming, varyHeader } from "./page-headers.server";

describe("page cache headers", () => {
  it("shared caches keep a complete page for s-maxage and serve it stale while refreshing", () => {
    expect(pageCacheControl("site", false)).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=600, stale-if-error=86400");
    expect(pageCacheControl("header", false)).toContain("s-maxage=60");
  });
  it("a page with missing prices is cached briefly", () => {
    expect(pageCacheControl("site", true)).toBe("public, max-age=0, s-maxage=5, stale-while-revalidate=30");
  });
  it("a currency from the cookie with no CDN key is private", () => {
    expect(pageCacheControl("cookie", false)).toBe("private, max-age=0, must-revalidate");
  });
  it("varies on X-Currency only, never on Cookie", () => {
    const headers = pageHeaders({ currencySource: "site", degraded: false, timings: [], pricesMs: 1 });
    expect(headers.Vary).toBe("X-Currency");
  });
  it("also varies on the CDN country header the consent defaults depend on", () => {
    const headers = pageHeaders({ currencySource: "site", degraded: false, timings: [], pricesMs: 1, varyOn: ["cloudfront-viewer-country"] });
    expect(headers.Vary).toBe("X-Currency, Cloudfront-Viewer-Country");
    expect(headers.Vary).not.toMatch(/Cookie/);
  });
  it("names each header once, whatever its case", () => {
    expect(varyHeader(["x-currency", "X-Device", "x-device", "user-agent"])).toBe("X-Currency, X-Device, User-Agent");
  });
  it("a missing page is public for a minute unless its currency came from the cookie alone", () => {
    expect(notFoundCacheControl("header")).toBe("public, max-age=0, s-maxage=5");
    expect(notFoundCacheControl(null)).toBe("public, max-age=0, s-maxage=5");
    expect(notFoundCacheControl("cookie")).toMatch(/^private/);
  });
  it("upstream detail goes to an operator's request only, which no shared cache may keep", () => {
    const visitor = pageHeaders({ currencySource: "site", degraded: false, timings: [], pricesMs: 1 });
    expect(visitor["Server-Timing"]).toBeUndefined();
    const operator = pageHeaders({ currencySource: "site", degraded: false, timings: [], pricesMs: 1, operator: true });
    expect(operator["Server-Timing"]).toMatch(/^prices;desc=/);
    expect(operator["Cache-Control"]).toBe("private, no-store");
    expect(operator.Vary).toBe(visitor.Vary);
  });
  it("Server-Timing names each upstream call and the total", () => {
    expect(
      serverTiming(
        [
          { label: "collection:5001", path: "/api/v1/collection/", durationMs: 12.34, status: "miss" },
          { label: 'tour-groups:"1"', path: "/api/v6/tour-groups/", durationMs: 3, status: "failed" },
        ],
        15.5,
      ),
    ).toBe('api-0;desc="collection:5001 miss";dur=12.3, api-1;desc="tour-groups:1 failed";dur=3.0, prices;desc="prices (parallel, time-boxed)";dur=15.5');
  });
});
