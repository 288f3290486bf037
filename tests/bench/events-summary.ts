import { percentile } from "./field-summary";

// The events bench's arithmetic: a visit's record → its outcome, outcomes → a summary per scope (a
// control on a page, a control on all pages, all taps), and the view_item_list table. Pure, so
// tests/unit/bench-events.test.ts covers it without a browser. Times are in the page's clock.

/** A visit that neither leaves nor opens a window watches this long after the tap for the events. */
export const WATCH_MS = 5000;

export const TARGETS = {
  lostEvents: 0,
  /** Taps that pushed an expected event more than once (the head script's and the app's push of the same click). */
  countedTwice: 0,
  /** Share of taps (with expected events) whose events were in the data layer at the end of the click's dispatch. */
  inDispatchShare: 1,
} as const;

export interface EventsRecord {
  /** first-paint or first-contentful-paint, whichever came first. */
  firstPaint: number | null;
  /** Every push of the visited document, in order, with its event_id when it has one. */
  pushes: Array<{ t: number; event: string | null; id?: string | null }>;
  /** Every pointerdown: the tap on the control is the one `onControl`; openers' taps are not. */
  downs: Array<{ t: number; onControl: boolean; hit: string }>;
  /** When the browser began dispatching the control's click. */
  clickAt: number | null;
  /** At the end of the click's dispatch (and of the submit it starts, for a form's button). */
  verdicts: Array<{ t: number; phase: "click" | "submit"; found: string[]; pushed: string[]; newWindowByLink: boolean }>;
  opens: Array<{ t: number; opened: boolean }>;
  /** The page left: when the next document started, and the events of the data layer's entries as it began to leave. */
  unload: { t: number; events: Array<string | null>; ids?: Array<string | null> } | null;
}

export type Exit = "left" | "new window" | "stayed";

export interface EventsOutcome {
  page: string;
  control: string;
  /** The intended moment of the control's tap (of its first opener, for a control in a panel), ms after first paint. */
  momentMs: number;
  expected: string[];
  /** The control's tap (its pointerdown), ms after first paint. */
  tapMs: number | null;
  onControl: boolean;
  missed?: string;
  exit: Exit;
  /** Tap → the page leaving or the new window opening. */
  exitMs: number | null;
  /** Expected events that had not reached the data layer when the page left (or by the end of the watch). */
  lost: string[];
  /** Whether every expected event was in the data layer at the end of the click's dispatch; null without expected events. */
  inDispatch: boolean | null;
  /** Expected events pushed more than once after the tap (within the watch). */
  countedTwice: string[];
  /** Every event pushed from the tap to the end of the click's dispatch (what a control without a defined event pushes). */
  pushedInDispatch: string[];
  /** Tap → the last expected event's push, when all were pushed (before exit or not). */
  pushMs: number | null;
  /** Tap → the click's dispatch began. */
  inputDelayMs: number | null;
  /** The event_ids of the expected events this tap pushed (for the collector's verdict), by name. */
  expectedIds: Record<string, string>;
  /**
   * Expected events of a tap that left the page (or opened a window) that did not reach the first-party collector
   * (its sink, read once the run is over: collectorOutcome()); null when not judged (no exit, no expected event,
   * or the sink not read).
   */
  notCollected: string[] | null;
  /** view_item_list's first push, ms after first paint; null when never. */
  viewItemListMs: number | null;
  viewItemListBeforeExit: boolean;
  error?: string;
}

export interface VisitFacts {
  page: string;
  control: string;
  momentMs: number;
  expected: readonly string[];
  record: EventsRecord | null;
  error?: string;
}

