import { percentile } from "./field-summary";
import { markdownTable } from "./results-table";

// The navigation benchmark's arithmetic (tests/bench/navigation.ts): taps → a summary per page and for all
// pages, the targets a summary misses, and what a visit's prefetches cost. Pure, so
// tests/unit/bench-navigation.test.ts covers it without a browser.

/**
 * How a tap on a same-site link was answered:
 * - floor: a navigation inside the app whose data is already in memory (the page's fetch answered at once):
 *   what the phone needs to render the next page, the least a navigation can take;
 * - served: the app as it is served (the link's data prefetched when it showed on screen);
 * - full: the same link as a document load (the app's handling of the click bypassed).
 */
export type Variant = "floor" | "served" | "full";

export const TARGETS = {
  /** Tap → the next page's heading on screen, p75 over every tap, as served. */
  servedP75Ms: 250,
  /** …and at most this share of the same taps' full document loads (p75 against p75). */
  servedToFullMax: 0.4,
} as const;

/** One same-site link of a page to tap. */
export interface Tap {
  /** The page's type (tests/bench/pages.ts). */
  page: string;
  /** Its site's origin, and its path. */
  origin: string;
  from: string;
  /** The link's href: the next page's path (and query). */
  to: string;
  /** Where the link is: in the page's content or the footer. */
  where: "main" | "footer";
  label: string;
}

/** Where a navigation's data came from (served taps; floor: memory, full: a document). */
export type DataSource = "prefetch" | "cache" | "network" | "memory" | "document" | "unknown";

export interface TapResult {
  page: string;
  to: string;
  variant: Variant;
  round: number;
  /** The tap (its pointerdown) → the new heading on screen, ms; null when it did not show. */
  tapToHeadingMs: number | null;
  dataFrom: DataSource;
  error?: string;
}

export interface TimeSummary {
  taps: number;
  failed: number;
  p50Ms: number | null;
  p75Ms: number | null;
  maxMs: number | null;
}

export interface NavigationSummary {
  page: string;
  floor: TimeSummary;
  served: TimeSummary;
  full: TimeSummary;
  /** served p75 / full p75; null when either is missing. */
  servedToFull: number | null;
  /** Served taps whose data was fetched ahead (in memory, or in the browser's cache). */
  servedFromPrefetch: number;
}

export function times(results: readonly TapResult[]): TimeSummary {
  const ms = results.flatMap((r) => (r.tapToHeadingMs === null ? [] : [r.tapToHeadingMs]));
  return {
    taps: results.length,
    failed: results.length - ms.length,
    p50Ms: percentile(ms, 50),
    p75Ms: percentile(ms, 75),
    maxMs: ms.length ? Math.max(...ms) : null,
  };
}

export function summarise(page: string, results: readonly TapResult[]): NavigationSummary {
  const of = (variant: Variant) => results.filter((r) => r.variant === variant);
  const served = times(of("served"));
  const full = times(of("full"));
  return {
    page,
    floor: times(of("floor")),
    served,
    full,
    servedToFull: served.p75Ms !== null && full.p75Ms ? served.p75Ms / full.p75Ms : null,
    servedFromPrefetch: of("served").filter((r) => r.dataFrom !== "network" && r.dataFrom !== "unknown").length,
  };
}

/** The same links' served taps on two builds (npm run bench:navigation -- --against <ref>), tapped in pairs. */
export interface Comparison {
  base: TimeSummary;
  head: TimeSummary;
  /** Pairs where both taps showed their page. */
  pairs: number;
  /** The median of head − base over those pairs, ms (negative: head is faster). */
  medianDifferenceMs: number | null;
  /** Pairs where head was faster. */
  headFaster: number;
}

/** Pairs `base[i]` with `head[i]`: the same link in the same round, tapped one after the other. */
export function compare(base: readonly TapResult[], head: readonly TapResult[]): Comparison {
  const differences = base.flatMap((b, i) => {
    const h = head[i];
    return b.tapToHeadingMs === null || h?.tapToHeadingMs == null ? [] : [h.tapToHeadingMs - b.tapToHeadingMs];
  });
  return {
    base: times(base),
    head: times(head),
    pairs: differences.length,
    medianDifferenceMs: percentile(differences, 50),
    headFaster: differences.filter((d) => d < 0).length,
  };
}

/** The targets a summary (all pages) misses, in words; every tap must show its page. */
export function missedTargets(all: NavigationSummary): string[] {
  const missed: string[] = [];
  const failed = all.floor.failed + all.served.failed + all.full.failed;
  if (failed > 0) missed.push(`${failed} tap(s) never showed the next page's heading`);
  if (all.served.p75Ms === null || all.served.p75Ms > TARGETS.servedP75Ms)
    missed.push(`served p75 ${all.served.p75Ms ?? "none"} ms > ${TARGETS.servedP75Ms} ms`);
  if (all.servedToFull === null || all.servedToFull > TARGETS.servedToFullMax)
    missed.push(`served p75 / full p75 ${all.servedToFull?.toFixed(2) ?? "none"} > ${TARGETS.servedToFullMax}`);
  return missed;
}

