import { execSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { runLighthouse, type LighthouseScores } from "./lighthouse";
import { initialJsGzipBytes, load, ttfb, type LoadResult } from "./measure";
import { BARE_PATH, BENCH_PAGES } from "./pages";
import { markdownTable, writeResultsTable } from "./results-table";
import { measureObservabilityCost, observabilityFailures, writeObservabilityTable } from "./observability";
import { startServer } from "./server-process";

// `npm run bench`: builds for production, starts the server on the embedded sandbox, and
// measures in ONE run, so every number is a ratio against the same machine state:
//   - the bare document route and each page type (warm price cache), 50 connections × 10 s, loopback;
//   - cold-cache TTFB with 200 ms of injected upstream latency;
//   - the cost of metrics and access logs, on against off (tests/bench/observability.ts);
//   - the gzip size of the JS each page loads up front;
//   - Lighthouse mobile scores.
// Results: tests/bench/results/latest.json and a table on stdout. Exit code 1 when a target is missed.

const TARGETS = { minRatio: 0.8, maxJsGzipKb: 140, minPerformance: 95, maxCls: 0.02, maxTbtMs: 150, minAccessibility: 100 };
const PORT = Number(process.env.BENCH_PORT ?? 3400);
const COLD_PORT = PORT + 1;
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const skipLighthouse = process.argv.includes("--no-lighthouse");

async function main() {
  if (!process.argv.includes("--no-build")) execSync("npx remix build", { stdio: "inherit" });

  const server = await startServer(PORT, { BENCH_MODE: "1" });
  const rows: Array<{ name: string; load: LoadResult; ratio: number; jsGzipKb: number | null }> = [];
  const cold: Array<{ type: string; ttfbMs: number; status: number }> = [];
  let lighthouse: Array<LighthouseScores & { type: string }> = [];
  try {
    // Warm every page (and its price cache) before measuring.
    for (const page of BENCH_PAGES) for (let i = 0; i < 5; i++) await fetch(`${server.url}${page.path}`);
    const bare = await load(`${server.url}${BARE_PATH}`, { durationSeconds: DURATION });
    rows.push({ name: "bare document", load: bare, ratio: 1, jsGzipKb: null });
    for (const page of BENCH_PAGES) {
      const result = await load(`${server.url}${page.path}`, { durationSeconds: DURATION });
      const js = await initialJsGzipBytes(server.url, page.path);
      rows.push({ name: page.type, load: result, ratio: result.requestsPerSecond / bare.requestsPerSecond, jsGzipKb: js.gzipBytes / 1024 });
    }
    if (!skipLighthouse) {
      const scores = await runLighthouse(BENCH_PAGES.map((p) => `${server.url}${p.path}`));
      lighthouse = scores.map((s, i) => ({ ...s, type: BENCH_PAGES[i]!.type }));
    }
  } finally {
    await server.stop();
  }

  // The same pages rendered on every request (page micro-cache off), so the cost of rendering stays visible.
  const uncached: Array<{ type: string; reqPerSec: number; p99Ms: number }> = [];
  const rawServer = await startServer(COLD_PORT + 1, { BENCH_MODE: "1", PAGE_CACHE_TTL_MS: "0" });
  try {
    for (const page of BENCH_PAGES) for (let i = 0; i < 3; i++) await fetch(`${rawServer.url}${page.path}`);
    for (const page of BENCH_PAGES) {
      const result = await load(`${rawServer.url}${page.path}`, { durationSeconds: Math.max(3, Math.round(DURATION / 2)) });
      uncached.push({ type: page.type, reqPerSec: Math.round(result.requestsPerSecond), p99Ms: result.p99Ms });
    }
  } finally {
    await rawServer.stop();
  }

  // Metrics and access logs, on against off, cached and rendered (docs/benchmarks.md#benchobservability).
  const observability = await measureObservabilityCost();

  // Cold cache: a fresh server whose sandbox answers every call 200 ms late.
  const coldServer = await startServer(COLD_PORT, { SANDBOX_FAULT: "latency=200" });
  try {
    for (const page of BENCH_PAGES) {
      const { ms, status } = await ttfb(`${coldServer.url}${page.path}`);
      cold.push({ type: page.type, ttfbMs: ms, status });
    }
  } finally {
    await coldServer.stop();
  }

  const failures: string[] = [];
  for (const row of rows.slice(1)) {
    if (row.ratio < TARGETS.minRatio) failures.push(`${row.name}: ${row.ratio.toFixed(2)}× the bare route (target ≥ ${TARGETS.minRatio})`);
    if ((row.jsGzipKb ?? 0) > TARGETS.maxJsGzipKb) failures.push(`${row.name}: ${row.jsGzipKb?.toFixed(1)} KB JS gzip (target ≤ ${TARGETS.maxJsGzipKb})`);
    if (row.load.non2xx || row.load.errors) failures.push(`${row.name}: ${row.load.non2xx} non-2xx, ${row.load.errors} errors`);
  }
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
    machine: { cpus: (await import("node:os")).cpus().length },
    settings: { connections: 50, durationSeconds: DURATION, targets: TARGETS },
    throughput: rows.map((r) => ({
      page: r.name,
      reqPerSec: Math.round(r.load.requestsPerSecond),
      p50Ms: r.load.p50Ms,
      p99Ms: r.load.p99Ms,
      ratioToBare: Number(r.ratio.toFixed(3)),
      initialJsGzipKb: r.jsGzipKb === null ? null : Number(r.jsGzipKb.toFixed(1)),
    })),
    renderedEveryRequest: uncached.map((u) => ({
      page: u.type,
      reqPerSec: u.reqPerSec,
      p99Ms: u.p99Ms,
      ratioToBare: Number((u.reqPerSec / (rows[0]?.load.requestsPerSecond ?? 1)).toFixed(3)),
    })),
    metricsAndAccessLogCost: observability,
    coldCacheTtfbWith200msUpstream: cold.map((c) => ({ page: c.type, ttfbMs: Math.round(c.ttfbMs), status: c.status })),
    lighthouse,
    failures,
  };
  mkdirSync("tests/bench/results", { recursive: true });
  writeFileSync("tests/bench/results/latest.json", `${JSON.stringify(results, null, 2)}\n`);

  console.log("\npage            req/s    p50   p99  ×bare  JS gzip KB");
  for (const r of results.throughput) {
    console.log(
      `${r.page.padEnd(14)} ${String(r.reqPerSec).padStart(6)} ${String(r.p50Ms).padStart(5)} ${String(r.p99Ms).padStart(5)}  ${r.ratioToBare.toFixed(2).padStart(5)}  ${r.initialJsGzipKb ?? "-"}`,
    );
  }
  console.log("\nrendered on every request (PAGE_CACHE_TTL_MS=0):");
  for (const u of results.renderedEveryRequest)
    console.log(`  ${u.page.padEnd(12)} ${String(u.reqPerSec).padStart(6)} req/s  p99 ${u.p99Ms} ms  ${u.ratioToBare.toFixed(2)}× bare`);
  console.log("\nmetrics and access logs, on against off:");
  for (const o of observability)
    console.log(`  ${o.mode.padEnd(9)} on ${o.onReqPerSec} req/s, off ${o.offReqPerSec} req/s: cost ${(o.cost * 100).toFixed(1)} %`);
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
  if (lighthouse.length) writeResultsTable("lighthouse", readmeTable(results, failures));
  process.exit(failures.length ? 1 : 0);
}

