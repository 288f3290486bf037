import { Fragment, type ReactNode } from "react";
import type { CoverageStatus } from "../../machines/transition-coverage";
import { styled } from "../../tokens/stitches.config";
import {
  CHAR_WIDTH,
  internalLine,
  labelLines,
  LABEL_FONT_SIZE,
  LINE_HEIGHT,
  stateTitle,
  transitionName,
  type Chart,
  type ChartState,
  type ChartTransition,
} from "./chart-model";

// One machine drawn as a statechart from its server-side layout: states as rounded boxes (regions of
// a parallel state dashed, final states double), an initial marker in each compound state, arrows
// labelled with event, guard, delay and emitted catalogue event; targetless transitions are listed
// inside their state. Every state and transition carries a <title> and an aria-label.

const Svg = styled("svg", {
  display: "block",
  fontFamily: "ui-monospace, SFMono-Regular, Menlo, Consolas, monospace",
  fontSize: `${LABEL_FONT_SIZE}px`,
  ".state-box": { fill: "$surface", stroke: "$grey500", strokeWidth: 1.25 },
  "[data-region='true'] > .state-box": { fill: "none", stroke: "$grey500", strokeDasharray: "6 4" },
  "[data-active='true'] > .state-box": { stroke: "$purple", strokeWidth: 3, fill: "$purpleLight" },
  "[data-region='true'][data-active='true'] > .state-box": { fill: "none", strokeWidth: 1.5 },
  ".state-name": { fontWeight: 700, fill: "$nearBlack" },
  ".edge": { fill: "none", stroke: "$grey700", strokeWidth: 1.5 },
  ".label": { fill: "$grey900" },
  ".label-halo": { fill: "$surface", opacity: 0.85 },
  ".initial": { fill: "$nearBlack" },
  "[data-flash='true']": { animation: "statechart-flash 1.2s ease-out" },
  "@keyframes statechart-flash": { "0%": { opacity: 0.2 }, "30%": { opacity: 1 }, "60%": { opacity: 0.4 }, "100%": { opacity: 1 } },
  "@reducedMotion": { "[data-flash='true']": { animation: "none" } },
  // Coverage: colour plus line style plus a glyph in the label, so no reading depends on colour alone.
  "[data-coverage='browser'] .edge": { stroke: "$green", strokeWidth: 2.5 },
  "[data-coverage='browser'] .label": { fill: "$green" },
  "[data-coverage='unit'] .edge": { stroke: "$amber", strokeDasharray: "8 4", strokeWidth: 2 },
  "[data-coverage='unit'] .label": { fill: "$amber" },
  "[data-coverage='never'] .edge": { stroke: "$red", strokeDasharray: "2 4", strokeWidth: 2 },
  "[data-coverage='never'] .label": { fill: "$red" },
  // The replayed visit's arrows stand out whatever their coverage: a thicker line, and "●" in the label.
  "[data-replayed='true'] .edge": { strokeWidth: 3.5 },
  // What is happening now (a flash, a pinned log entry, the replay's step) wins over coverage colours.
  "[data-flash='true'] .edge, [data-highlighted='true'] .edge": { stroke: "$candy", strokeWidth: 3.5 },
  "[data-flash='true'] .label, [data-highlighted='true'] .label": { fill: "$candy", fontWeight: 700 },
});

export const COVERAGE_GLYPH: Record<CoverageStatus, string> = { browser: "✔", unit: "◐", never: "✘" };
export const COVERAGE_WORDS: Record<CoverageStatus, string> = {
  browser: "taken by a browser test",
  unit: "taken only by the unit tests",
  never: "never taken by a test",
};
/** Marks beside the coverage glyph: a path test took the arrow; the replayed visit took it. */
export const PATH_GLYPH = "⇉";
export const REPLAY_GLYPH = "●";
export const PATH_WORDS = "by a path test";
export const REPLAY_WORDS = "in the replayed visit";

interface Props {
  chart: Chart;
  labelledBy: string;
  active: ReadonlySet<string>;
  flashing: ReadonlySet<string>;
  /** Bumped on each new flash, so the same arrow flashes again. */
  flashKey: number;
  highlighted: ReadonlySet<string>;
  coverage: Record<string, CoverageStatus> | null;
  /** Transitions the path tests took (with ?coverage), and those the replayed visit took (while one is loaded). */
  pathTested: ReadonlySet<string> | null;
  replayed: ReadonlySet<string> | null;
  fit: boolean;
}

function Lines({ x, y, lines, glyph }: { x: number; y: number; lines: string[]; glyph: string | null }) {
  return (
    <text className="label" x={x} y={y}>
      {lines.map((line, i) => (
        <tspan key={i} x={x} dy={i === 0 ? 0 : LINE_HEIGHT}>
          {i === 0 && glyph ? `${glyph} ${line}` : line}
        </tspan>
      ))}
    </text>
  );
}

