import autocannon from "autocannon";
import { execSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { BENCH_PAGES } from "../bench/pages";
import { startServer } from "../bench/server-process";

// `npm run soak` (issue 7 §2): 60 s at 50 connections across every page type while the sandbox
// injects 20% errors and 10% slow responses. Passes when there is no 5xx and no connection error,
// memory growth stays bounded (reported), and prices from failed calls show empty.

const PORT = Number(process.env.SOAK_PORT ?? 3410);
const DURATION = Number(process.env.SOAK_SECONDS ?? 60);
const FAULTS = process.env.SOAK_FAULTS ?? "error=0.2,slow=0.1";
const MAX_GROWTH_MB = Number(process.env.SOAK_MAX_GROWTH_MB ?? 150);
// A leak keeps growing; a healthy server's RSS rises while V8 sizes its heap for the load and then
// levels off. So the second half of the run may add only a little.
const MAX_LATE_GROWTH_MB = Number(process.env.SOAK_MAX_LATE_GROWTH_MB ?? 30);

async function main() {
  if (!process.argv.includes("--no-build")) execSync("npx remix build", { stdio: "inherit" });
  // The page micro-cache is off so every request renders and meets the injected faults.
  const server = await startServer(PORT, { SANDBOX_FAULT: FAULTS, PAGE_CACHE_TTL_MS: "0" });
  const samples: Array<{ atSeconds: number; rssMb: number }> = [];
  let statusCounts: Record<string, number> = {};
  let errors = 0;
  let timeouts = 0;
  let requests = 0;
  try {
    // Warm up so the baseline includes the loaded code and caches, not start-up.
    for (const page of BENCH_PAGES) for (let i = 0; i < 3; i++) await fetch(`${server.url}${page.path}`);
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
      const response = await fetch(`${failing.url}${page.path}`);
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
    date: new Date().toISOString(),
    durationSeconds: DURATION,
    faults: FAULTS,
    requests,
    statusCounts,
    errors,
    timeouts,
    memory: { baselineMb: baseline, peakMb: peak, growthMb: growth, secondHalfGrowthMb: lateGrowth, samples },
    emptyPriceChecks,
    failures,
  };
  mkdirSync("tests/soak/results", { recursive: true });
  writeFileSync("tests/soak/results/latest.json", `${JSON.stringify(report, null, 2)}\n`);
  console.log(`\n${requests} requests in ${DURATION} s with faults "${FAULTS}": ${JSON.stringify(statusCounts)}, ${errors} errors, ${timeouts} timeouts`);
  console.log(
    `memory: baseline ${baseline} MB, peak ${peak} MB, growth ${growth} MB (bound ${MAX_GROWTH_MB} MB), second half ${lateGrowth} MB (bound ${MAX_LATE_GROWTH_MB} MB)`,
  );
  console.log(
    `with every price call failing: ${emptyPriceChecks.map((c) => `${c.page} ${c.status}${c.renderedPrice ? " PRICE SHOWN" : " empty"}`).join(", ")}`,
  );
  console.log(failures.length ? `\nFAILED:\n  ${failures.join("\n  ")}` : "\nSoak passed.");
  process.exit(failures.length ? 1 : 0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
