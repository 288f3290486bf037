import { execFileSync } from "node:child_process";
import { lighthouseRun, withChromium, type RunScores } from "./lighthouse";
import { BENCH_PAGES } from "./pages";
import { startServer, type RunningServer } from "./server-process";
import { buildWorktree, removeWorktree, worktreeDir } from "./worktree";

// `npm run bench:ab -- <git-ref> [pairs]`: Lighthouse of this checkout against another commit, in one
// sitting. On this 2-core machine one build's score moves 15-25 points between runs and the machine's
// speed drifts from hour to hour, so medians taken one after the other mislead. Here both builds are
// served at once and every pair of runs alternates which goes first, so drift falls on both alike.

const [ref, pairsArg = "5"] = process.argv.slice(2).filter((arg) => !arg.startsWith("--"));
if (!ref) {
  console.error("usage: npm run bench:ab -- <git-ref> [pairs per page, default 5] [--no-build] [--pages=city,guide]");
  process.exit(2);
}
const PAIRS = Math.max(1, Number(pairsArg));
const pagesArg = process.argv
  .find((arg) => arg.startsWith("--pages="))
  ?.slice("--pages=".length)
  .split(",");
const pages = BENCH_PAGES.filter((page) => !pagesArg || pagesArg.includes(page.type));

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const range = (values: number[]) => `${Math.min(...values)}–${Math.max(...values)}`;

async function main() {
  if (!process.argv.includes("--no-build")) execFileSync("npx", ["remix", "build"], { stdio: "inherit" });
  // Everything started is stopped and the worktree removed even when a build, a server or a run fails
  // part way: a failed A/B must not leave a server on a port or a stray worktree behind.
  const baseDir = worktreeDir("bench-ab-");
  const started: RunningServer[] = [];
  const runs: Record<string, { base: RunScores[]; head: RunScores[] }> = {};
  try {
    buildWorktree(ref!, baseDir);
    started.push(await startServer(3411, { BENCH_MODE: "1" }, baseDir));
    started.push(await startServer(3412, { BENCH_MODE: "1" }));
    const servers = { base: started[0]!, head: started[1]! };
    await withChromium(async (port) => {
      for (const page of pages) {
        runs[page.type] = { base: [], head: [] };
        for (let pair = 0; pair < PAIRS; pair++) {
          const order = pair % 2 === 0 ? (["base", "head"] as const) : (["head", "base"] as const);
          for (const side of order) runs[page.type]![side].push(await lighthouseRun(port, `${servers[side].url}${page.path}`));
        }
        const { base, head } = runs[page.type]!;
        console.log(`${page.type}: base ${base.map((r) => r.performance).join(" ")} | head ${head.map((r) => r.performance).join(" ")}`);
      }
    });
  } finally {
    await Promise.all(started.map((server) => server.stop()));
    removeWorktree(baseDir);
  }

  console.log(`\nLighthouse A/B, ${PAIRS} interleaved pairs per page: ${ref} (base) against this checkout (head)`);
  console.log(
    "page         perf base (range)   perf head (range)   Δ median   TBT base → head ms   LCP base → head ms   max CLS head   main-thread CPU ms, TBT over CPU time (main-thread.ts)",
  );
  for (const page of pages) {
    const { base, head } = runs[page.type]!;
    const perf = (r: RunScores[]) => r.map((x) => x.performance);
    const tbt = (r: RunScores[]) => Math.round(median(r.map((x) => x.tbtMs)));
    const lcp = (r: RunScores[]) => Math.round(median(r.map((x) => x.lcpMs)));
    // Less host noise than Lighthouse's wall-time TBT: the page's own CPU time in the same runs.
    const cpu = (r: RunScores[], key: "mainThreadCpuMs" | "cpuTbtMs") => Math.round(median(r.map((x) => x[key] ?? Number.NaN)));
    console.log(
      `${page.type.padEnd(12)} ${`${median(perf(base))} (${range(perf(base))})`.padEnd(19)} ${`${median(perf(head))} (${range(perf(head))})`.padEnd(19)} ${String(median(perf(head)) - median(perf(base))).padStart(8)}   ${`${tbt(base)} → ${tbt(head)}`.padEnd(20)} ${`${lcp(base)} → ${lcp(head)}`.padEnd(20)} ${Math.max(
        ...head.map((x) => x.cls),
      )
        .toFixed(3)
        .padEnd(14)} ${cpu(base, "mainThreadCpuMs")} → ${cpu(head, "mainThreadCpuMs")}, ${cpu(base, "cpuTbtMs")} → ${cpu(head, "cpuTbtMs")}`,
    );
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
