import { describe, expect, it } from "vitest";
import {
  compare,
  missedTargets,
  navigationMarkdown,
  prefetchCost,
  summarise,
  TARGETS,
  times,
  type DataRequest,
  type TapResult,
} from "../bench/navigation-summary";

const tap = (variant: TapResult["variant"], tapToHeadingMs: number | null, overrides: Partial<TapResult> = {}): TapResult => ({
  page: "city",
  to: "/?uid=a&lang=en",
  variant,
  round: 0,
  tapToHeadingMs,
  dataFrom: variant === "served" ? "prefetch" : variant === "floor" ? "memory" : "document",
  ...overrides,
});

describe("the navigation benchmark's summary", () => {
  it("takes p50 and p75 per way, and served p75 against full p75", () => {
    const results = [
      ...[80, 90, 100, 110].map((ms) => tap("floor", ms)),
      ...[150, 160, 200, 240].map((ms) => tap("served", ms)),
      ...[600, 700, 800, 900].map((ms) => tap("full", ms)),
    ];
    const summary = summarise("city", results);
    expect(summary.floor).toMatchObject({ taps: 4, failed: 0, p50Ms: 90, p75Ms: 100 });
    expect(summary.served).toMatchObject({ p50Ms: 160, p75Ms: 200, maxMs: 240 });
    expect(summary.full.p75Ms).toBe(800);
    expect(summary.servedToFull).toBe(0.25);
    expect(summary.servedFromPrefetch).toBe(4);
    expect(missedTargets(summary)).toEqual([]);
  });

  it("misses a target at the boundary plus one, and counts a tap that never showed its page", () => {
    const met = summarise("all", [tap("served", TARGETS.servedP75Ms), tap("full", TARGETS.servedP75Ms / TARGETS.servedToFullMax)]);
    expect(missedTargets(met)).toEqual([]);
    const slow = summarise("all", [tap("served", TARGETS.servedP75Ms + 1), tap("full", 10_000)]);
    expect(missedTargets(slow)).toEqual([`served p75 ${TARGETS.servedP75Ms + 1} ms > ${TARGETS.servedP75Ms} ms`]);
    const close = summarise("all", [tap("served", 200), tap("full", 499)]);
    expect(missedTargets(close)).toEqual(["served p75 / full p75 0.40 > 0.4"]);
    const failed = summarise("all", [tap("served", 100), tap("served", null, { error: "no heading" }), tap("full", 1000)]);
    expect(failed.served.failed).toBe(1);
    expect(missedTargets(failed)[0]).toBe("1 tap(s) never showed the next page's heading");
  });

  it("counts a served tap whose data came over the network as not from a prefetch", () => {
    const summary = summarise("show", [tap("served", 300, { dataFrom: "network" }), tap("served", 120, { dataFrom: "cache" })]);
    expect(summary.servedFromPrefetch).toBe(1);
  });
});

describe("two builds compared on the same links", () => {
  it("pairs each tap with the other build's tap of the same link and round, leaving out pairs where either failed", () => {
    const base = [200, 180, 190, 210].map((ms) => tap("served", ms));
    const head = [150, 185, null, 160].map((ms) => tap("served", ms));
    const comparison = compare(base, head);
    expect(comparison.pairs).toBe(3);
    // head − base: −50, +5, −50.
    expect(comparison.medianDifferenceMs).toBe(-50);
    expect(comparison.headFaster).toBe(2);
    expect(comparison.base).toMatchObject({ taps: 4, failed: 0 });
    expect(comparison.head).toMatchObject({ taps: 4, failed: 1 });
  });
});

describe("what a typical visit's prefetches cost", () => {
  const request = (url: string, kind: DataRequest["kind"], status: number, bytes: number): DataRequest => ({ url, kind, status, bytes });

  it("counts every prefetch that reached the origin but the first of the page followed as never followed, with its bytes and its 304s", () => {
    const cost = prefetchCost({
      page: "city",
      followed: "/b",
      requests: [
        request("/a", "prefetch", 200, 3000),
        request("/b", "prefetch", 200, 3500),
        request("/a", "prefetch", 304, 400),
        request("/a", "prefetch", 0, 0),
        request("/b", "prefetch", 304, 400),
        request("/b", "navigation", 304, 380),
      ],
    });
    expect(cost).toEqual({
      page: "city",
      prefetches: 4,
      pages: 2,
      fromCache: 1,
      unused: 3,
      unusedBytes: 3800,
      unusedNotModified: 2,
      askedAtTap: 1,
      askedAtTapBytes: 380,
    });
  });

  it("counts them all when the page tapped was never prefetched", () => {
    expect(prefetchCost({ page: "show", followed: "/c", requests: [request("/a", "prefetch", 200, 3000)] })).toMatchObject({ unused: 1, unusedBytes: 3000 });
  });

  it("writes both tables under the heading", () => {
    const summary = summarise("city", [tap("floor", 90), tap("served", 150), tap("full", 700)]);
    const markdown = navigationMarkdown(
      [summary],
      { ...summary, page: "all pages" },
      [prefetchCost({ page: "city", followed: "/b", requests: [] })],
      "Latest run.",
    );
    expect(markdown.startsWith("Latest run.\n\n| page |")).toBe(true);
    expect(markdown).toContain("| city | 1 | 90 / 90 | 150 / 150 | 700 / 700 | 0.21 | 1/1 | 0 |");
    expect(markdown).toContain("| **all pages** |");
    expect(markdown).toContain("| city | 0 (0 pages; 0 more from the browser's cache) | 0 (0 were 304) | 0.0 | 0 (0.0 KB) |");
    expect(markdown).not.toContain("platform's floor");
  });

  it("reads the platform's floor against the full loads, with the pages' floor and served beside it", () => {
    const all = summarise("all pages", [tap("floor", 200), tap("served", 220), tap("full", 500)]);
    const platform = times([tap("floor", 60), tap("floor", 80)]);
    const markdown = navigationMarkdown([all], all, [], "Latest run.", platform);
    expect(markdown).toContain("2 taps): p50 / p75 60 / 80 ms, 0.16× the full loads; the pages' floor is 0.40× the full loads, served 0.44× the full loads.");
    expect(markdown.indexOf("platform's floor")).toBeGreaterThan(markdown.indexOf("| **all pages** |"));
  });
});
