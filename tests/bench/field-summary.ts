import type { FieldRecord } from "./field-probe";

// The field benchmark's arithmetic: a visit's record → its outcome, outcomes → a summary per page
// (and for all pages), a summary → the targets it misses. Pure, so tests/unit/bench-field.test.ts
// covers it without a browser.

/** A tap is lost when its answer does not appear within this long. */
export const LOST_AFTER_MS = 5000;
/** After the tap, how long a visit waits at most for page_viewed to reach the data layer. */
export const PAGE_VIEW_WAIT_MS = 6000;

export const TARGETS = {
  lostTaps: 0,
  /** The answer targets cover taps from first paint + this on. */
  answerFromMomentMs: 100,
  answerP75Ms: 200,
  answerMaxMs: 500,
  /** Layout shifts summed over a visit, those right after the tap included: 0, give or take rounding. */
  clsWithInputMax: 0.001,
  /** page_viewed in the data layer at or before first paint (ms after it), with a tolerance. */
  pageViewedMaxMs: 0,
  pageViewedToleranceMs: 50,
} as const;

export interface VisitOutcome {
  page: string;
  control: string;
  /** Controls below the first screen are scrolled into view at first paint. */
  scrolled: boolean;
  /** The intended tap moment, ms after first paint. */
  momentMs: number;
  /** The tap's own moment (its pointerdown) in the page's clock, ms after first paint. */
  tapMs: number | null;
  /** Tap → answer; null when there was none within the watch. */
  answerMs: number | null;
  lost: boolean;
  onControl: boolean;
  /** When the tap missed its control: what it landed on, and where the control was then. */
  missed?: string;
  lcpMs: number | null;
  /** Shifts without recent input, summed (what CLS counts). */
  cls: number;
  /** All shifts, those within 500 ms of the tap included, summed. */
  clsWithInput: number;
  /** page_viewed's arrival in the data layer, ms after first paint (negative: before it). */
  pageViewedMs: number | null;
  /** The visit failed (no first paint, a navigation error): its tap counts as lost. */
  error?: string;
}

