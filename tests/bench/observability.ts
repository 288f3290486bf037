import { execSync } from "node:child_process";
import { loadavg } from "node:os";
import { pathToFileURL } from "node:url";
import { load } from "./measure";
import { BENCH_PAGES } from "./pages";
import { markdownTable, writeResultsTable } from "./results-table";
import { startServer, type RunningServer } from "./server-process";

// The cost of metrics and access logs (docs/benchmarks.md#benchobservability): the same build served twice
// at once, one server with them on (METRICS_PORT set, LOG_LEVEL=info: an access line per request, piped to
// this process) and one with them off (METRICS_PORT=0, LOG_LEVEL=warn), for a page from the page cache and
// a page rendered on every request. Rounds alternate which server is loaded first, so the host's drift
// falls on both alike, and each round starts a fresh pair, warmed under load. The cost is what metrics and logs add to the server's CPU time per request (every
// thread of it: the log's writes run in the thread pool): 1 − the median of the rounds' off/on ratios. The
// throughput ratio is printed beside it; on 2 cores shared with the load generator it swings ±20 % from
// round to round, more than the cost it would measure (docs/decisions/031-measuring-cost-per-page.md).
// `npx tsx tests/bench/observability.ts [--no-build]` runs this part alone (OBS_MODES=cached or rendered
// narrows it further); `npm run bench` runs it too.

export const MAX_COST = 0.03;
const PORT = Number(process.env.BENCH_PORT ?? 3400) + 20;

