import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../setup/chromium";
import { readHostCpu, stealPercent } from "./host-cpu";
import { mainThreadLoad, type TraceEvent } from "./main-thread";
import { medianRun, type LighthouseScores, type RunScores } from "./median-run";

// Lighthouse (npm package, v12 for Node 20) against Debian's chromium, mobile settings (its default:
// Moto G power emulation with simulated slow 4G and 4x CPU throttling).

export type { LighthouseScores, RunScores } from "./median-run";

// One run is not a measurement: on this machine a page's score moves by 10-20 points between runs,
// mostly with late first frames (LATE_FIRST_FRAME_MS in median-run.ts), and TBT more: eight runs of the category
// page at one commit within a quarter of an hour gave 8-164 ms. Lantern takes each task's wall time
// from the trace, and on 2 cores the page's main thread waits for the browser, viz and Lighthouse for
// about as long as it runs. So each page runs LIGHTHOUSE_RUNS times (5 by default, as Lighthouse's own
// guidance on variability advises) and the median run is reported; with 3, one noisy run decided it.
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 5));

/** The observed (not simulated) FCP from the metrics audit's details. */
function observedFirstContentfulPaint(lhr: { audits: Record<string, { details?: unknown } | undefined> }): number {
  const details = lhr.audits["metrics"]?.details as { items?: Array<{ observedFirstContentfulPaint?: number }> } | undefined;
  return details?.items?.[0]?.observedFirstContentfulPaint ?? Number.NaN;
}

/** One Lighthouse run of `url` in the Chromium listening on `port`. */
export async function lighthouseRun(port: number, url: string): Promise<RunScores> {
  const before = readHostCpu();
  const result = await lighthouse(url, { port, output: "json", logLevel: "error", onlyCategories: ["performance", "accessibility"] });
  const steal = stealPercent(before, readHostCpu());
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`lighthouse gave no result for ${url}`);
  const trace = (result.artifacts as { Trace?: { traceEvents?: TraceEvent[] } }).Trace?.traceEvents;
  const load = trace ? mainThreadLoad(trace) : null;
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    cls: lhr.audits["cumulative-layout-shift"]?.numericValue ?? Number.NaN,
    tbtMs: lhr.audits["total-blocking-time"]?.numericValue ?? Number.NaN,
    lcpMs: lhr.audits["largest-contentful-paint"]?.numericValue ?? Number.NaN,
    observedFcpMs: observedFirstContentfulPaint(lhr),
    stealPercent: steal === null ? null : Math.round(steal),
    mainThreadStretch: load ? Number(load.stretch.toFixed(2)) : null,
    cpuTbtMs: load ? Math.round(load.cpuBlockingMs) : null,
    mainThreadCpuMs: load ? Math.round(load.cpuMs) : null,
  };
}

/** Debian's chromium, headless, for the length of `use` (its port goes to lighthouseRun). */
export async function withChromium<T>(use: (port: number) => Promise<T>): Promise<T> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: ["--headless=new", ...CHROMIUM_ARGS] });
  try {
    return await use(chrome.port);
  } finally {
    await chrome.kill();
  }
}

export async function runLighthouse(urls: readonly string[]): Promise<LighthouseScores[]> {
  return withChromium(async (port) => {
    const scores: LighthouseScores[] = [];
    for (const url of urls) {
      const runs: RunScores[] = [];
      for (let run = 0; run < RUNS; run++) runs.push(await lighthouseRun(port, url));
      scores.push(medianRun(runs));
    }
    return scores;
  });
}
