// The targets on what a page costs at the origin (docs/decisions/031-measuring-cost-per-page.md), as ratios to
// the bare document route measured in the same server process, back to back with each page.

export const ORIGIN_TARGETS = {
  /** A page rendered on every request: at least this share of the bare route's req/s … */
  minRenderedRatio: 0.3,
  /** … or, where React's own render (the floor) is itself under that share, within this factor of the floor. */
  maxFloorOverRendered: 1.25,
  /** A page from the page cache: at least this multiple of the bare route's req/s. */
  minCacheHitRatio: 2.5,
  /** V8 heap bytes allocated per rendered request (MB = 2^20 bytes) … */
  maxAllocatedMbPerRender: 1.5,
  /**
   * … or, where React's render of the page alone plus the bare route's whole request already allocate more
   * than that (the floor: what the platform allocates before any work of ours), within this factor of it.
   */
  maxAllocatedOverFloor: 1.25,
} as const;

export const MB = 1024 * 1024;

export interface OriginRow {
  page: string;
  /** The rendering server (page cache off): the bare route, and this page, back to back. */
  renderedBareReqPerSec: number;
  renderedReqPerSec: number;
  /** Every round's rendered ÷ bare req/s; the two numbers above are the median round's. */
  renderedRoundRatios: number[];
  /** React's renderToString of the page's tree alone, on one core. */
  floorRendersPerSec: number;
  /** The caching server (page cache on): the bare route, and this page from the cache, back to back. */
  cachedBareReqPerSec: number;
  cacheHitReqPerSec: number;
  allocatedBytesPerRender: number;
  /** React's renderToString of the page's tree alone, over as many renders. */
  floorAllocatedBytesPerRender: number;
  /** The bare route's whole request, one at a time on the same server. */
  bareAllocatedBytesPerRequest: number;
}

export interface RenderedVerdict {
  /** "bare": held to minRenderedRatio × the bare route; "floor": the floor is under that, so to the floor. */
  against: "bare" | "floor";
  ratioToBare: number;
  floorRatioToBare: number;
  /** floor renders/s ÷ rendered req/s: how many times slower than React alone the page is served. */
  floorOverRendered: number;
  met: boolean;
}

export function renderedVerdict(row: OriginRow, targets = ORIGIN_TARGETS): RenderedVerdict {
  const ratioToBare = row.renderedReqPerSec / row.renderedBareReqPerSec;
  const floorRatioToBare = row.floorRendersPerSec / row.renderedBareReqPerSec;
  const floorOverRendered = row.floorRendersPerSec / row.renderedReqPerSec;
  if (floorRatioToBare >= targets.minRenderedRatio)
    return { against: "bare", ratioToBare, floorRatioToBare, floorOverRendered, met: ratioToBare >= targets.minRenderedRatio };
  return { against: "floor", ratioToBare, floorRatioToBare, floorOverRendered, met: floorOverRendered <= targets.maxFloorOverRendered };
}

export interface AllocationVerdict {
  /** "target": held to maxAllocatedMbPerRender; "floor": the floor is above it, so to the floor. */
  against: "target" | "floor";
  mb: number;
  /** React's render alone plus the bare route's request, in MB. */
  floorMb: number;
  /** allocated ÷ floor. */
  overFloor: number;
  met: boolean;
}

type AllocationRow = Pick<OriginRow, "allocatedBytesPerRender" | "floorAllocatedBytesPerRender" | "bareAllocatedBytesPerRequest">;

export function allocationVerdict(row: AllocationRow, targets = ORIGIN_TARGETS): AllocationVerdict {
  const mb = row.allocatedBytesPerRender / MB;
  const floorMb = (row.floorAllocatedBytesPerRender + row.bareAllocatedBytesPerRequest) / MB;
  const overFloor = mb / floorMb;
  if (!(floorMb > targets.maxAllocatedMbPerRender)) return { against: "target", mb, floorMb, overFloor, met: mb <= targets.maxAllocatedMbPerRender };
  return { against: "floor", mb, floorMb, overFloor, met: overFloor <= targets.maxAllocatedOverFloor };
}

/** One line per missed target, naming the page, the number and the target. */
export function originFailures(rows: readonly OriginRow[], targets = ORIGIN_TARGETS): string[] {
  const failures: string[] = [];
  for (const row of rows) {
    const rendered = renderedVerdict(row, targets);
    if (!rendered.met)
      failures.push(
        rendered.against === "bare"
          ? `${row.page}: rendered on every request at ${rendered.ratioToBare.toFixed(3)}× the bare route (target ≥ ${targets.minRenderedRatio})`
          : `${row.page}: rendered on every request ${rendered.floorOverRendered.toFixed(2)}× slower than React's render alone, the floor at ${rendered.floorRatioToBare.toFixed(3)}× the bare route (target ≤ ${targets.maxFloorOverRendered}× the floor)`,
      );
    const hitRatio = row.cacheHitReqPerSec / row.cachedBareReqPerSec;
    if (!(hitRatio >= targets.minCacheHitRatio))
      failures.push(`${row.page}: page-cache hits at ${hitRatio.toFixed(3)}× the bare route (target ≥ ${targets.minCacheHitRatio})`);
    const allocation = allocationVerdict(row, targets);
    if (!allocation.met)
      failures.push(
        allocation.against === "target"
          ? `${row.page}: ${allocation.mb.toFixed(2)} MB allocated per render (target ≤ ${targets.maxAllocatedMbPerRender})`
          : `${row.page}: ${allocation.mb.toFixed(2)} MB allocated per render, ${allocation.overFloor.toFixed(2)}× the floor of ${allocation.floorMb.toFixed(2)} MB (React's render alone and the bare route's request; target ≤ ${targets.maxAllocatedOverFloor}× the floor, since the floor is above ${targets.maxAllocatedMbPerRender} MB)`,
      );
  }
  return failures;
}