/** When the tap took the visitor away: the next document in the tab, or the new window (at the end of the dispatch that opened it). */
export function exitOf(record: EventsRecord, tapAt: number | null): { exit: Exit; at: number | null } {
  if (record.unload) return { exit: "left", at: record.unload.t };
  const clickVerdict = record.verdicts.find((v) => v.phase === "click");
  const byLink = clickVerdict?.newWindowByLink ? clickVerdict.t : null;
  const open = record.opens.find((o) => o.opened && (tapAt === null || o.t >= tapAt));
  // A window opened inside the click's dispatch opens when that task ends: what the same dispatch pushed counts.
  const byScript = open ? (clickVerdict && record.clickAt !== null && open.t >= record.clickAt && open.t <= clickVerdict.t ? clickVerdict.t : open.t) : null;
  const candidates = [byLink, byScript].filter((t): t is number => t !== null);
  if (candidates.length) return { exit: "new window", at: Math.min(...candidates) };
  return { exit: "stayed", at: null };
}

/** The event_id of the last entry named `name` in the data layer as the page left. */
function lastIdIn(unload: EventsRecord["unload"], name: string): string | null {
  if (!unload?.ids) return null;
  for (let i = unload.events.length - 1; i >= 0; i--) if (unload.events[i] === name && unload.ids[i]) return unload.ids[i]!;
  return null;
}

/**
 * The collector's verdict on an outcome, from the event_ids the server's sink holds: for a tap that left the page or
 * opened a window with expected events, those whose event_id (as the data layer held it) is not in the sink.
 */
export function collectorOutcome(outcome: EventsOutcome, collected: ReadonlySet<string>): EventsOutcome {
  if (outcome.exit === "stayed" || !outcome.expected.length || outcome.error) return { ...outcome, notCollected: null };
  const notCollected = outcome.expected.filter((name) => {
    const id = outcome.expectedIds[name];
    return !id || !collected.has(id);
  });
  return { ...outcome, notCollected };
}

export function outcomeOf({ page, control, momentMs, expected, record, error }: VisitFacts): EventsOutcome {
  const base = { page, control, momentMs, expected: [...expected] };
  if (!record) {
    return {
      ...base,
      tapMs: null,
      onControl: false,
      exit: "stayed",
      exitMs: null,
      lost: [...expected],
      inDispatch: expected.length ? false : null,
      countedTwice: [],
      pushedInDispatch: [],
      pushMs: null,
      inputDelayMs: null,
      expectedIds: {},
      notCollected: null,
      viewItemListMs: null,
      viewItemListBeforeExit: false,
      error: error ?? "no record",
    };
  }
  const tap = record.downs.find((d) => d.onControl) ?? record.downs[record.downs.length - 1] ?? null;
  const tapAt = tap?.t ?? null;
  const { exit, at: exitAt } = exitOf(record, tapAt);
  // A page that left had pushed whatever its document reported (nothing arrives after it is gone); a new window
  // counts what came before it; a page that stayed, what came within the watch.
  const reached = (t: number) => exit === "left" || (exitAt !== null ? t <= exitAt : tapAt === null || t - tapAt <= WATCH_MS);
  const afterTap = record.pushes.filter((p) => tapAt !== null && p.t >= tapAt);
  const inUnload = new Set(record.unload?.events ?? []);
  const lost = expected.filter((name) => !inUnload.has(name) && !afterTap.some((p) => p.event === name && reached(p.t)));
  const pushTimes = expected.map((name) => afterTap.find((p) => p.event === name)?.t ?? null);
  const allPushed = pushTimes.every((t) => t !== null);
  const verdicts = record.verdicts;
  const inDispatch = expected.length ? verdicts.some((v) => expected.every((name) => v.found.includes(name))) : null;
  const clickVerdict = verdicts.find((v) => v.phase === "click");
  const viewItemList = record.pushes.find((p) => p.event === "view_item_list") ?? null;
  const firstPaint = record.firstPaint;
  // Each expected event's id: its push after the tap, else (its push's message lost as the page left) the data layer as it left.
  const expectedIds: Record<string, string> = {};
  for (const name of expected) {
    const id = afterTap.find((p) => p.event === name && p.id)?.id ?? lastIdIn(record.unload, name);
    if (id) expectedIds[name] = id;
  }
  return {
    ...base,
    tapMs: tap && firstPaint !== null ? tap.t - firstPaint : null,
    onControl: tap?.onControl ?? false,
    ...(tap && !tap.onControl ? { missed: `hit ${tap.hit || "?"}` } : {}),
    exit,
    exitMs: exitAt !== null && tapAt !== null ? exitAt - tapAt : null,
    lost,
    inDispatch,
    countedTwice: expected.filter((name) => afterTap.filter((p) => p.event === name && (tapAt === null || p.t - tapAt <= WATCH_MS)).length > 1),
    pushedInDispatch: clickVerdict ? [...new Set([...clickVerdict.pushed, ...verdicts.flatMap((v) => v.pushed)])] : [],
    pushMs: allPushed && expected.length && tapAt !== null ? Math.max(...(pushTimes as number[])) - tapAt : null,
    inputDelayMs: record.clickAt !== null && tap?.onControl ? record.clickAt - tap.t : null,
    expectedIds,
    notCollected: null,
    viewItemListMs: viewItemList && firstPaint !== null ? viewItemList.t - firstPaint : null,
    viewItemListBeforeExit: !!viewItemList && (exit === "left" || exitAt === null || viewItemList.t <= exitAt),
    ...(error ? { error } : {}),
  };
}

