import type { EventsSummary, ViewItemListRow } from "./events-summary";
import { markdownTable } from "./results-table";

// The events bench's tables: on stdout, and in docs/benchmarks.md.

const round = (value: number | null) => (value === null ? "-" : String(Math.round(value)));
const pair = (a: number | null, b: number | null) => `${round(a)} / ${round(b)}`;
const share = (s: EventsSummary) =>
  s.inDispatchShare === null ? "no event defined" : `${s.inDispatch}/${s.judgedTaps} (${Math.round(s.inDispatchShare * 100)} %)`;
const lost = (s: EventsSummary) => (s.expectedEvents ? `${s.lostEvents}/${s.expectedEvents} (${s.tapsWithLoss} taps)` : "no event defined");
const collector = (s: EventsSummary) =>
  s.collector ? `${s.collector.expectedEvents - s.collector.notCollected}/${s.collector.expectedEvents} (${s.collector.taps} taps)` : "-";
const atMoment = (s: EventsSummary, momentMs: number) => {
  const m = s.moments.find((x) => x.momentMs === momentMs);
  if (!m) return "-";
  return m.expectedEvents ? `${m.lostEvents}/${m.expectedEvents}` : "n/a";
};
const exits = (s: EventsSummary) =>
  Object.entries(s.exits)
    .filter(([, n]) => n)
    .map(([kind, n]) => `${kind} ${n}`)
    .join(", ");

function rows(summaries: readonly EventsSummary[], moments: readonly number[]): string[][] {
  return summaries.map((s) => [
    s.scope,
    String(s.taps),
    lost(s),
    collector(s),
    ...moments.map((m) => atMoment(s, m)),
    share(s),
    pair(s.pushP75Ms, s.pushMaxMs),
    pair(s.inputDelayP75Ms, s.inputDelayMaxMs),
    pair(s.floorInputDelayP75Ms, s.floorInputDelayMaxMs),
    exits(s),
  ]);
}

function header(moments: readonly number[]): string[] {
  return [
    "page: control",
    "taps",
    "events lost at exit",
    "exit taps' events at the collector",
    ...moments.map((m) => `lost +${m}`),
    "pushed in the click's dispatch",
    "tap → push p75 / max ms",
    "input delay p75 / max ms",
    "floor input delay p75 / max ms",
    "exits",
  ];
}

function viewItemListTable(list: readonly ViewItemListRow[]): { header: string[]; rows: string[][] } {
  return {
    header: ["page", "tap at", "visits", "view_item_list before exit", "p50 / max ms after first paint"],
    rows: list.map((r) => [r.page, `+${r.momentMs}`, String(r.visits), `${r.beforeExit}/${r.visits}`, pair(r.p50Ms, r.maxMs)]),
  };
}

function noEventNotes(summaries: readonly EventsSummary[]): string[] {
  const twice = summaries.filter((s) => s.countedTwice).map((s) => `${s.scope}: ${s.countedTwice} of ${s.taps} taps pushed an expected event more than once`);
  const all = summaries[summaries.length - 1];
  const once = all && !all.countedTwice ? [`no tap pushed an expected event more than once`] : [];
  return [
    ...twice,
    ...once,
    ...summaries
      .filter((s) => s.tapsWithoutEvent && s.tapsWithoutEvent === s.taps)
      .map((s) => `${s.scope}: no event defined; pushed in the click's dispatch: ${s.pushedWithoutEvent.length ? s.pushedWithoutEvent.join(", ") : "nothing"}`),
  ];
}

/** Plain text for stdout: the same tables, aligned. */
export function eventsTable(
  summaries: readonly EventsSummary[],
  moments: readonly number[],
  list: readonly ViewItemListRow[],
  absent: readonly string[],
): string {
  const align = (head: readonly string[], body: readonly string[][]) => {
    const widths = head.map((h, i) => Math.max(h.length, ...body.map((r) => r[i]!.length)));
    const line = (cells: readonly string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ");
    return [line(head), ...body.map(line)].join("\n");
  };
  const vil = viewItemListTable(list);
  return [
    align(header(moments), rows(summaries, moments)),
    "",
    "events lost at exit: expected events not in the data layer when the page left (the next document started) or the new window opened, or 5 s after the tap on a page that stayed; lost +N: lost/expected for taps at first paint + N ms",
    "exit taps' events at the collector: of the taps that left the page or opened a window, their expected events whose event_id (as the data layer held it) the first-party collector's sink holds after the run",
    "pushed in the click's dispatch: a window click listener that runs after the page's handlers found every expected event in the data layer already",
    "tap → push: the tap (pointerdown) → the last expected event's push; input delay: the tap → the click's dispatch; floor: the same taps with the app's scripts refused",
    ...noEventNotes(summaries),
    ...absent.map((a) => `not on the bench pages: ${a}`),
    "",
    align(vil.header, vil.rows),
  ].join("\n");
}

/** docs/benchmarks.md's section. */
export function eventsMarkdown(
  summaries: readonly EventsSummary[],
  moments: readonly number[],
  list: readonly ViewItemListRow[],
  absent: readonly string[],
  heading: string,
): string {
  const vil = viewItemListTable(list);
  const notes = [...noEventNotes(summaries), ...absent.map((a) => `not on the bench pages: ${a}`)];
  return [
    heading,
    "",
    markdownTable(header(moments), rows(summaries, moments)),
    "",
    ...notes.map((n) => `- ${n}`),
    "",
    markdownTable(vil.header, vil.rows),
  ].join("\n");
}
