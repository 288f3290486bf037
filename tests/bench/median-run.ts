// Which of a page's Lighthouse runs the bench reports, and the spread of the others.

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

// Why runs differ so much (traced with the "viz" trace category): during the navigation,
// the renderer's compositor draws a few frames of the still-empty page (an overlay-scrollbar animation)
// that the headless display never draws. After more than 3 undrawn frames, Chromium's viz stops sending
// that renderer BeginFrames except once a second (SendBeginFrameDecision "ThrottleUndrawnFrames" in
// compositor_frame_sink_support.cc). If the page's first real frame is not ready before then, it is
// presented at about 1.25 s or 2.25 s, though layout finished near 0.3 s, and Lantern then counts every
// request started before that frame into FCP and LCP. A run's observed FCP above this bound marks it.
export const LATE_FIRST_FRAME_MS = 1000;

/**
 * The run with the median performance score (an odd number of runs gives a real median). Runs are put in
 * order from worst to best: by score, and runs of equal score by TBT, then LCP, so that when most runs
 * score 99 the one shown is the middle of them rather than whichever happened to run third.
 */
export function medianRun(runs: RunScores[]): LighthouseScores {
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
