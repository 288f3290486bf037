import { PAGE_TYPES } from "../../tracking/page-context";
import type { StoredEvent } from "./collect-batch.server";

// Real-user Web Vitals from what this instance's sink holds (docs/tracking.md#first-party-collection): the p75
// and the number of page loads of LCP, INP, CLS, FCP and TTFB, per page type and device class, over the last
// 24 hours and 7 days, against the Core Web Vitals thresholds (as CrUX reports them). A metric instance (one
// per page load or back/forward restore: its metric_id) may be reported more than once as it grows; its last
// report is its value. Served on the metrics port only (/vitals.json, /vitals), never on the public one.

const VITALS = {
  LCP: { event: "web_vital_lcp", good: 2500, poor: 4000, unit: "ms" },
  INP: { event: "web_vital_inp", good: 200, poor: 500, unit: "ms" },
  CLS: { event: "web_vital_cls", good: 0.1, poor: 0.25, unit: "" },
  FCP: { event: "web_vital_fcp", good: 1800, poor: 3000, unit: "ms" },
  TTFB: { event: "web_vital_ttfb", good: 800, poor: 1800, unit: "ms" },
} as const;
type Metric = keyof typeof VITALS;
const BY_EVENT = new Map(Object.entries(VITALS).map(([metric, spec]) => [spec.event as string, metric as Metric]));

export const WINDOWS = { "24h": 24 * 60 * 60 * 1000, "7d": 7 * 24 * 60 * 60 * 1000 } as const;
type Window = keyof typeof WINDOWS;

interface VitalsRow {
  window: Window;
  metric: Metric;
  page_type: string;
  device: string;
  /** Page loads measured (metric instances). */
  count: number;
  p75: number;
  rating: "good" | "needs-improvement" | "poor";
}

export interface VitalsReport {
  generated_at: string;
  thresholds: Record<Metric, { good: number; poor: number; unit: string }>;
  rows: VitalsRow[];
}

/** A kept label value: the catalogue's page types, else "other" (a label value is a series for good). */
export function pageTypeLabel(value: unknown): string {
  return typeof value === "string" && (PAGE_TYPES as readonly string[]).includes(value) ? value : "other";
}

/** The 75th percentile, nearest rank (as CrUX's p75 of a distribution): a value that was measured. */
function p75(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(sorted.length * 0.75) - 1)]!;
}

function rating(metric: Metric, value: number): VitalsRow["rating"] {
  const { good, poor } = VITALS[metric];
  return value <= good ? "good" : value <= poor ? "needs-improvement" : "poor";
}

/** The report over what the sink holds from the last 7 days (`events`: its web_vital_* lines). */
export async function vitalsReport(events: AsyncIterable<StoredEvent>, now = new Date()): Promise<VitalsReport> {
  const last = new Map<string, { metric: Metric; pageType: string; device: string; value: number; at: string }>();
  for await (const event of events) {
    const metric = BY_EVENT.get(event.event);
    const value = event.sent.metric_value;
    if (!metric || typeof value !== "number") continue;
    const key = `${metric} ${String(event.sent.metric_id)}`;
    const seen = last.get(key);
    if (seen && seen.at > event.received_at) continue;
    const page = event.sent.page as { pageType?: unknown } | undefined;
    last.set(key, { metric, pageType: pageTypeLabel(page?.pageType), device: event.server.device, value, at: event.received_at });
  }
  const groups = new Map<string, { window: Window; metric: Metric; page_type: string; device: string; values: number[] }>();
  for (const measured of last.values()) {
    for (const [window, span] of Object.entries(WINDOWS) as Array<[Window, number]>) {
      if (Date.parse(measured.at) < now.getTime() - span) continue;
      const key = `${window} ${measured.metric} ${measured.pageType} ${measured.device}`;
      const group = groups.get(key) ?? { window, metric: measured.metric, page_type: measured.pageType, device: measured.device, values: [] };
      group.values.push(measured.value);
      groups.set(key, group);
    }
  }
  const order = Object.keys(VITALS);
  const rows = [...groups.values()]
    .map(({ values, ...group }) => {
      const value = p75(values);
      return { ...group, count: values.length, p75: value, rating: rating(group.metric, value) };
    })
    .sort(
      (a, b) =>
        a.window.localeCompare(b.window) ||
        order.indexOf(a.metric) - order.indexOf(b.metric) ||
        a.page_type.localeCompare(b.page_type) ||
        a.device.localeCompare(b.device),
    );
  const thresholds = Object.fromEntries(
    Object.entries(VITALS).map(([metric, { good, poor, unit }]) => [metric, { good, poor, unit }]),
  ) as VitalsReport["thresholds"];
  return { generated_at: now.toISOString(), thresholds, rows };
}

const COLOURS = { good: "#0c6e3d", "needs-improvement": "#8a5a00", poor: "#b3261e" } as const;
const escape = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** /vitals: per window and metric, one bar per page type and device, its length the p75 against the "poor" threshold. */
export function vitalsPage(report: VitalsReport): string {
  const sections: string[] = [];
  for (const window of Object.keys(WINDOWS) as Window[]) {
    for (const metric of Object.keys(VITALS) as Metric[]) {
      const rows = report.rows.filter((row) => row.window === window && row.metric === metric);
      const { good, poor, unit } = VITALS[metric];
      const scale = Math.max(poor * 1.2, ...rows.map((row) => row.p75));
      const width = 480;
      const x = (value: number) => Math.round((value / scale) * width);
      const bars = rows
        .map((row, i) => {
          const y = 20 + i * 22;
          const label = `${row.page_type} · ${row.device}`;
          return `<text x="0" y="${y + 13}" font-size="12">${escape(label)}</text><rect x="160" y="${y}" width="${x(row.p75)}" height="16" fill="${COLOURS[row.rating]}"><title>${escape(label)}: p75 ${row.p75}${unit} over ${row.count} page loads (${row.rating})</title></rect><text x="${164 + x(row.p75)}" y="${y + 13}" font-size="12">${row.p75}${unit} (${row.count})</text>`;
        })
        .join("");
      const height = 30 + rows.length * 22;
      const marks = [good, poor]
        .map(
          (value) =>
            `<line x1="${160 + x(value)}" x2="${160 + x(value)}" y1="14" y2="${height}" stroke="#555" stroke-dasharray="3 3"/><text x="${162 + x(value)}" y="10" font-size="10">${value}${unit}</text>`,
        )
        .join("");
      sections.push(
        `<section><h2>${metric}, last ${window}</h2>${
          rows.length === 0
            ? "<p>No page loads measured.</p>"
            : `<svg role="img" aria-label="${metric} p75 per page type and device, last ${window}" width="${160 + width + 120}" height="${height}" font-family="sans-serif">${marks}${bars}</svg>`
        }</section>`,
      );
    }
  }
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Real-user Web Vitals</title></head><body style="font-family:sans-serif;max-width:60rem;margin:1rem auto"><h1>Real-user Web Vitals (p75)</h1><p>From this instance's collected events, ${escape(report.generated_at)}. Dashed lines: the Core Web Vitals thresholds (good, poor). Data: <a href="/vitals.json">/vitals.json</a>.</p>${sections.join("")}</body></html>`;
}
