import autocannon from "autocannon";
import { execSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { BENCH_PAGES, VISITOR_HEADERS } from "../bench/pages";
import { markdownTable, writeResultsTable } from "../bench/results-table";
import { startServer } from "../bench/server-process";
import { freePort } from "../setup/free-port";
import { fuzzCases, runFuzz } from "../e2e/raw-fuzz";
import { crawl, floorHealthz, idleHealthz } from "./crawl";

// `npm run soak`: 60 s at 50 connections across every page type while the sandbox injects 20% errors
// and 10% slow responses. Passes when there is no 5xx and no connection error, memory growth stays
// bounded (reported), and prices from failed calls show empty. Then a crawl of 20,000 distinct page
// URLs over 16 connections, half of them page data requests, from a crawler, a desktop and a phone in turn
// (RSS during and after it within the caches' budgets + 256 MB, docs/decisions/051-memory-bound.md; an idle
// /healthz p99 ≤ 20 ms afterwards) and 10,000 generated raw requests (each answered, no 5xx, /healthz
// answering after).
// SOAK_ONLY=crawl,fuzz runs some of the three.

const PORT = Number(process.env.SOAK_PORT ?? 3410);
const DURATION = Number(process.env.SOAK_SECONDS ?? 60);
const FAULTS = process.env.SOAK_FAULTS ?? "error=0.2,slow=0.1";
const MAX_GROWTH_MB = Number(process.env.SOAK_MAX_GROWTH_MB ?? 150);
// A leak keeps growing; a healthy server's RSS rises while V8 sizes its heap for the load and then
// levels off. So the second half of the run may add only a little.
const MAX_LATE_GROWTH_MB = Number(process.env.SOAK_MAX_LATE_GROWTH_MB ?? 30);
const ONLY = new Set((process.env.SOAK_ONLY ?? "faults,crawl,fuzz").split(","));
const CRAWL_URLS = Number(process.env.SOAK_CRAWL_URLS ?? 20_000);
// Crawlers fetch in parallel: the rest of the process grows with the renders in flight (docs/benchmarks.md#soak).
const CRAWL_CONNECTIONS = Number(process.env.SOAK_CRAWL_CONNECTIONS ?? 16);
// The page cache (64 MB) and the content cache (32 MB) at their defaults, plus 256 MB for the rest: V8's heap,
// buffers in flight, code and native memory (docs/decisions/051-memory-bound.md; docs/operations.md#memory).
const CRAWL_MAX_RSS_MB = 64 + 32 + 256;
const IDLE_P99_MS = 20;
const FUZZ_REQUESTS = Number(process.env.SOAK_FUZZ_REQUESTS ?? 10_000);

async function faultsSoak(): Promise<{ report: Record<string, unknown>; failures: string[] }> {
  // The page micro-cache is off so every request renders and meets the injected faults.
  const server = await startServer(PORT, { SANDBOX_FAULT: FAULTS, PAGE_CACHE_TTL_MS: "0" });
  const samples: Array<{ atSeconds: number; rssMb: number }> = [];
  let statusCounts: Record<string, number> = {};
  let errors = 0;
  let timeouts = 0;
  let requests = 0;
  try {
    // Warm up so the baseline includes the loaded code and caches, not start-up.
    for (const page of BENCH_PAGES) for (let i = 0; i < 3; i++) await fetch(`${server.url}${page.path}`, { headers: VISITOR_HEADERS });
    const started = Date.now();
    const sampler = setInterval(async () => {
      samples.push({ atSeconds: Math.round((Date.now() - started) / 1000), rssMb: Math.round((await server.rssKb()) / 1024) });
    }, 5000);
    samples.push({ atSeconds: 0, rssMb: Math.round((await server.rssKb()) / 1024) });
    const result = await autocannon({
      url: server.url,
      connections: 50,
      duration: DURATION,
      requests: BENCH_PAGES.map((page) => ({ method: "GET" as const, path: page.path })),
    });
    clearInterval(sampler);
    samples.push({ atSeconds: DURATION, rssMb: Math.round((await server.rssKb()) / 1024) });
    statusCounts = { "1xx": result["1xx"], "2xx": result["2xx"], "3xx": result["3xx"], "4xx": result["4xx"], "5xx": result["5xx"] };
    errors = result.errors;
    timeouts = result.timeouts;
    requests = result.requests.total;
  } finally {
    await server.stop();
  }

  // Prices from failed calls show empty: with every upstream call failing, pages still render.
  const failing = await startServer(PORT + 1, { SANDBOX_FAULT: "error=1", PAGE_CACHE_TTL_MS: "0" });
  const emptyPriceChecks: Array<{ page: string; status: number; renderedPrice: boolean }> = [];
  try {
    for (const page of BENCH_PAGES) {
      const response = await fetch(`${failing.url}${page.path}`, { headers: VISITOR_HEADERS });
      const html = await response.text();
      emptyPriceChecks.push({ page: page.type, status: response.status, renderedPrice: /data-price-state="shown"/.test(html) });
    }
  } finally {
    await failing.stop();
  }

  const baseline = samples[0]?.rssMb ?? 0;
  const peak = Math.max(...samples.map((s) => s.rssMb));
  const growth = (samples.at(-1)?.rssMb ?? 0) - baseline;
  const halfway = samples.find((s) => s.atSeconds >= DURATION / 2)?.rssMb ?? baseline;
  const lateGrowth = (samples.at(-1)?.rssMb ?? 0) - halfway;
  const failures: string[] = [];
  if (statusCounts["5xx"]) failures.push(`${statusCounts["5xx"]} responses were 5xx`);
  if (errors || timeouts) failures.push(`${errors} connection errors, ${timeouts} timeouts`);
  if (growth > MAX_GROWTH_MB) failures.push(`memory grew ${growth} MB (bound ${MAX_GROWTH_MB} MB)`);
  if (lateGrowth > MAX_LATE_GROWTH_MB) failures.push(`memory still grew ${lateGrowth} MB in the second half (bound ${MAX_LATE_GROWTH_MB} MB): a leak?`);
  for (const check of emptyPriceChecks) {
    if (check.status !== 200) failures.push(`${check.page}: HTTP ${check.status} with the API failing`);
    if (check.renderedPrice) failures.push(`${check.page}: a price rendered although every price call failed`);
  }

  const report = {
    durationSeconds: DURATION,
    faults: FAULTS,
    requests,
    statusCounts,
    errors,
    timeouts,
    memory: { baselineMb: baseline, peakMb: peak, growthMb: growth, secondHalfGrowthMb: lateGrowth, samples },
    emptyPriceChecks,
  };
  console.log(`\n${requests} requests in ${DURATION} s with faults "${FAULTS}": ${JSON.stringify(statusCounts)}, ${errors} errors, ${timeouts} timeouts`);
  console.log(
    `memory: baseline ${baseline} MB, peak ${peak} MB, growth ${growth} MB (bound ${MAX_GROWTH_MB} MB), second half ${lateGrowth} MB (bound ${MAX_LATE_GROWTH_MB} MB)`,
  );
  console.log(
    `with every price call failing: ${emptyPriceChecks.map((c) => `${c.page} ${c.status}${c.renderedPrice ? " PRICE SHOWN" : " empty"}`).join(", ")}`,
  );
  return { report, failures };
}

/**
 * A search engine's crawl of distinct URLs, with the production defaults (page cache on, metrics recorded
 * and served: startServer turns them off unless asked), then an idle /healthz.
 */
async function crawlSoak(): Promise<{ report: Record<string, unknown>; failures: string[] }> {
  const port = PORT + 2;
  const metricsPort = await freePort();
  // As `npm start` runs it: glibc's malloc arenas capped at 2 (package.json).
  const server = await startServer(port, {
    METRICS_PORT: String(metricsPort),
    MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? "2",
    ...(process.env.SOAK_PAGE_CACHE_TTL_MS ? { PAGE_CACHE_TTL_MS: process.env.SOAK_PAGE_CACHE_TTL_MS } : {}),
    ...(process.env.SOAK_CACHE_URL ? { CACHE_URL: process.env.SOAK_CACHE_URL } : {}),
  });
  const rssMb = async () => Math.round((await server.rssKb()) / 1024);
  // Where the memory is, from the process's own metrics: V8's heap (used and sized), memory outside it
  // (Buffers: the page cache's bytes), and the content cache's estimate.
  const breakdown = async () => {
    const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    const mb = (name: string) => Math.round(Number(new RegExp(`^${name} (\\S+)`, "m").exec(text)?.[1] ?? 0) / 1048576);
    return {
      rssMb: await rssMb(),
      heapUsedMb: mb("nodejs_heap_size_used_bytes"),
      heapTotalMb: mb("nodejs_heap_size_total_bytes"),
      externalMb: mb("nodejs_external_memory_bytes"),
      contentCacheMb: mb("storefront_content_bytes"),
    };
  };
  let atEnd: Awaited<ReturnType<typeof breakdown>>;
  let afterIdle: Awaited<ReturnType<typeof breakdown>>;
  const samples: Array<{ urls: number; rssMb: number }> = [{ urls: 0, rssMb: await rssMb() }];
  let result: Awaited<ReturnType<typeof crawl>>;
  let idle: Awaited<ReturnType<typeof idleHealthz>>;
  let floor: Awaited<ReturnType<typeof floorHealthz>>;
  try {
    result = await crawl(port, CRAWL_URLS, CRAWL_CONNECTIONS, (urls) => void rssMb().then((mb) => samples.push({ urls, rssMb: mb })));
    samples.push({ urls: CRAWL_URLS, rssMb: await rssMb() });
    atEnd = await breakdown();
    // Idle: past the page micro-cache's lifetime, so what is left is what an idle instance does.
    await new Promise((resolve) => setTimeout(resolve, 6000));
    idle = await idleHealthz(port);
    samples.push({ urls: CRAWL_URLS, rssMb: await rssMb() });
    afterIdle = await breakdown();
    // The same requests to a server that does nothing else: how much of the latency is this host's.
    floor = await floorHealthz();
  } finally {
    await server.stop();
  }
  const peak = Math.max(...samples.map((s) => s.rssMb));
  const after = samples.at(-1)!.rssMb;
  const failures = result.failures.slice(0, 10).map((failure) => `crawl: ${failure}`);
  if (peak > CRAWL_MAX_RSS_MB) failures.push(`crawl: RSS reached ${peak} MB (bound ${CRAWL_MAX_RSS_MB} MB)`);
  if (idle.p99 > IDLE_P99_MS) failures.push(`crawl: idle /healthz p99 ${idle.p99} ms (bound ${IDLE_P99_MS} ms; a bare server on this host: ${floor.p99} ms)`);
  console.log(
    `\ncrawl: ${CRAWL_URLS} distinct URLs over ${CRAWL_CONNECTIONS} connections in ${result.seconds.toFixed(0)} s, ${JSON.stringify(result.statuses)}; RSS peak ${peak} MB, after ${after} MB (bound ${CRAWL_MAX_RSS_MB} MB)`,
  );
  console.log(`memory at the crawl's end: ${JSON.stringify(atEnd)}; after idle: ${JSON.stringify(afterIdle)}`);
  console.log(
    `idle /healthz: p50 ${idle.p50} ms, p99 ${idle.p99} ms, max ${idle.max} ms (bound p99 ${IDLE_P99_MS} ms); a bare Node server on this host: p50 ${floor.p50}, p99 ${floor.p99}, max ${floor.max} ms`,
  );
  return {
    report: {
      urls: CRAWL_URLS,
      connections: CRAWL_CONNECTIONS,
      seconds: Math.round(result.seconds),
      statuses: result.statuses,
      rss: { peakMb: peak, afterMb: after, boundMb: CRAWL_MAX_RSS_MB, samples, atEnd, afterIdle },
      idle,
      floor,
    },
    failures,
  };
}

/** Generated raw requests, framing faults among them, against a server of its own. */
async function fuzzSoak(): Promise<{ report: Record<string, unknown>; failures: string[] }> {
  const port = PORT + 3;
  const server = await startServer(port);
  try {
    const cases = fuzzCases(port, FUZZ_REQUESTS, 20_26_11_27);
    const { failures, statuses, seconds } = await runFuzz(port, cases);
    const health = await fetch(`${server.url}/healthz`, { signal: AbortSignal.timeout(2000) }).then(
      (response) => response.status,
      () => 0,
    );
    const found = failures.slice(0, 10).map((failure) => `fuzz: ${failure}`);
    if (failures.length > 10) found.push(`fuzz: … and ${failures.length - 10} more`);
    if (health !== 200) found.push(`fuzz: /healthz answered ${health || "nothing"} afterwards`);
    const framing = cases.filter((c) => c.framing).length;
    console.log(
      `\nfuzz: ${cases.length} raw requests (${framing} with framing faults) in ${seconds.toFixed(0)} s; statuses ${JSON.stringify(Object.fromEntries([...statuses].sort()))}; /healthz afterwards ${health}`,
    );
    return {
      report: {
        requests: cases.length,
        framing,
        seconds: Math.round(seconds),
        statuses: Object.fromEntries(statuses),
        unanswered: failures.length,
        healthAfter: health,
      },
      failures: found,
    };
  } finally {
    await server.stop();
  }
}

async function main() {
  if (!process.argv.includes("--no-build")) execSync("npx remix build", { stdio: "inherit" });
  const report: Record<string, unknown> = { date: new Date().toISOString() };
  const failures: string[] = [];
  for (const [name, phase] of [
    ["faults", faultsSoak],
    ["crawl", crawlSoak],
    ["fuzz", fuzzSoak],
  ] as const) {
    if (!ONLY.has(name)) continue;
    const result = await phase();
    report[name] = result.report;
    failures.push(...result.failures);
  }
  report.failures = failures;
  report.loadAverage = loadavg()[0];
  mkdirSync("tests/soak/results", { recursive: true });
  writeFileSync("tests/soak/results/latest.json", `${JSON.stringify(report, null, 2)}\n`);
  if (report.crawl && report.fuzz) writeBenchmarksTable(report);
  console.log(failures.length ? `\nFAILED:\n  ${failures.join("\n  ")}` : "\nSoak passed.");
  process.exit(failures.length ? 1 : 0);
}

/** The crawl's and the fuzz's numbers in docs/benchmarks.md (between the bench:soak-crawl markers). */
function writeBenchmarksTable(report: Record<string, unknown>) {
  const c = report.crawl as {
    urls: number;
    connections: number;
    seconds: number;
    rss: { peakMb: number; afterMb: number; boundMb: number };
    idle: { p50: number; p99: number; max: number };
    floor: { p99: number };
  };
  const f = report.fuzz as { requests: number; framing: number; unanswered: number; statuses: Record<string, number>; healthAfter: number };
  const fivexx = Object.entries(f.statuses)
    .filter(([status]) => Number(status) >= 500)
    .reduce((sum, [, n]) => sum + n, 0);
  const ok = (pass: boolean) => (pass ? "met" : "MISSED");
  const body = [
    `Latest \`npm run soak\` crawl and fuzz (${String(report.date).slice(0, 10)}; host load average ${Number(report.loadAverage).toFixed(1)} on 2 cores at the end).`,
    "",
    markdownTable(
      ["measure", "value", "target", ""],
      [
        [
          `RSS during ${c.urls.toLocaleString("en")} distinct URLs over ${c.connections} connections (peak)`,
          `${c.rss.peakMb} MB`,
          `≤ ${c.rss.boundMb} MB`,
          ok(c.rss.peakMb <= c.rss.boundMb),
        ],
        ["RSS after the crawl, idle", `${c.rss.afterMb} MB`, `≤ ${c.rss.boundMb} MB`, ok(c.rss.afterMb <= c.rss.boundMb)],
        ["idle `/healthz` p50 / p99 / max", `${c.idle.p50} / ${c.idle.p99} / ${c.idle.max} ms`, `p99 ≤ ${IDLE_P99_MS} ms`, ok(c.idle.p99 <= IDLE_P99_MS)],
        ["the same on a bare Node server (this host's floor)", `p99 ${c.floor.p99} ms`, "", ""],
        [
          `fuzz: ${f.requests.toLocaleString("en")} raw requests (${f.framing} with framing faults)`,
          `${f.unanswered} unanswered, ${fivexx} 5xx, /healthz ${f.healthAfter} after`,
          "0, 0, 200",
          ok(f.unanswered === 0 && fivexx === 0 && f.healthAfter === 200),
        ],
      ],
    ),
  ].join("\n");
  writeResultsTable("soak-crawl", body);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