export interface ObservabilityRow {
  mode: "cached" | "rendered";
  page: string;
  rounds: number;
  onReqPerSec: number;
  offReqPerSec: number;
  /** 1 − median(on / off) of req/s over the rounds: printed, not judged. */
  throughputCost: number;
  onCpuMsPerRequest: number;
  offCpuMsPerRequest: number;
  /** 1 − median(off / on) of the server's CPU ms per request over the rounds: the cost judged. */
  cost: number;
  /** Per round: off / on CPU ms per request. */
  ratios: number[];
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** Load that brings a fresh server's JIT to its steady state before a round measures it. */
const WARM_SECONDS = 3;

export async function measureObservabilityCost(options: { rounds?: number; seconds?: number } = {}): Promise<ObservabilityRow[]> {
  const rounds = options.rounds ?? Number(process.env.OBS_ROUNDS ?? 8);
  const seconds = options.seconds ?? Number(process.env.OBS_SECONDS ?? 3);
  const page = BENCH_PAGES[0];
  const rows: ObservabilityRow[] = [];
  const modes = (["cached", "rendered"] as const).filter((mode) => !process.env.OBS_MODES || process.env.OBS_MODES.split(",").includes(mode));
  for (const mode of modes) {
    const cache: Record<string, string> = mode === "cached" ? {} : { PAGE_CACHE_TTL_MS: "0" };
    const ratios: number[] = [];
    const throughputRatios: number[] = [];
    const onRates: number[] = [];
    const offRates: number[] = [];
    const onCpu: number[] = [];
    const offCpu: number[] = [];
    let recorded = false;
    // Fresh processes every round: two identical servers differ by 10-30 % in CPU per request for the life of
    // the process (where the JIT and the heap settled), more than the cost measured, so each round has its own pair.
    for (let round = 0; round < rounds; round++) {
      const started: RunningServer[] = [];
      try {
        const on = await startServer(PORT, { BENCH_MODE: "1", METRICS_PORT: String(PORT + 10), LOG_LEVEL: "info", ...cache });
        started.push(on);
        const off = await startServer(PORT + 1, { BENCH_MODE: "1", METRICS_PORT: "0", LOG_LEVEL: "warn", ...cache });
        started.push(off);
        for (const server of [on, off]) await load(`${server.url}${page.path}`, { durationSeconds: WARM_SECONDS });
        const order = round % 2 === 0 ? ([on, off] as const) : ([off, on] as const);
        const rate = new Map<RunningServer, number>();
        const cpu = new Map<RunningServer, number>();
        for (const server of order) {
          const cpuBefore = server.cpuMs();
          const result = await load(`${server.url}${page.path}`, { durationSeconds: seconds });
          const cpuAfter = server.cpuMs();
          if (result.non2xx || result.errors) throw new Error(`${mode}: ${result.non2xx} non-2xx and ${result.errors} errors`);
          if (cpuBefore === null || cpuAfter === null) throw new Error("the server's CPU time is read from /proc (Linux only)");
          rate.set(server, result.requestsPerSecond);
          cpu.set(server, (cpuAfter - cpuBefore) / result.requests);
        }
        onRates.push(rate.get(on)!);
        offRates.push(rate.get(off)!);
        onCpu.push(cpu.get(on)!);
        offCpu.push(cpu.get(off)!);
        throughputRatios.push(rate.get(on)! / rate.get(off)!);
        ratios.push(cpu.get(off)! / cpu.get(on)!);
        console.log(
          `${mode} round ${round + 1}: on ${Math.round(rate.get(on)!)} req/s ${cpu.get(on)!.toFixed(3)} CPU ms/req, off ${Math.round(rate.get(off)!)} req/s ${cpu.get(off)!.toFixed(3)} CPU ms/req`,
        );
        // Metrics were recorded on the "on" server (a scrape proves the measurement measured them).
        const scrape = await fetch(`http://127.0.0.1:${PORT + 10}/metrics`).then((r) => r.text());
        recorded ||= scrape.includes('storefront_http_request_duration_seconds_count{route="page"');
      } finally {
        await Promise.all(started.map((server) => server.stop()));
      }
    }
    if (!recorded) throw new Error("the metrics server recorded no page request");
    rows.push({
      mode,
      page: page.type,
      rounds,
      onReqPerSec: Math.round(median(onRates)),
      offReqPerSec: Math.round(median(offRates)),
      throughputCost: 1 - median(throughputRatios),
      onCpuMsPerRequest: median(onCpu),
      offCpuMsPerRequest: median(offCpu),
      cost: 1 - median(ratios),
      ratios: ratios.map((r) => Number(r.toFixed(3))),
    });
  }
  return rows;
}

export function observabilityFailures(rows: ObservabilityRow[]): string[] {
  return rows
    .filter((row) => row.cost > MAX_COST)
    .map((row) => `metrics and access logs cost ${(row.cost * 100).toFixed(1)} % of a ${row.mode} page's CPU time (target ≤ ${MAX_COST * 100} %)`);
}

/** Its table in docs/benchmarks.md, between the bench:observability markers. */
export function writeObservabilityTable(rows: ObservabilityRow[], seconds = Number(process.env.OBS_SECONDS ?? 3)): void {
  const failures = observabilityFailures(rows);
  const table = markdownTable(
    [
      "page",
      "served",
      "CPU ms per request on / off (median)",
      "cost (1 − median off/on CPU)",
      "off/on CPU per round",
      "req/s on / off (median)",
      "throughput cost (1 − median on/off req/s)",
    ],
    rows.map((row) => [
      row.page,
      row.mode === "cached" ? "from the page cache" : "rendered every request",
      `${row.onCpuMsPerRequest.toFixed(3)} / ${row.offCpuMsPerRequest.toFixed(3)}`,
      `${(row.cost * 100).toFixed(1)} %`,
      row.ratios.map((r) => r.toFixed(2)).join(" "),
      `${row.onReqPerSec} / ${row.offReqPerSec}`,
      `${(row.throughputCost * 100).toFixed(1)} %`,
    ]),
  );
  const verdict = failures.length ? `Missed: ${failures.join("; ")}.` : `Target met (≤ ${MAX_COST * 100} %).`;
  writeResultsTable(
    "observability",
    `Latest metrics-and-access-log cost (${new Date().toISOString().slice(0, 10)}; ${rows[0]?.rounds ?? 0} alternating rounds, each a fresh pair of servers warmed for ${WARM_SECONDS} s, of autocannon 50 connections × ${seconds} s per server; host load average ${loadavg()[0]!.toFixed(1)} on 2 cores at the end). ${verdict}\n\n${table}`,
    "docs/benchmarks.md",
  );
}

async function main() {
  if (!process.argv.includes("--no-build")) execSync("npx remix build", { stdio: "inherit" });
  const rows = await measureObservabilityCost();
  for (const row of rows)
    console.log(
      `${row.mode.padEnd(9)} on ${row.onCpuMsPerRequest.toFixed(3)}, off ${row.offCpuMsPerRequest.toFixed(3)} CPU ms per request: cost ${(row.cost * 100).toFixed(1)} % (rounds ${row.ratios.join(" ")}); req/s on ${row.onReqPerSec}, off ${row.offReqPerSec}`,
    );
  writeObservabilityTable(rows);
  const failures = observabilityFailures(rows);
  console.log(failures.length ? `Missed:\n  ${failures.join("\n  ")}` : "Target met.");
  process.exit(failures.length ? 1 : 0);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
