import { OTHER_CONTROLS_WANTED } from "./field-controls";
import type { FieldSummary } from "./field-summary";
import { markdownTable } from "./results-table";

// The field benchmark's tables: on stdout, and in docs/benchmarks.md.

const round = (value: number | null) => (value === null ? "-" : String(Math.round(value)));
const signed = (value: number | null) => (value === null ? "-" : `${value > 0 ? "+" : ""}${Math.round(value)}`);
const pair = (a: string, b: string) => `${a} / ${b}`;

export function fieldTable(pages: readonly FieldSummary[], all: FieldSummary): string {
  const moments = all.moments.map((m) => m.momentMs);
  const header = [
    "page".padEnd(11),
    "taps".padStart(4),
    "lost".padStart(5),
    ...moments.map((m) => `+${m}`.padStart(7)),
    "answer p75/max ms".padStart(18),
    "LCP p75 ms".padStart(11),
    "CLS max".padStart(8),
    "w/ taps".padStart(7),
    "page_viewed p75/max ms".padStart(23),
  ].join(" ");
  const row = (s: FieldSummary) =>
    [
      s.scope.padEnd(11),
      String(s.taps).padStart(4),
      String(s.lost).padStart(5),
      ...moments.map((m) => {
        const at = s.moments.find((x) => x.momentMs === m);
        return (at ? `${at.lost}/${at.taps}` : "-").padStart(7);
      }),
      pair(round(s.answerP75Ms), round(s.answerMaxMs)).padStart(18),
      round(s.lcpP75Ms).padStart(11),
      s.clsMax.toFixed(3).padStart(8),
      s.clsWithInputMax.toFixed(3).padStart(7),
      pair(signed(s.pageViewedP75Ms), signed(s.pageViewedMaxMs)).padStart(23),
    ].join(" ");
  const lines = [header, ...pages.map(row), row(all)];
  lines.push("", "lost: taps with no answer within 5 s, in all and per intended moment (lost/taps); answer: tap → answer, answered taps");
  lines.push("LCP: as the browser reports it, which stops at the first input (as in field data)");
  lines.push("CLS max: the worst visit's shifts without recent input, summed; w/ taps: all its shifts, those right after the tap too");
  lines.push("page_viewed: its arrival in the data layer, ms after first paint (negative: before it)");

  lines.push("", "controls measured (scrolled: below the first screen, scrolled into view at first paint, then tapped):");
  for (const s of pages) {
    const others = s.controls.length - 1;
    const short = others < OTHER_CONTROLS_WANTED ? `  (only ${others} besides the menu visible on a phone without opening the menu)` : "";
    lines.push(`  ${s.scope.padEnd(11)} ${s.controls.join(", ")}${short}`);
  }

  lines.push("", "taps as made (pointerdown in the page's clock, ms after first paint):");
  for (const m of all.moments) lines.push(`  intended +${m.momentMs}: p50 ${signed(m.tapP50Ms)}, latest ${signed(m.tapMaxMs)}`);
  return lines.join("\n");
}

/** docs/benchmarks.md's table: per page, per control over all pages, and all taps. */
export function fieldMarkdown(pages: readonly FieldSummary[], byControl: readonly FieldSummary[], all: FieldSummary, heading: string): string {
  const rows = [...pages, ...byControl, all].map((s) => [
    s.scope,
    String(s.taps),
    String(s.lost),
    round(s.answerP75Ms),
    round(s.answerMaxMs),
    round(s.lcpP75Ms),
    s.clsWithInputMax.toFixed(3),
    pair(signed(s.pageViewedP75Ms), signed(s.pageViewedMaxMs)),
  ]);
  const header = [
    "page or control",
    "taps",
    "lost",
    "answer p75 ms",
    "answer max ms",
    "LCP p75 ms",
    "CLS max (taps included)",
    "page_viewed p75 / max ms after first paint",
  ];
  return `${heading}\n\n${markdownTable(header, rows)}`;
}