export function Statechart({ chart, labelledBy, active, flashing, flashKey, highlighted, coverage, pathTested, replayed, fit }: Props) {
  const byId = new Map(chart.transitions.map((t) => [t.id, t]));
  const children = new Map<string, ChartState[]>();
  for (const state of chart.states) {
    const parent = state.parent ?? "";
    children.set(parent, [...(children.get(parent) ?? []), state]);
  }
  const marker = `arrowhead-${chart.machineId}`;

  const transitionProps = (t: ChartTransition) => {
    const status = coverage?.[t.id] ?? null;
    const byPaths = pathTested?.has(t.id) ?? false;
    const inReplay = replayed?.has(t.id) ?? false;
    const words = [status ? COVERAGE_WORDS[status] : null, byPaths ? PATH_WORDS : null, inReplay ? REPLAY_WORDS : null].filter(Boolean);
    const name = `${transitionName(t)}${words.length ? ` (${words.join(", ")})` : ""}`;
    const glyph = [status ? COVERAGE_GLYPH[status] : null, byPaths ? PATH_GLYPH : null, inReplay ? REPLAY_GLYPH : null].filter(Boolean).join(" ") || null;
    return {
      name,
      glyph,
      props: {
        role: "img",
        "aria-label": name,
        "data-transition-id": t.id,
        "data-event": t.event,
        "data-kind": t.kind,
        "data-coverage": status ?? undefined,
        "data-path-tested": byPaths ? "true" : undefined,
        "data-replayed": inReplay ? "true" : undefined,
        "data-flash": flashing.has(t.id) ? "true" : undefined,
        "data-highlighted": highlighted.has(t.id) ? "true" : undefined,
      },
    };
  };

  const drawState = (state: ChartState): ReactNode => {
    const { x, y, width, height } = state;
    const initial = chart.initialMarkers.find((m) => m.parent === state.id);
    return (
      <g
        key={state.id}
        role="group"
        aria-label={stateTitle(state)}
        data-state-id={state.id}
        data-state-type={state.type}
        data-region={state.isRegion ? "true" : undefined}
        data-active={active.has(state.id) ? "true" : "false"}
      >
        <title>{stateTitle(state)}</title>
        <rect className="state-box" x={x} y={y} width={width} height={height} rx={state.isRegion ? 4 : 10} />
        {state.type === "final" ? <rect className="state-box" x={x + 4} y={y + 4} width={width - 8} height={height - 8} rx={7} /> : null}
        <text className="state-name" x={x + 12} y={y + 18}>
          {state.key}
          {state.type === "parallel" ? " ∥" : state.type === "history" ? " (H)" : ""}
        </text>
        {state.internal.map((id, i) => {
          const t = byId.get(id);
          if (!t) return null;
          const { name, glyph, props } = transitionProps(t);
          return (
            <g key={`${id}:${flashing.has(id) ? flashKey : 0}`} {...props}>
              <title>{name}</title>
              <Lines x={x + 12} y={y + 18 + (i + 1) * LINE_HEIGHT} lines={[`↺ ${internalLine(t)}`]} glyph={glyph} />
            </g>
          );
        })}
        {initial ? (
          <g aria-hidden="true">
            <circle className="initial" cx={initial.cx} cy={initial.cy} r={5} />
            <path className="edge" d={initial.path} markerEnd={`url(#${marker})`} />
          </g>
        ) : null}
        {(children.get(state.id) ?? []).map(drawState)}
      </g>
    );
  };

  return (
    <Svg
      viewBox={`0 0 ${chart.width} ${chart.height}`}
      width={fit ? "100%" : chart.width}
      height={fit ? undefined : chart.height}
      style={fit ? { maxWidth: `${chart.width}px` } : undefined}
      role="group"
      aria-labelledby={labelledBy}
      data-chart={chart.machineId}
    >
      <defs>
        <marker id={marker} viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
          <path d="M0,0 L10,5 L0,10 z" fill="context-stroke" />
        </marker>
      </defs>
      {(children.get("") ?? []).map(drawState)}
      {chart.transitions
        .filter((t) => t.kind !== "internal")
        .map((t) => {
          const { name, glyph, props } = transitionProps(t);
          const lines = labelLines(t);
          return (
            <g key={`${t.id}:${flashing.has(t.id) ? flashKey : 0}`} {...props}>
              <title>{name}</title>
              {t.paths.map((d, i) => (
                <path key={i} className="edge" d={d} markerEnd={`url(#${marker})`} />
              ))}
              {t.label ? (
                <Fragment>
                  <rect
                    className="label-halo"
                    x={t.label.x - 3}
                    y={t.label.y - LINE_HEIGHT + 3}
                    width={Math.max(...lines.map((l, i) => l.length + 2 + (i === 0 && glyph ? glyph.length + 1 : 0))) * CHAR_WIDTH}
                    height={lines.length * LINE_HEIGHT + 2}
                  />
                  <Lines x={t.label.x} y={t.label.y} lines={lines} glyph={glyph} />
                </Fragment>
              ) : null}
            </g>
          );
        })}
    </Svg>
  );
}
