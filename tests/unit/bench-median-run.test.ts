import { describe, expect, it } from "vitest";
import { LATE_FIRST_FRAME_MS, medianRun, type RunScores } from "../bench/median-run";

function run(performance: number, tbtMs: number, lcpMs = 1800, observedFcpMs = 200): RunScores {
  return {
    performance,
    accessibility: 100,
    cls: 0,
    tbtMs,
    lcpMs,
    observedFcpMs,
    stealPercent: 0,
    mainThreadStretch: 2,
    cpuTbtMs: 30,
    mainThreadCpuMs: 250,
  };
}

describe("medianRun", () => {
  it("reports the run with the median score, with the score's and TBT's spread over all runs", () => {
    const median = medianRun([run(100, 10), run(93, 257), run(99, 80), run(96, 140), run(100, 5)]);
    expect(median.performance).toBe(99);
    expect(median.tbtMs).toBe(80);
    expect(median.performanceRange).toEqual([93, 100]);
    expect(median.tbtRangeMs).toEqual([5, 257]);
    expect(median.runs).toBe(5);
  });

  it("of runs with equal scores, reports the middle one by TBT, whatever order they ran in", () => {
    const runs = [run(99, 0), run(99, 102), run(99, 17), run(99, 40), run(99, 61)];
    expect(medianRun(runs).tbtMs).toBe(40);
    expect(medianRun([...runs].reverse()).tbtMs).toBe(40);
  });

  it("breaks a tie in score and TBT by LCP", () => {
    expect(medianRun([run(99, 0, 1900), run(99, 0, 1700), run(99, 0, 1800)]).lcpMs).toBe(1800);
  });

  it("counts the runs whose first frame came late", () => {
    const late = LATE_FIRST_FRAME_MS + 250;
    expect(medianRun([run(99, 0), run(90, 0, 1800, late), run(99, 0, 1800, late)]).lateFirstFrameRuns).toBe(2);
  });
});