const max = (values: readonly number[]) => (values.length ? Math.max(...values) : null);
const numbers = (values: ReadonlyArray<number | null>) => values.filter((v): v is number => v !== null);

interface MomentLoss {
  momentMs: number;
  taps: number;
  /** Taps that lost at least one expected event. */
  tapsWithLoss: number;
  lostEvents: number;
  expectedEvents: number;
}

export interface EventsSummary {
  scope: string;
  taps: number;
  /** Taps of a control the plan defines no event for. */
  tapsWithoutEvent: number;
  expectedEvents: number;
  lostEvents: number;
  tapsWithLoss: number;
  /** Taps that pushed an expected event more than once. */
  countedTwice: number;
  /** Exit taps judged at the collector, their expected events, and those that did not reach it; null when none was judged. */
  collector: { taps: number; expectedEvents: number; notCollected: number } | null;
  moments: MomentLoss[];
  /** Taps with expected events, and those whose events were all in the data layer at the end of the click's dispatch. */
  judgedTaps: number;
  inDispatch: number;
  inDispatchShare: number | null;
  pushP75Ms: number | null;
  pushMaxMs: number | null;
  inputDelayP75Ms: number | null;
  inputDelayMaxMs: number | null;
  /** The same taps with the app's scripts refused: what the browser alone needs before it dispatches the click. */
  floorInputDelayP75Ms: number | null;
  floorInputDelayMaxMs: number | null;
  exits: Record<Exit, number>;
  offControl: number;
  failedVisits: number;
  /** What taps on controls without a defined event pushed in their dispatch, by name. */
  pushedWithoutEvent: string[];
}

function collectorCounts(outcomes: readonly EventsOutcome[]): EventsSummary["collector"] {
  const judged = outcomes.filter((o) => o.notCollected !== null);
  if (!judged.length) return null;
  return {
    taps: judged.length,
    expectedEvents: judged.reduce((n, o) => n + o.expected.length, 0),
    notCollected: judged.reduce((n, o) => n + o.notCollected!.length, 0),
  };
}

