import { describe, expect, it } from "vitest";
import { readHostCpu, stealPercent } from "../bench/host-cpu";
import { mainThreadLoad, type TraceEvent } from "../bench/main-thread";

const RENDERER = 7;
const MAIN = 1;

function trace(tasks: Array<{ at: number; wall: number; cpu: number; tid?: number; pid?: number }>): TraceEvent[] {
  return [
    { name: "thread_name", ph: "M", pid: RENDERER, tid: MAIN, ts: 0, args: { name: "CrRendererMain" } },
    { name: "thread_name", ph: "M", pid: RENDERER, tid: 2, ts: 0, args: { name: "Compositor" } },
    // A task before the navigation (about:blank) is not the page's.
    { name: "RunTask", ph: "X", pid: RENDERER, tid: MAIN, ts: 500, dur: 90_000, tdur: 90_000 },
    {
      name: "navigationStart",
      ph: "R",
      pid: RENDERER,
      tid: MAIN,
      ts: 1_000,
      args: { data: { isLoadingMainFrame: true, documentLoaderURL: "http://127.0.0.1/" } },
    },
    ...tasks.map((t) => ({
      name: "RunTask",
      ph: "X",
      pid: t.pid ?? RENDERER,
      tid: t.tid ?? MAIN,
      ts: 1_000 + t.at * 1000,
      dur: t.wall * 1000,
      tdur: t.cpu * 1000,
    })),
  ];
}

describe("mainThreadLoad", () => {
  it("sums the page's main-thread tasks after navigation start, and how much the host stretched them", () => {
    const load = mainThreadLoad(
      trace([
        { at: 10, wall: 60, cpu: 20 }, // blocking with CPU time: 4 × 20 − 50 = 30
        { at: 100, wall: 30, cpu: 10 }, // 4 × 10 = 40: not blocking
        { at: 200, wall: 2, cpu: 2 }, // too short to count in the stretch
        { at: 300, wall: 40, cpu: 40, tid: 2 }, // another thread
      ]),
    )!;
    expect(load.cpuMs).toBeCloseTo(32);
    expect(load.wallMs).toBeCloseTo(92);
    expect(load.stretch).toBeCloseTo(90 / 30);
    expect(load.cpuBlockingMs).toBeCloseTo(30);
  });

  it("counts blocking from 12.5 ms of CPU on: 12 ms adds nothing, 13 ms adds 2 ms", () => {
    expect(mainThreadLoad(trace([{ at: 1, wall: 12, cpu: 12 }]))!.cpuBlockingMs).toBe(0);
    expect(mainThreadLoad(trace([{ at: 1, wall: 13, cpu: 13 }]))!.cpuBlockingMs).toBeCloseTo(2);
  });

  it("is null for a trace without the page's navigation", () => {
    expect(mainThreadLoad(trace([]).filter((e) => e.name !== "navigationStart"))).toBeNull();
  });
});

describe("host CPU steal", () => {
  const stat = (user: number, idle: number, steal: number) => `cpu  ${user} 0 0 ${idle} 0 0 0 ${steal} 0 0\ncpu0 1 2 3 4 5 6 7 8 9 10\n`;

  it("reads the aggregate line of /proc/stat", () => {
    expect(readHostCpu(stat(100, 300, 50))).toEqual({ total: 450, steal: 50 });
    expect(readHostCpu("intr 1 2 3\n")).toBeNull();
  });

  it("gives the stolen share of the time between two samples", () => {
    expect(stealPercent(readHostCpu(stat(100, 300, 50)), readHostCpu(stat(160, 320, 70)))).toBeCloseTo(20);
    expect(stealPercent(null, readHostCpu(stat(1, 1, 1)))).toBeNull();
    expect(stealPercent(readHostCpu(stat(1, 1, 1)), readHostCpu(stat(1, 1, 1)))).toBeNull();
  });
});
