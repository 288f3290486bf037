import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../setup/chromium";
import { readHostCpu, stealPercent } from "./host-cpu";
import { mainThreadLoad, type TraceEvent } from "./main-thread";

// Lighthouse (npm package, v12 for Node 20) against Debian's chromium, mobile settings (its default:
// Moto G power emulation with simulated slow 4G and 4x CPU throttling).

export interface LighthouseScores {
  /** The median run's score (by performance); `performanceRange` shows the spread over all runs. */
  performance: number;
  performanceRange: [number, number];
  runs: number;
  accessibility: number;
  cls: number;
  tbtMs: number;
  /** The lowest and highest TBT over all runs: the median run's TBT alone hides how far it moves. */
  tbtRangeMs: [number, number];
  lcpMs: number;
  /** When this run's first frame was really presented (not simulated); see LATE_FIRST_FRAME_MS. */
  observedFcpMs: number;
  /** How many of the runs had a late first frame (observed FCP past LATE_FIRST_FRAME_MS). */
  lateFirstFrameRuns: number;
  /** Of the machine's CPU time during this run, the share the hypervisor took (host-cpu.ts); null off Linux. */
  stealPercent: number | null;
  /** The page's main-thread tasks: wall time ÷ CPU time in this run (main-thread.ts). */
  mainThreadStretch: number | null;
  /** TBT's sum over the same tasks' CPU time instead of wall time (main-thread.ts). */
  cpuTbtMs: number | null;
  /** The page's main-thread CPU time for the load, ms. */
  mainThreadCpuMs: number | null;
}

export type RunScores = Omit<LighthouseScores, "performanceRange" | "tbtRangeMs" | "runs" | "lateFirstFrameRuns">;

// Why runs differ so much (traced in session 5 with the "viz" trace category): during the navigation,
// the renderer's compositor draws a few frames of the still-empty page (an overlay-scrollbar animation)
// that the headless display never draws. After more than 3 undrawn frames, Chromium's viz stops sending
// that renderer BeginFrames except once a second (SendBeginFrameDecision "ThrottleUndrawnFrames" in
// compositor_frame_sink_support.cc). If the page's first real frame is not ready before then, it is
// presented at about 1.25 s or 2.25 s, though layout finished near 0.3 s, and Lantern then counts every
// request started before that frame into FCP and LCP. A run's observed FCP above this bound marks it.
const LATE_FIRST_FRAME_MS = 1000;

/**
 * The run with the median performance score (an odd number of runs gives a real median). Runs are put in
 * order from worst to best: by score, and runs of equal score by TBT, then LCP, so that when most runs
 * score 99 the one shown is the middle of them rather than whichever happened to run third.
 */
function medianRun(runs: RunScores[]): LighthouseScores {
  const sorted = [...runs].sort((a, b) => a.performance - b.performance || b.tbtMs - a.tbtMs || b.lcpMs - a.lcpMs);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  const lateFirstFrameRuns = runs.filter((run) => run.observedFcpMs > LATE_FIRST_FRAME_MS).length;
  const tbts = runs.map((run) => Math.round(run.tbtMs));
  return {
    ...median,
    performanceRange: [sorted[0]!.performance, sorted.at(-1)!.performance],
    tbtRangeMs: [Math.min(...tbts), Math.max(...tbts)],
    runs: runs.length,
    lateFirstFrameRuns,
  };
}

// One run is not a measurement: on this machine a page's score moves by 10-20 points between runs,
// mostly with late first frames (LATE_FIRST_FRAME_MS above), and TBT more: eight runs of the category
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
