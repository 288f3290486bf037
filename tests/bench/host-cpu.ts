import { readFileSync } from "node:fs";

// The share of this machine's CPU time the hypervisor gave to other guests ("steal") while a
// measurement ran. On this VM it is a few per cent at rest and 20-78% while Lighthouse loads a page:
// the guest asks for both cores and gets much less, and every task on the page's main thread takes
// longer by the wall clock, which is what Lighthouse's simulation scales.

export interface HostCpuSample {
  total: number;
  steal: number;
}

/** The aggregate line of /proc/stat, in clock ticks; null where there is none (not Linux). */
export function readHostCpu(stat?: string): HostCpuSample | null {
  let text = stat;
  if (text === undefined) {
    try {
      text = readFileSync("/proc/stat", "utf8");
    } catch {
      return null;
    }
  }
  const line = text.split("\n").find((l) => l.startsWith("cpu "));
  if (!line) return null;
  // user nice system idle iowait irq softirq steal (guest and guest_nice are already in user and nice).
  const ticks = line.trim().split(/\s+/).slice(1, 9).map(Number);
  if (ticks.length < 8 || ticks.some((t) => !Number.isFinite(t))) return null;
  return { total: ticks.reduce((a, b) => a + b, 0), steal: ticks[7]! };
}

/** Percentage of the CPU time between two samples that was stolen; null without both samples. */
export function stealPercent(before: HostCpuSample | null, after: HostCpuSample | null): number | null {
  if (!before || !after || after.total <= before.total) return null;
  return (100 * (after.steal - before.steal)) / (after.total - before.total);
}
