// What a Lighthouse run's trace says about the page's main thread, apart from the host it ran on.
//
// Lantern (Lighthouse's simulated throttling) multiplies each main-thread task's *wall* duration by 4
// and counts what exceeds 50 ms as blocking time. On a 2-core VM the renderer shares the cores with
// the browser process, the display compositor, Lighthouse and the server, and the hypervisor takes
// some of the time too (host-cpu.ts), so a task's wall time is often 2-5× its CPU time. These numbers
// separate the two: `stretch` is how much the host stretched the page's work in this run, and
// `cpuBlockingMs` is the same blocking-time sum over CPU time, what this page would score on a host
// that ran it without interruption. They explain a run; the targets are still Lighthouse's own TBT.

export interface TraceEvent {
  name: string;
  ph?: string;
  pid?: number;
  tid?: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string; data?: { isLoadingMainFrame?: boolean; documentLoaderURL?: string } };
}

export interface MainThreadLoad {
  /** Top-level tasks' CPU time and wall time after navigation start, ms. */
  cpuMs: number;
  wallMs: number;
  /** wallMs / cpuMs over the tasks long enough to count (≥ 5 ms wall). */
  stretch: number;
  /** Σ max(0, 4 × CPU − 50) over the tasks: Lantern's blocking time with CPU time for wall time. */
  cpuBlockingMs: number;
}

const SLOWDOWN = 4;
const BLOCKING_MS = 50;

/** The page's renderer main thread, from the main frame's navigation start on; null if not found. */
export function mainThreadLoad(events: readonly TraceEvent[]): MainThreadLoad | null {
  const navigation = events.find((e) => e.name === "navigationStart" && e.args?.data?.isLoadingMainFrame && e.args.data.documentLoaderURL?.startsWith("http"));
  if (!navigation) return null;
  const thread = events.find((e) => e.name === "thread_name" && e.pid === navigation.pid && e.args?.name === "CrRendererMain");
  if (!thread) return null;
  const tasks = events.filter((e) => e.name === "RunTask" && e.ph === "X" && e.pid === navigation.pid && e.tid === thread.tid && e.ts >= navigation.ts);
  let cpuMs = 0;
  let wallMs = 0;
  let countedCpu = 0;
  let countedWall = 0;
  let cpuBlockingMs = 0;
  for (const task of tasks) {
    const wall = (task.dur ?? 0) / 1000;
    const cpu = (task.tdur ?? task.dur ?? 0) / 1000;
    cpuMs += cpu;
    wallMs += wall;
    if (wall >= 5) {
      countedCpu += cpu;
      countedWall += wall;
    }
    cpuBlockingMs += Math.max(0, cpu * SLOWDOWN - BLOCKING_MS);
  }
  return { cpuMs, wallMs, stretch: countedCpu > 0 ? countedWall / countedCpu : 1, cpuBlockingMs };
}
