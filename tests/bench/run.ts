import { execSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { runLighthouse, type LighthouseScores } from "./lighthouse";
import { initialJsGzipBytes, ttfb } from "./measure";
import { ALLOCATION_RENDERS, loadPairs, measureRenderCost, type OriginCosts, type PairedLoad, type RenderCost } from "./origin";
import { allocationVerdict, MB, ORIGIN_TARGETS, originFailures, renderedVerdict, type AllocationVerdict, type OriginRow } from "./origin-targets";
import { BENCH_PAGES, VISITOR_HEADERS } from "./pages";
import { markdownTable, writeResultsTable } from "./results-table";
import { measureObservabilityCost, observabilityFailures, writeObservabilityTable } from "./observability";
import { startServer } from "./server-process";
import { drawInitialTreemap } from "./treemap";

// `npm run bench`: builds for production, starts the server on the embedded sandbox, and
// measures in ONE run, so every number is a ratio against the same machine state:
//   - what a page costs at the origin (tests/bench/origin.ts, decision 031): each page type from the page
//     cache and rendered on every request, each back to back with the bare document route on the same
//     server (autocannon, 50 connections, loopback); React's own render of each page alone (the floor);
//     the V8 heap bytes allocated per render; the HTML's bytes and its hydration data;
//   - cold-cache TTFB with 200 ms of injected upstream latency;
//   - the cost of metrics and access logs, on against off (tests/bench/observability.ts);
//   - the gzip size of the JS each page loads up front, and a treemap of its modules (tests/bench/treemap.ts,
//     docs/images/initial-js-treemap.png);
//   - Lighthouse mobile scores.
// Results: tests/bench/results/latest.json, tables on stdout and in docs/benchmarks.md. Exit code 1 when a
// target is missed.

const TARGETS = { ...ORIGIN_TARGETS, maxJsGzipKb: 140, minPerformance: 95, maxCls: 0.02, maxTbtMs: 150, minAccessibility: 100 };
const PORT = Number(process.env.BENCH_PORT ?? 3400);
const COLD_PORT = PORT + 1;
const RENDERING_PORT = PORT + 2;
const PROBE_PORT = PORT + 3;
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const RENDERED_SECONDS = Math.max(3, Math.round(DURATION / 3));
/** Rendered pages are judged by the median of this many back-to-back rounds with the bare route (tests/bench/origin.ts). */
const RENDERED_ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const skipLighthouse = process.argv.includes("--no-lighthouse");

const round = (value: number, digits = 0) => Number(value.toFixed(digits));

async function main() {
  if (!process.argv.includes("--no-build")) execSync("npx remix build", { stdio: "inherit" });
  await drawInitialTreemap();

  // The page cache on (production defaults): each page's cache hits against the bare route, back to back.
  const server = await startServer(PORT, { BENCH_MODE: "1" });
  let cached: PairedLoad[];
  const jsGzipKb = new Map<string, number>();
  let lighthouse: Array<LighthouseScores & { type: string }> = [];
  try {
    // Warm every page (and its price cache) before measuring.
    for (const page of BENCH_PAGES) for (let i = 0; i < 5; i++) await fetch(`${server.url}${page.path}`, { headers: VISITOR_HEADERS });
    console.log(`page cache on: each page and the bare route, ${DURATION} s each`);
    cached = await loadPairs(server.url, DURATION);
    for (const page of BENCH_PAGES) jsGzipKb.set(page.type, (await initialJsGzipBytes(server.url, page.path)).gzipBytes / 1024);
    if (!skipLighthouse) {
      const scores = await runLighthouse(BENCH_PAGES.map((p) => `${server.url}${p.path}`));
      lighthouse = scores.map((s, i) => ({ ...s, type: BENCH_PAGES[i]!.type }));
    }
  } finally {
    await server.stop();
  }

  // The page cache off, so every request renders: each page against the bare route of the same process.
  const rawServer = await startServer(RENDERING_PORT, { BENCH_MODE: "1", PAGE_CACHE_TTL_MS: "0" });
  let rendered: PairedLoad[];
  try {
    for (const page of BENCH_PAGES) for (let i = 0; i < 3; i++) await fetch(`${rawServer.url}${page.path}`, { headers: VISITOR_HEADERS });
    console.log(`\npage cache off (rendered on every request): each page and the bare route, ${RENDERED_ROUNDS} rounds of ${RENDERED_SECONDS} s each`);
    rendered = await loadPairs(rawServer.url, RENDERED_SECONDS, RENDERED_ROUNDS);
  } finally {
    await rawServer.stop();
  }

  // React's render alone, allocation per render and HTML bytes (tests/bench/render-probe.mjs).
  console.log(`\nthe floor, ${ALLOCATION_RENDERS} renders' allocation and the HTML of each page:`);
  const probe = await measureRenderCost(PROBE_PORT);
  const costs = probe.pages;

  // Metrics and access logs, on against off, cached and rendered (docs/benchmarks.md#benchobservability).
  const observability = await measureObservabilityCost();

  // Cold cache: a fresh server whose sandbox answers every call 200 ms late.
  const cold: Array<{ type: string; ttfbMs: number; status: number }> = [];
  const coldServer = await startServer(COLD_PORT, { SANDBOX_FAULT: "latency=200" });
  try {
    for (const page of BENCH_PAGES) {
      const { ms, status } = await ttfb(`${coldServer.url}${page.path}`);
      cold.push({ type: page.type, ttfbMs: ms, status });
    }
  } finally {
    await coldServer.stop();
  }

  const origin: OriginRow[] = BENCH_PAGES.map((page) => {
    const hit = cached.find((p) => p.page === page.type)!;
    const render = rendered.find((p) => p.page === page.type)!;
    const cost = costs.find((c) => c.page === page.type)!;
    return {
      page: page.type,
      renderedBareReqPerSec: render.bare.requestsPerSecond,
      renderedReqPerSec: render.load.requestsPerSecond,
      renderedRoundRatios: render.ratios,
      floorRendersPerSec: cost.floorRendersPerSec,
      cachedBareReqPerSec: hit.bare.requestsPerSecond,
      cacheHitReqPerSec: hit.load.requestsPerSecond,
      allocatedBytesPerRender: cost.allocatedBytesPerRender,
      floorAllocatedBytesPerRender: cost.floorAllocatedBytesPerRender,
      bareAllocatedBytesPerRequest: probe.bare.allocatedBytesPerRequest,
    };
  });

  const failures: string[] = originFailures(origin);
  for (const cost of costs)
    if (!cost.floorSameMarkup) failures.push(`${cost.page}: the floor's markup differs from the page's own render (the capture is not faithful)`);
  for (const [page, kb] of jsGzipKb) if (kb > TARGETS.maxJsGzipKb) failures.push(`${page}: ${kb.toFixed(1)} KB JS gzip (target ≤ ${TARGETS.maxJsGzipKb})`);
  failures.push(...observabilityFailures(observability));
  for (const s of lighthouse) {
    if (s.performance < TARGETS.minPerformance) failures.push(`${s.type}: Lighthouse performance ${s.performance} (target ≥ ${TARGETS.minPerformance})`);
    if (s.cls > TARGETS.maxCls) failures.push(`${s.type}: CLS ${s.cls.toFixed(3)} (target ≤ ${TARGETS.maxCls})`);
    if (s.tbtMs > TARGETS.maxTbtMs) failures.push(`${s.type}: TBT ${Math.round(s.tbtMs)} ms (target ≤ ${TARGETS.maxTbtMs})`);
    if (s.accessibility < TARGETS.minAccessibility)
      failures.push(`${s.type}: Lighthouse accessibility ${s.accessibility} (target ${TARGETS.minAccessibility})`);
  }

  const results = {
    date: new Date().toISOString(),
    node: process.version,
    machine: { cpus: (await import("node:os")).cpus().length, loadAverageAtEnd: round(loadavg()[0]!, 1) },
    settings: {
      connections: 50,
      cachedSeconds: DURATION,
      renderedSeconds: RENDERED_SECONDS,
      renderedRounds: RENDERED_ROUNDS,
      allocationRenders: ALLOCATION_RENDERS,
      targets: TARGETS,
    },
    /** Page-cache hits, each back to back with the bare route on the same (caching) server. */
    throughput: cached.map((pair) => ({
      page: pair.page,
      reqPerSec: round(pair.load.requestsPerSecond),
      p50Ms: pair.load.p50Ms,
      p99Ms: pair.load.p99Ms,
      bareReqPerSec: round(pair.bare.requestsPerSecond),
      ratioToBare: round(pair.load.requestsPerSecond / pair.bare.requestsPerSecond, 3),
      initialJsGzipKb: round(jsGzipKb.get(pair.page) ?? 0, 1),
    })),
    /** Rendered on every request, each back to back with the bare route on the same (rendering) server. */
    renderedEveryRequest: origin.map((row) => {
      const pair = rendered.find((p) => p.page === row.page)!;
      const verdict = renderedVerdict(row);
      return {
        page: row.page,
        reqPerSec: round(row.renderedReqPerSec),
        p99Ms: pair.load.p99Ms,
        bareReqPerSec: round(row.renderedBareReqPerSec),
        ratioToBare: round(verdict.ratioToBare, 3),
        roundRatiosToBare: row.renderedRoundRatios.map((ratio) => round(ratio, 3)),
        floorRendersPerSec: round(row.floorRendersPerSec),
        floorRatioToBare: round(verdict.floorRatioToBare, 3),
        floorOverRendered: round(verdict.floorOverRendered, 3),
        heldTo: verdict.against,
        met: verdict.met,
      };
    }),
    floor: costs.map((c) => ({
      page: c.page,
      msPerRender: round(c.floorMsPerRender, 3),
      rendersPerSec: round(c.floorRendersPerSec),
      sameMarkup: c.floorSameMarkup,
    })),
    /** One request at a time on the probe server: its CPU time and V8 heap bytes per request, and the floor's. */
    costPerRequest: {
      renders: ALLOCATION_RENDERS,
      bare: { cpuMs: round(probe.bare.cpuMsPerRequest, 3), mb: round(probe.bare.allocatedBytesPerRequest / MB, 3) },
      pages: costs.map((c) => ({
        page: c.page,
        cpuMs: round(c.cpuMsPerRequest, 3),
        cpuRatioToBare: round(probe.bare.cpuMsPerRequest / c.cpuMsPerRequest, 3),
        floorCpuMs: round(c.floorCpuMsPerRender, 3),
        floorCpuRatioToBare: round(probe.bare.cpuMsPerRequest / c.floorCpuMsPerRender, 3),
        mbPerRender: round(c.allocatedBytesPerRender / MB, 3),
        floorMbPerRender: round(c.floorAllocatedBytesPerRender / MB, 3),
        allocation: allocationVerdict({ ...c, bareAllocatedBytesPerRequest: probe.bare.allocatedBytesPerRequest }),
      })),
    },
    htmlBytes: costs.map((c) => ({ page: c.page, ...c.bytes })),
    metricsAndAccessLogCost: observability,
    coldCacheTtfbWith200msUpstream: cold.map((c) => ({ page: c.type, ttfbMs: Math.round(c.ttfbMs), status: c.status })),
    lighthouse,
    failures,
  };
  mkdirSync("tests/bench/results", { recursive: true });
  writeFileSync("tests/bench/results/latest.json", `${JSON.stringify(results, null, 2)}\n`);

  console.log(`\n${originText(origin, probe)}`);
  console.log("\nmetrics and access logs, on against off:");
  for (const o of observability)
    console.log(
      `  ${o.mode.padEnd(9)} on ${o.onCpuMsPerRequest.toFixed(3)}, off ${o.offCpuMsPerRequest.toFixed(3)} CPU ms per request: cost ${(o.cost * 100).toFixed(1)} % (req/s on ${o.onReqPerSec}, off ${o.offReqPerSec})`,
    );
  writeObservabilityTable(observability);
  console.log("\ncold-cache TTFB with 200 ms upstream latency:");
  for (const c of results.coldCacheTtfbWith200msUpstream) console.log(`  ${c.page.padEnd(12)} ${c.ttfbMs} ms (HTTP ${c.status})`);
  if (lighthouse.length) {
    console.log(
      `\nLighthouse (mobile, median of ${lighthouse[0]!.runs})  perf (range)  a11y   CLS  TBT ms (range)  LCP ms  observed FCP ms  late first frames`,
    );
    for (const s of lighthouse)
      console.log(
        `  ${s.type.padEnd(18)} ${String(s.performance).padStart(4)} (${s.performanceRange.join("–")})`.padEnd(42) +
          `${String(s.accessibility).padStart(5)} ${s.cls.toFixed(3).padStart(6)} ${`${Math.round(s.tbtMs)} (${s.tbtRangeMs.join("–")})`.padStart(15)} ${String(Math.round(s.lcpMs)).padStart(7)} ${String(Math.round(s.observedFcpMs)).padStart(16)} ${`${s.lateFirstFrameRuns} of ${s.runs}`.padStart(18)}`,
      );
    // How much this host stretched the page's work in the median run (tests/bench/main-thread.ts).
    console.log("\nthe median runs' main thread   CPU ms  wall÷CPU  TBT over CPU time ms  host CPU stolen");
    const or = (value: number | null, unit = "") => (value === null ? "-" : `${value}${unit}`);
    for (const s of lighthouse)
      console.log(
        `  ${s.type.padEnd(28)} ${or(s.mainThreadCpuMs).padStart(6)} ${or(s.mainThreadStretch, "×").padStart(9)} ${or(s.cpuTbtMs).padStart(21)} ${or(s.stealPercent, "%").padStart(16)}`,
      );
  }
  console.log(failures.length ? `\nMissed targets:\n  ${failures.join("\n  ")}` : "\nAll targets met.");
  console.log("Results written to tests/bench/results/latest.json");
  writeResultsTable("origin", originTable(results.date, origin, probe, failures));
  writeResultsTable("html-bytes", htmlBytesTable(results.date, costs, jsGzipKb));
  if (lighthouse.length) writeResultsTable("lighthouse", lighthouseTable(results.date, lighthouse, failures));
  process.exit(failures.length ? 1 : 0);
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const pct = (part: number, whole: number) => `${whole ? Math.round((100 * part) / whole) : 0} %`;

/** The origin table's rows: one per page type (also printed on stdout). */
function originRows(origin: OriginRow[], costs: RenderCost[]): string[][] {
  return origin.map((row) => {
    const verdict = renderedVerdict(row);
    const cost = costs.find((c) => c.page === row.page)!;
    const target =
      verdict.against === "bare"
        ? `≥ ${ORIGIN_TARGETS.minRenderedRatio}× bare`
        : `≤ ${ORIGIN_TARGETS.maxFloorOverRendered}× floor (is ${verdict.floorOverRendered.toFixed(2)}×)`;
    return [
      row.page,
      `${Math.round(row.renderedReqPerSec)} / ${Math.round(row.renderedBareReqPerSec)}`,
      `${verdict.ratioToBare.toFixed(3)}×${roundsRange(row.renderedRoundRatios)}`,
      `${Math.round(row.floorRendersPerSec)} (${cost.floorMsPerRender.toFixed(1)} ms)`,
      `${verdict.floorRatioToBare.toFixed(3)}×`,
      `${target}: ${verdict.met ? "met" : "missed"}`,
      `${Math.round(row.cacheHitReqPerSec)} / ${Math.round(row.cachedBareReqPerSec)}`,
      `${(row.cacheHitReqPerSec / row.cachedBareReqPerSec).toFixed(2)}×`,
    ];
  });
}

const COST_HEADER = [
  "page",
  "CPU ms per request (bare route)",
  "rendered ×bare by CPU",
  "floor CPU ms",
  "floor ×bare by CPU",
  "allocated per render (bare route)",
  "React alone",
  "allocation target",
];

/** Per request, one at a time, on the probe server: CPU time and allocation, beside the bare route's. */
function costRows(probe: OriginCosts): string[][] {
  const { bare } = probe;
  return probe.pages.map((cost) => [
    cost.page,
    `${cost.cpuMsPerRequest.toFixed(2)} (${bare.cpuMsPerRequest.toFixed(2)})`,
    `${(bare.cpuMsPerRequest / cost.cpuMsPerRequest).toFixed(3)}×`,
    cost.floorCpuMsPerRender.toFixed(2),
    `${(bare.cpuMsPerRequest / cost.floorCpuMsPerRender).toFixed(3)}×`,
    `${(cost.allocatedBytesPerRender / MB).toFixed(2)} MB (${(bare.allocatedBytesPerRequest / MB).toFixed(2)} MB)`,
    `${(cost.floorAllocatedBytesPerRender / MB).toFixed(2)} MB`,
    allocationTarget(allocationVerdict({ ...cost, bareAllocatedBytesPerRequest: bare.allocatedBytesPerRequest })),
  ]);
}

/** "≤ 1.5 MB: met", or where React alone and the bare route already exceed it, the floor's target and the ratio. */
function allocationTarget(verdict: AllocationVerdict): string {
  const target =
    verdict.against === "target"
      ? `≤ ${ORIGIN_TARGETS.maxAllocatedMbPerRender} MB`
      : `≤ ${ORIGIN_TARGETS.maxAllocatedOverFloor}× floor of ${verdict.floorMb.toFixed(2)} MB (is ${verdict.overFloor.toFixed(2)}×)`;
  return `${target}: ${verdict.met ? "met" : "missed"}`;
}

/** " (rounds 0.251–0.274)" beside the median round's ratio, when there was more than one round. */
function roundsRange(ratios: readonly number[]): string {
  if (ratios.length < 2) return "";
  return ` (rounds ${Math.min(...ratios).toFixed(3)}–${Math.max(...ratios).toFixed(3)})`;
}

const ORIGIN_HEADER = [
  "page",
  "rendered req/s / bare req/s",
  "rendered ×bare",
  "floor renders/s (ms)",
  "floor ×bare",
  "rendered target",
  "cache hits req/s / bare req/s",
  "hits ×bare",
];

function originText(origin: OriginRow[], probe: OriginCosts): string {
  return [
    markdownTable(ORIGIN_HEADER, originRows(origin, probe.pages)),
    markdownTable(COST_HEADER, costRows(probe)),
    markdownTable(HTML_BYTES_HEADER, htmlBytesRows(probe.pages, null)),
  ].join("\n\n");
}

function originTable(date: string, origin: OriginRow[], probe: OriginCosts, failures: string[]): string {
  const own = failures.filter((f) => /rendered on every request|page-cache hits|allocated per render|floor's markup/.test(f));
  const verdict = own.length ? `Missed: ${own.join("; ")}.` : "Every target met.";
  return (
    `Latest \`npm run bench\` origin cost (${date.slice(0, 10)}; autocannon 50 connections on loopback, ${DURATION} s per load with the page cache on and, with it off, the median of ${RENDERED_ROUNDS} rounds of ${RENDERED_SECONDS} s, each page back to back with the bare route on the same server; the floor is the median of 5 batches of about 1 s; allocation over ${ALLOCATION_RENDERS} rendered requests; host load average ${loadavg()[0]!.toFixed(1)} on 2 cores at the end). ` +
    `Targets: rendered ≥ ${ORIGIN_TARGETS.minRenderedRatio}× bare (or ≤ ${ORIGIN_TARGETS.maxFloorOverRendered}× the floor where the floor is under that), cache hits ≥ ${ORIGIN_TARGETS.minCacheHitRatio}× bare, ≤ ${ORIGIN_TARGETS.maxAllocatedMbPerRender} MB allocated per render (or ≤ ${ORIGIN_TARGETS.maxAllocatedOverFloor}× its floor, React's render alone plus the bare route's request, where that floor is above ${ORIGIN_TARGETS.maxAllocatedMbPerRender} MB). ${verdict}\n\n` +
    markdownTable(ORIGIN_HEADER, originRows(origin, probe.pages)) +
    `\n\nThe same costs one request at a time on one more server (the render probe's, page cache off; ${ALLOCATION_RENDERS} requests of each): its CPU time per request, which a busy host does not inflate as it does req/s (one request at a time, so its ratios are not the req/s ratios), and its V8 heap allocation per request, against the bare route's and React's render of the page alone.\n\n` +
    markdownTable(COST_HEADER, costRows(probe))
  );
}

const HTML_BYTES_HEADER = [
  "page",
  "HTML raw",
  "HTML gzip",
  "hydration data raw (share)",
  "hydration data gzip (share)",
  "its strings: shown as text / in attributes / elsewhere",
  "largest loader data",
  "initial JS gzip",
];

function htmlBytesRows(costs: RenderCost[], jsGzipKb: Map<string, number> | null): string[][] {
  return costs.map(({ page, bytes }) => {
    const { stringBytes, shownBytes, attributeBytes } = bytes.repeats;
    return [
      page,
      kb(bytes.rawBytes),
      kb(bytes.gzipBytes),
      `${kb(bytes.hydrationRawBytes)} (${pct(bytes.hydrationRawBytes, bytes.rawBytes)})`,
      `${kb(bytes.hydrationGzipBytes)} (${pct(bytes.hydrationGzipBytes, bytes.gzipBytes)})`,
      `${kb(shownBytes)} / ${kb(attributeBytes)} / ${kb(stringBytes - shownBytes - attributeBytes)}`,
      bytes.largestParts.map((p) => `${p.part} ${kb(p.bytes)}`).join(", "),
      jsGzipKb?.has(page) ? `${jsGzipKb.get(page)!.toFixed(1)} KB` : "",
    ];
  });
}

function htmlBytesTable(date: string, costs: RenderCost[], jsGzipKb: Map<string, number>): string {
  return (
    `Latest \`npm run bench\` HTML bytes (${date.slice(0, 10)}; one rendered page of each type, uncompressed, and gzip at zlib's default level as the server sends it; hydration data: the \`window.__remixContext\` and \`window.__ENV\` scripts, its gzip share being the page's gzip minus the gzip of the page without them; its strings' JSON bytes, by whether the markup shows them as text or holds them in an attribute; no target except initial JS ≤ ${TARGETS.maxJsGzipKb} KB gzip).\n\n` +
    markdownTable(HTML_BYTES_HEADER, htmlBytesRows(costs, jsGzipKb))
  );
}

/** The Lighthouse guard per page. */
function lighthouseTable(date: string, lighthouse: Array<LighthouseScores & { type: string }>, failures: string[]): string {
  const rows = lighthouse.map((lh) => [
    lh.type,
    `${lh.performance} (${lh.performanceRange.join("–")})`,
    String(lh.accessibility),
    lh.cls.toFixed(3),
    `${Math.round(lh.tbtMs)} ms (${lh.tbtRangeMs.join("–")})`,
    `${(lh.lcpMs / 1000).toFixed(1)} s`,
  ]);
  const own = failures.filter((f) => /Lighthouse|CLS|TBT/.test(f));
  const verdict = own.length ? `Missed: ${own.join("; ")}.` : "Every target met.";
  return `Latest \`npm run bench\` Lighthouse guard (${date.slice(0, 10)}; Lighthouse 12 mobile, median of ${lighthouse[0]?.runs ?? 0} runs per page). ${verdict}\n\n${markdownTable(
    ["page", "Lighthouse perf (range)", "a11y", "CLS", "TBT (range)", "LCP"],
    rows,
  )}`;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