export function summarise(scope: string, outcomes: readonly EventsOutcome[], floor: readonly EventsOutcome[] = []): EventsSummary {
  const moments = [...new Set(outcomes.map((o) => o.momentMs))]
    .sort((a, b) => a - b)
    .map((momentMs) => {
      const at = outcomes.filter((o) => o.momentMs === momentMs);
      return {
        momentMs,
        taps: at.length,
        tapsWithLoss: at.filter((o) => o.lost.length).length,
        lostEvents: at.reduce((n, o) => n + o.lost.length, 0),
        expectedEvents: at.reduce((n, o) => n + o.expected.length, 0),
      };
    });
  const judged = outcomes.filter((o) => o.inDispatch !== null);
  const inDispatch = judged.filter((o) => o.inDispatch).length;
  const pushes = numbers(outcomes.map((o) => o.pushMs));
  const delays = numbers(outcomes.map((o) => o.inputDelayMs));
  const floorDelays = numbers(floor.map((o) => o.inputDelayMs));
  const exits: Record<Exit, number> = { left: 0, "new window": 0, stayed: 0 };
  for (const o of outcomes) exits[o.exit]++;
  return {
    scope,
    taps: outcomes.length,
    tapsWithoutEvent: outcomes.filter((o) => !o.expected.length).length,
    expectedEvents: outcomes.reduce((n, o) => n + o.expected.length, 0),
    lostEvents: outcomes.reduce((n, o) => n + o.lost.length, 0),
    tapsWithLoss: outcomes.filter((o) => o.lost.length).length,
    countedTwice: outcomes.filter((o) => o.countedTwice.length).length,
    collector: collectorCounts(outcomes),
    moments,
    judgedTaps: judged.length,
    inDispatch,
    inDispatchShare: judged.length ? inDispatch / judged.length : null,
    pushP75Ms: percentile(pushes, 75),
    pushMaxMs: max(pushes),
    inputDelayP75Ms: percentile(delays, 75),
    inputDelayMaxMs: max(delays),
    floorInputDelayP75Ms: percentile(floorDelays, 75),
    floorInputDelayMaxMs: max(floorDelays),
    exits,
    offControl: outcomes.filter((o) => !o.error && !o.onControl).length,
    failedVisits: outcomes.filter((o) => o.error).length,
    pushedWithoutEvent: [...new Set(outcomes.filter((o) => !o.expected.length).flatMap((o) => o.pushedInDispatch))],
  };
}

export interface ViewItemListRow {
  page: string;
  momentMs: number;
  visits: number;
  /** Visits where view_item_list reached the data layer before the page left (or within the watch). */
  beforeExit: number;
  /** Of those, ms after first paint. */
  p50Ms: number | null;
  maxMs: number | null;
}

export function viewItemListRows(outcomes: readonly EventsOutcome[]): ViewItemListRow[] {
  const pages = [...new Set(outcomes.map((o) => o.page))];
  const moments = [...new Set(outcomes.map((o) => o.momentMs))].sort((a, b) => a - b);
  return pages.flatMap((page) =>
    moments.flatMap((momentMs) => {
      const at = outcomes.filter((o) => o.page === page && o.momentMs === momentMs);
      if (!at.length) return [];
      const times = numbers(at.filter((o) => o.viewItemListBeforeExit).map((o) => o.viewItemListMs));
      return [
        { page, momentMs, visits: at.length, beforeExit: at.filter((o) => o.viewItemListBeforeExit).length, p50Ms: percentile(times, 50), maxMs: max(times) },
      ];
    }),
  );
}

/** The targets `summary` misses, each as a sentence naming its scope; empty when all are met. */
export function missedTargets(summary: EventsSummary, targets: typeof TARGETS = TARGETS): string[] {
  const { scope } = summary;
  const missed: string[] = [];
  if (summary.lostEvents > targets.lostEvents) {
    const where = summary.moments.filter((m) => m.lostEvents).map((m) => `${m.lostEvents}/${m.expectedEvents} at +${m.momentMs} ms`);
    missed.push(
      `${scope}: ${summary.lostEvents} of ${summary.expectedEvents} events lost at exit, ${summary.tapsWithLoss} of ${summary.taps} taps (${where.join(", ")}; target ${targets.lostEvents})`,
    );
  }
  if (summary.countedTwice > targets.countedTwice) {
    missed.push(`${scope}: ${summary.countedTwice} of ${summary.taps} taps pushed an expected event more than once (target ${targets.countedTwice})`);
  }
  if (summary.inDispatchShare !== null && summary.inDispatchShare < targets.inDispatchShare) {
    missed.push(
      `${scope}: ${summary.inDispatch} of ${summary.judgedTaps} taps pushed their events within the click's dispatch (target ${Math.round(targets.inDispatchShare * 100)} %)`,
    );
  }
  if (summary.offControl) missed.push(`${scope}: ${summary.offControl} taps landed off their control`);
  if (summary.failedVisits) missed.push(`${scope}: ${summary.failedVisits} visits failed`);
  return missed;
}