/** The README's table of this run: throughput ratios, initial JS and the Lighthouse guard per page. */
function readmeTable(
  results: {
    date: string;
    throughput: Array<{ page: string; reqPerSec: number; ratioToBare: number; initialJsGzipKb: number | null }>;
    renderedEveryRequest: Array<{ page: string; reqPerSec: number; ratioToBare: number }>;
    lighthouse: Array<LighthouseScores & { type: string }>;
  },
  failures: string[],
): string {
  const rows = results.throughput.map((t) => {
    const rendered = results.renderedEveryRequest.find((u) => u.page === t.page);
    const lh = results.lighthouse.find((l) => l.type === t.page);
    return [
      t.page,
      String(t.reqPerSec),
      t.ratioToBare.toFixed(2),
      rendered ? `${rendered.reqPerSec} (${rendered.ratioToBare.toFixed(2)}×)` : "",
      t.initialJsGzipKb === null ? "" : `${t.initialJsGzipKb} KB`,
      lh ? `${lh.performance} (${lh.performanceRange.join("–")})` : "",
      lh ? String(lh.accessibility) : "",
      lh ? lh.cls.toFixed(3) : "",
      lh ? `${Math.round(lh.tbtMs)} ms (${lh.tbtRangeMs.join("–")})` : "",
      lh ? `${(lh.lcpMs / 1000).toFixed(1)} s` : "",
    ];
  });
  const header = [
    "page",
    "req/s (page cache on)",
    "×bare",
    "req/s rendered every request",
    "initial JS gzip",
    "Lighthouse perf (range)",
    "a11y",
    "CLS",
    "TBT (range)",
    "LCP",
  ];
  const verdict = failures.length ? `Missed: ${failures.join("; ")}.` : "Every target met.";
  const runs = results.lighthouse[0]?.runs ?? 0;
  return `Latest \`npm run bench\` (${results.date.slice(0, 10)}; autocannon 50 connections × ${DURATION} s on loopback; Lighthouse 12 mobile, median of ${runs} runs per page). ${verdict}\n\n${markdownTable(header, rows)}`;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
