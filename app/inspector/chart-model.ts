import type { MachineTransition } from "../../machines/machine-graph";
import type { CoverageFile, MachineCoverage } from "../../machines/transition-coverage";

// The laid-out statechart of one machine, as the /machines loader sends it (statechart-layout.server.ts)
// and the page draws it (Statechart.tsx). Plain data: coordinates are absolute within the chart.

export interface ChartState {
  /** The state node id ("header.throttle.cooling"). */
  id: string;
  key: string;
  /** The containing state's id; null for the machine's root. */
  parent: string | null;
  type: "atomic" | "compound" | "parallel" | "final" | "history";
  /** A region of a parallel state (drawn with a dashed outline). */
  isRegion: boolean;
  depth: number;
  x: number;
  y: number;
  width: number;
  height: number;
  /** Targetless transitions, listed inside the state box (ids into Chart.transitions). */
  internal: string[];
}

export interface ChartTransition {
  /** transition-id.ts: the same id the bridge and the coverage files use. */
  id: string;
  source: string;
  targets: string[];
  /** "SCROLLED", "after throttle (200 ms)", "always", "xstate.done.actor.fetchFile". */
  event: string;
  guard: string | null;
  emits: string | null;
  /** arrow: to another state; self: back to its own state (re-entering); internal: no target, listed on the state. */
  kind: "arrow" | "self" | "internal";
  /** SVG path data, one per target. */
  paths: string[];
  /** Where the label's first line starts, for arrows and self-transitions. */
  label: { x: number; y: number } | null;
}

export interface InitialMarker {
  /** The compound state whose initial child it points at. */
  parent: string;
  cx: number;
  cy: number;
  path: string;
}

export interface Chart {
  machineId: string;
  width: number;
  height: number;
  /** Parents before children, so children draw on top. */
  states: ChartState[];
  transitions: ChartTransition[];
  initialMarkers: InitialMarker[];
}

/** One machine as /machines receives it: the catalogue's description and the laid-out chart. */
export interface MachineChart {
  behaviour: string;
  /** Anchors of the docs/requirements.md sections it implements. */
  requirements: readonly string[];
  chart: Chart;
}

/** What `/machines?coverage` receives: the coverage files' provenance and each machine's coverage. */
export interface CoverageView {
  browser: { generatedAt: string; run: NonNullable<CoverageFile["run"]> | null } | null;
  unit: { generatedAt: string } | null;
  /** A coverage file that exists but cannot be read, named with the reason. */
  problems: string[];
  machines: Record<string, MachineCoverage>;
}

/** Room before a label's first line for its marks: coverage, path test and replay glyphs ("✔ ⇉ ● "). */
export const MARK_COLUMNS = 6;

/** Label text metrics: labels are monospace, so their width is known without a browser. */
export const CHAR_WIDTH = 7.4;
export const LINE_HEIGHT = 16;
export const LABEL_FONT_SIZE = 12;

export function eventLabel(t: Pick<MachineTransition, "eventType" | "delay">): string {
  if (t.delay) return `after ${t.delay}`;
  if (t.eventType === "") return "always";
  return t.eventType;
}

/** The lines of an arrow's label: the event with its guard, then the catalogue event it emits. */
export function labelLines(t: Pick<ChartTransition, "event" | "guard" | "emits">): string[] {
  const guard = t.guard ? `[${t.guard}]` : "";
  const lines = guard.length && `${t.event} ${guard}`.length <= LABEL_COLUMNS ? [`${t.event} ${guard}`] : [t.event, ...wrap(guard)];
  return [...lines.filter(Boolean), `⇒ ${t.emits ?? "NO EVENT"}`];
}

/** Arrow labels wrap at this many characters, so long guards do not stretch a chart sideways. */
const LABEL_COLUMNS = 30;

/** Breaks "[and(not(isSticky), isScrollingDown, isPastHeader)]" after its commas. */
function wrap(text: string): string[] {
  const lines: string[] = [];
  let line = "";
  for (const part of text.split(/(?<=, )/)) {
    if (line && (line + part).length > LABEL_COLUMNS) {
      lines.push(line.trimEnd());
      line = `  ${part}`;
    } else line += part;
  }
  if (line) lines.push(line.trimEnd());
  return lines;
}

/** One line for a targetless transition listed on its state. */
export function internalLine(t: Pick<ChartTransition, "event" | "guard" | "emits">): string {
  return `${t.event}${t.guard ? ` [${t.guard}]` : ""} ⇒ ${t.emits ?? "NO EVENT"}`;
}

function stateName(id: string): string {
  return id.split(".").slice(1).join(".") || id;
}

/** What a screen reader says for a transition (its <title> and aria-label). */
export function transitionName(t: ChartTransition): string {
  const guard = t.guard ? ` when ${t.guard}` : "";
  const emits = t.emits ? `, emits ${t.emits}` : ", emits no event";
  if (t.kind === "internal") return `${t.event}${guard}: stays in ${stateName(t.source)}${emits}`;
  const to = t.targets.map(stateName).join(" and ");
  if (t.kind === "self") return `${t.event}${guard}: re-enters ${to}${emits}`;
  return `${t.event}${guard}: ${stateName(t.source)} to ${to}${emits}`;
}

export function stateTitle(s: Pick<ChartState, "id" | "type" | "isRegion">): string {
  const kind = s.isRegion
    ? "region"
    : s.type === "parallel"
      ? "parallel state"
      : s.type === "final"
        ? "final state"
        : s.type === "history"
          ? "history state"
          : "state";
  return `${kind} ${stateName(s.id)}`;
}