export interface VisitFacts {
  page: string;
  control: string;
  scrolled: boolean;
  momentMs: number;
  record: FieldRecord | null;
  error?: string;
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

export function outcomeOf({ page, control, scrolled, momentMs, record, error }: VisitFacts): VisitOutcome {
  const base = { page, control, scrolled, momentMs };
  if (!record) {
    return {
      ...base,
      tapMs: null,
      answerMs: null,
      lost: true,
      onControl: false,
      lcpMs: null,
      cls: 0,
      clsWithInput: 0,
      pageViewedMs: null,
      error: error ?? "no record",
    };
  }
  const firstPaint = record.firstPaint;
  const answerMs = record.tap && record.answered !== null ? record.answered - record.tap.t : null;
  const lcp = record.lcp.length ? record.lcp[record.lcp.length - 1]! : null;
  return {
    ...base,
    tapMs: record.tap && firstPaint !== null ? record.tap.t - firstPaint : null,
    answerMs,
    lost: answerMs === null || answerMs > LOST_AFTER_MS,
    onControl: record.tap?.onControl ?? false,
    ...(record.tap && !record.tap.onControl ? { missed: `hit ${record.tap.hit ?? "?"}; control ${record.tap.controlBox ?? "?"}` } : {}),
    lcpMs: lcp ? lcp.t : null,
    cls: sum(record.shifts.filter((s) => !s.hadRecentInput).map((s) => s.value)),
    clsWithInput: sum(record.shifts.map((s) => s.value)),
    pageViewedMs: record.pageViewed !== null && firstPaint !== null ? record.pageViewed - firstPaint : null,
    ...(error ? { error } : {}),
  };
}

/** Nearest-rank percentile (p in 0-100) of `values`; null when there are none. */
export function percentile(values: readonly number[], p: number): number | null {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[Math.min(rank, sorted.length) - 1]!;
}

const max = (values: readonly number[]) => (values.length ? Math.max(...values) : null);

interface MomentSummary {
  momentMs: number;
  taps: number;
  lost: number;
  /** The taps' own moments (pointerdown, ms after first paint). */
  tapP50Ms: number | null;
  tapMaxMs: number | null;
}

export interface FieldSummary {
  scope: string;
  /** Control names measured, "(scrolled)" when scrolled into view at first paint. */
  controls: string[];
  taps: number;
  lost: number;
  moments: MomentSummary[];
  offControl: number;
  failedVisits: number;
  answerP75Ms: number | null;
  answerMaxMs: number | null;
  lcpP75Ms: number | null;
  clsMax: number;
  clsWithInputMax: number;
  pageViewedP75Ms: number | null;
  pageViewedMaxMs: number | null;
  pageViewedMissing: number;
}

export function summarise(scope: string, outcomes: readonly VisitOutcome[]): FieldSummary {
  const controls = [...new Set(outcomes.map((o) => (o.scrolled ? `${o.control} (scrolled)` : o.control)))];
  const moments = [...new Set(outcomes.map((o) => o.momentMs))]
    .sort((a, b) => a - b)
    .map((momentMs) => {
      const at = outcomes.filter((o) => o.momentMs === momentMs);
      const tapMs = at.flatMap((o) => (o.tapMs === null ? [] : [o.tapMs]));
      return { momentMs, taps: at.length, lost: at.filter((o) => o.lost).length, tapP50Ms: percentile(tapMs, 50), tapMaxMs: max(tapMs) };
    });
  const answers = outcomes.filter((o) => !o.lost && o.momentMs >= TARGETS.answerFromMomentMs).map((o) => o.answerMs!);
  const lcp = outcomes.flatMap((o) => (o.lcpMs === null ? [] : [o.lcpMs]));
  const pageViewed = outcomes.flatMap((o) => (o.pageViewedMs === null ? [] : [o.pageViewedMs]));
  return {
    scope,
    controls,
    taps: outcomes.length,
    lost: outcomes.filter((o) => o.lost).length,
    moments,
    offControl: outcomes.filter((o) => !o.error && !o.onControl).length,
    failedVisits: outcomes.filter((o) => o.error).length,
    answerP75Ms: percentile(answers, 75),
    answerMaxMs: max(answers),
    lcpP75Ms: percentile(lcp, 75),
    clsMax: max(outcomes.map((o) => o.cls)) ?? 0,
    clsWithInputMax: max(outcomes.map((o) => o.clsWithInput)) ?? 0,
    pageViewedP75Ms: percentile(pageViewed, 75),
    pageViewedMaxMs: max(pageViewed),
    pageViewedMissing: outcomes.filter((o) => !o.error && o.pageViewedMs === null).length,
  };
}

const ms = (value: number) => `${Math.round(value)} ms`;

/** The targets `summary` misses, each as a sentence naming its scope; empty when all are met. */
export function missedTargets(summary: FieldSummary, targets: typeof TARGETS = TARGETS): string[] {
  const { scope } = summary;
  const missed: string[] = [];
  if (summary.lost > targets.lostTaps) {
    const where = summary.moments.filter((m) => m.lost).map((m) => `${m.lost}/${m.taps} at +${m.momentMs} ms`);
    missed.push(`${scope}: ${summary.lost} of ${summary.taps} taps lost (${where.join(", ")}; target ${targets.lostTaps})`);
  }
  if (summary.answerP75Ms !== null && summary.answerP75Ms > targets.answerP75Ms)
    missed.push(`${scope}: answer p75 ${ms(summary.answerP75Ms)} (target ≤ ${targets.answerP75Ms} ms)`);
  if (summary.answerMaxMs !== null && summary.answerMaxMs > targets.answerMaxMs)
    missed.push(`${scope}: slowest answer ${ms(summary.answerMaxMs)} (target ≤ ${targets.answerMaxMs} ms)`);
  if (summary.clsWithInputMax > targets.clsWithInputMax)
    missed.push(`${scope}: layout shifts up to ${summary.clsWithInputMax.toFixed(3)} in a visit, taps included (target 0, ≤ ${targets.clsWithInputMax})`);
  const pageViewedLimit = targets.pageViewedMaxMs + targets.pageViewedToleranceMs;
  if (summary.pageViewedMaxMs !== null && summary.pageViewedMaxMs > pageViewedLimit) {
    missed.push(
      `${scope}: page_viewed up to ${ms(summary.pageViewedMaxMs)} after first paint (target ≤ ${targets.pageViewedMaxMs} ms, tolerance +${targets.pageViewedToleranceMs} ms)`,
    );
  }
  if (summary.pageViewedMissing)
    missed.push(`${scope}: page_viewed not in the data layer by the end of ${summary.pageViewedMissing} visits (${PAGE_VIEW_WAIT_MS / 1000} s after the tap)`);
  if (summary.offControl)
    missed.push(`${scope}: ${summary.offControl} taps landed off their control (not painted there yet at the tap, moved since load, or the bench aimed wrong)`);
  if (summary.failedVisits) missed.push(`${scope}: ${summary.failedVisits} visits failed`);
  return missed;
}