/** One request for a page's data (`?_data=`) a visit made. */
export interface DataRequest {
  url: string;
  /**
   * prefetch: before the tap, the page links' fetch ahead; navigation: after the tap, the followed page's data asked
   * for again (what was fetched ahead was not there to use: not fetched, failed, too old).
   */
  kind: "prefetch" | "navigation";
  /** The status on the wire: 304 for a revalidation the origin answered "unchanged"; 0 when the browser's cache answered alone. */
  status: number;
  /** Bytes received for it (headers and body, as sent: compressed); 0 when the browser's cache answered alone. */
  bytes: number;
}

/** A typical visit: the page read from top to bottom, then one link tapped. */
export interface CostVisit {
  page: string;
  /** The data URL of the page the tap went to. */
  followed: string;
  requests: DataRequest[];
}

export interface PrefetchCost {
  page: string;
  /** Prefetches that reached the origin. */
  prefetches: number;
  /** Distinct pages prefetched. */
  pages: number;
  /** Prefetches answered by the browser's own cache (a link shown again): no request. */
  fromCache: number;
  /** Prefetches never followed (every one but the first of the page tapped), their bytes, and how many were 304s. */
  unused: number;
  unusedBytes: number;
  unusedNotModified: number;
  /** Requests for the followed page's data after the tap (none when the tap used what was fetched ahead), their bytes. */
  askedAtTap: number;
  askedAtTapBytes: number;
}

export function prefetchCost(visit: CostVisit): PrefetchCost {
  const sent = visit.requests.filter((r) => r.status !== 0);
  const prefetches = sent.filter((r) => r.kind === "prefetch");
  const usedIndex = prefetches.findIndex((r) => r.url === visit.followed);
  const unused = prefetches.filter((_, i) => i !== usedIndex);
  const atTap = sent.filter((r) => r.kind === "navigation");
  const sum = (requests: DataRequest[]) => requests.reduce((total, r) => total + r.bytes, 0);
  return {
    page: visit.page,
    prefetches: prefetches.length,
    pages: new Set(prefetches.map((r) => r.url)).size,
    fromCache: visit.requests.filter((r) => r.kind === "prefetch" && r.status === 0).length,
    unused: unused.length,
    unusedBytes: sum(unused),
    unusedNotModified: unused.filter((r) => r.status === 304).length,
    askedAtTap: atTap.length,
    askedAtTapBytes: sum(atTap),
  };
}

const ms = (value: number | null) => (value === null ? "–" : String(Math.round(value)));
const kb = (bytes: number) => (bytes / 1024).toFixed(1);

/**
 * What the platform alone needs, in words: a navigation inside the app between two bare pages of the same root
 * document, data in memory, against the app's floor and the full loads (p75 against p75).
 */
function platformLine(platform: TimeSummary, all: NavigationSummary): string {
  const share = (value: number | null) => (value !== null && all.full.p75Ms ? `${(value / all.full.p75Ms).toFixed(2)}× the full loads` : "–");
  return (
    `The platform's floor (a navigation inside the app between two bare pages of the same root document, data in memory; ` +
    `${platform.taps} taps): p50 / p75 ${ms(platform.p50Ms)} / ${ms(platform.p75Ms)} ms, ${share(platform.p75Ms)}; ` +
    `the pages' floor is ${share(all.floor.p75Ms)}, served ${share(all.served.p75Ms)}.`
  );
}

/** The results table (docs/benchmarks.md) and the cost table, under `heading`; the platform's floor under the table. */
export function navigationMarkdown(
  pages: readonly NavigationSummary[],
  all: NavigationSummary,
  costs: readonly PrefetchCost[],
  heading: string,
  platform?: TimeSummary,
): string {
  const row = (s: NavigationSummary) => [
    s.page,
    String(s.served.taps),
    `${ms(s.floor.p50Ms)} / ${ms(s.floor.p75Ms)}`,
    `${ms(s.served.p50Ms)} / ${ms(s.served.p75Ms)}`,
    `${ms(s.full.p50Ms)} / ${ms(s.full.p75Ms)}`,
    s.servedToFull === null ? "–" : s.servedToFull.toFixed(2),
    `${s.servedFromPrefetch}/${s.served.taps}`,
    String(s.floor.failed + s.served.failed + s.full.failed),
  ];
  const timesTable = markdownTable(
    [
      "page",
      "taps per way",
      "floor p50 / p75 (ms)",
      "served p50 / p75 (ms)",
      "full load p50 / p75 (ms)",
      "served / full (p75)",
      "served from data fetched ahead",
      "failed",
    ],
    [...pages.map(row), row(all).map((cell, i) => (i === 0 ? `**${cell}**` : cell))],
  );
  const costRow = (c: PrefetchCost) => [
    c.page,
    `${c.prefetches} (${c.pages} pages; ${c.fromCache} more from the browser's cache)`,
    `${c.unused} (${c.unusedNotModified} were 304)`,
    kb(c.unusedBytes),
    `${c.askedAtTap} (${kb(c.askedAtTapBytes)} KB)`,
  ];
  const costTable = markdownTable(
    ["typical visit (read to the bottom, then one tap)", "prefetch requests to the origin", "never followed", "their KB", "asked again at the tap"],
    costs.map(costRow),
  );
  const platformText = platform ? `\n\n${platformLine(platform, all)}` : "";
  return `${heading}\n\n${timesTable}${platformText}\n\nWhat the prefetches of a typical visit cost (bytes as received, headers included; each request is one origin request):\n\n${costTable}`;
}
