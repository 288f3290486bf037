import { Fragment, useEffect, useMemo, useReducer, useState } from "react";
import { INSPECT_CHANNEL, type BridgeMessage } from "./bridge-protocol";
import type { CoverageView, MachineChart } from "./chart-model";
import { EventLog } from "./EventLog";
import { activeIds, initialChannelState, reduceChannel, type LiveActor, type LogEntry } from "./inspector-channel";
import { Card, Legend, Page, Requirements } from "./machines-inspector-styles";
import type { Replay } from "./replay";
import { ReplayPanel } from "./ReplayPanel";
import type { RequirementSection } from "./requirement-sections";
import { COVERAGE_GLYPH, COVERAGE_WORDS, PATH_GLYPH, PATH_WORDS, REPLAY_GLYPH, REPLAY_WORDS, Statechart } from "./Statechart";

// The /machines page (development only): every machine of the catalogue drawn as a statechart from
// its definition, following the machines of other open storefront tabs live over a BroadcastChannel
// (no network): the selected actor's states are highlighted, each transition it takes flashes, and
// every log entry points at the arrows its event took. With ?coverage, arrows show which tests took them.
// A recorded visit (a data-layer log) can be replayed instead of following tabs (ReplayPanel.tsx), and a
// tab's log exported for that (EventLog.tsx). Each machine links to the docs/requirements.md sections it
// implements. What the channel says is kept by a pure reducer (inspector-channel.ts); this file draws it.

/** Inline code in a requirement's text, set as code. */
function withCode(text: string) {
  return text
    .split(/(`[^`]+`)/)
    .map((part, i) => (part.startsWith("`") && part.endsWith("`") ? <code key={i}>{part.slice(1, -1)}</code> : part.replace(/\*\*/g, "")));
}

const shortTab = (actor: LiveActor) => `tab ${actor.tabId} · ${actor.page} · actor ${actor.actorId.split(":")[1] ?? ""}`;
const EMPTY = new Set<string>();

/** How long an arrow flashes after its actor took it. */
const FLASH_MS = 1200;

function LegendSwatch({ status }: { status: "browser" | "unit" | "never" }) {
  const style = { browser: { stroke: "#077a3d", dash: undefined }, unit: { stroke: "#8a5a00", dash: "8 4" }, never: { stroke: "#c4002b", dash: "2 4" } }[
    status
  ];
  return (
    <svg width="40" height="10" aria-hidden="true">
      <line x1="0" y1="5" x2="40" y2="5" stroke={style.stroke} strokeWidth="2.5" strokeDasharray={style.dash} />
    </svg>
  );
}

export function MachinesInspector({
  charts,
  coverage,
  requirements,
}: {
  charts: MachineChart[];
  coverage: CoverageView | null;
  requirements: RequirementSection[];
}) {
  const [{ live, log, flashes }, dispatch] = useReducer(reduceChannel, initialChannelState);
  const [replay, setReplay] = useState<Replay | null>(null);
  const [replayStep, setReplayStep] = useState(0);
  const [listening, setListening] = useState(false);
  const [selected, setSelected] = useState<Record<string, string>>({});
  const [pinned, setPinned] = useState<number | null>(null);
  const [actual, setActual] = useState<Record<string, boolean>>({});

  useEffect(() => {
    if (typeof BroadcastChannel === "undefined") return;
    const channel = new BroadcastChannel(INSPECT_CHANNEL);
    // Each actor's flash ends on its own, FLASH_MS after its latest transitions.
    const timers = new Map<string, ReturnType<typeof setTimeout>>();
    channel.onmessage = ({ data }: MessageEvent<BridgeMessage>) => {
      dispatch(data);
      if (data.kind !== "transitions") return;
      clearTimeout(timers.get(data.actorId));
      timers.set(
        data.actorId,
        setTimeout(() => {
          timers.delete(data.actorId);
          dispatch({ kind: "flash-ended", actorId: data.actorId });
        }, FLASH_MS),
      );
    };
    channel.postMessage({ kind: "hello" } satisfies BridgeMessage);
    setListening(true);
    return () => {
      for (const timer of timers.values()) clearTimeout(timer);
      channel.close();
    };
  }, []);

  const pinnedEntry = log.find((e) => e.n === pinned) ?? null;
  const replayed = useMemo(() => new Map(Object.entries(replay?.taken ?? {}).map(([id, taken]) => [id, new Set(taken)])), [replay]);
  const step = replay?.steps[Math.min(replayStep, replay.steps.length - 1)] ?? null;
  const titles = new Map(requirements.map((r) => [r.anchor, r.title]));
  const showEntry = (entry: LogEntry) => {
    setPinned(entry.n);
    const first = entry.transitions[0];
    const element = first ? document.querySelector(`[data-transition-id="${CSS.escape(first)}"]`) : null;
    element?.scrollIntoView?.({ block: "nearest" });
  };

  return (
    <Page data-machine-inspector="" data-listening={listening ? "true" : "false"}>
      <h1>State machines</h1>
      {coverage ? (
        <Legend aria-label="Transition coverage" role="region">
          <strong>Transition coverage. </strong>
          {coverage.browser
            ? `Browser tests: ${coverage.browser.run ? `${coverage.browser.run.tests} tests in ${coverage.browser.run.specFiles.length} of ${coverage.browser.run.allSpecFiles.length} spec files` : "recorded"}, ${coverage.browser.generatedAt}${coverage.browser.run && !coverage.browser.run.complete ? " (a partial run)" : ""}.`
            : "No browser coverage recorded yet: run `npm run test:e2e`."}{" "}
          {coverage.unit ? `Unit tests: ${coverage.unit.generatedAt}.` : "No unit coverage recorded yet: run `npm run test:unit`."}
          {coverage.problems.map((p) => (
            <p key={p} className="problem" role="alert">
              {p}
            </p>
          ))}
          <ul>
            {(["browser", "unit", "never"] as const).map((status) => (
              <li key={status}>
                <LegendSwatch status={status} />
                {COVERAGE_GLYPH[status]} {COVERAGE_WORDS[status]}
              </li>
            ))}
            <li>
              {PATH_GLYPH} taken {PATH_WORDS} (paths generated from the machine&apos;s graph)
            </li>
            <li>
              {REPLAY_GLYPH} taken {REPLAY_WORDS} (when a recorded visit is replayed)
            </li>
          </ul>
        </Legend>
      ) : null}
      <ReplayPanel replay={replay} step={Math.min(replayStep, (replay?.steps.length ?? 1) - 1)} onReplay={setReplay} onStep={setReplayStep} />
      <div>
        {charts.map(({ chart, behaviour, requirements: cited }) => {
          const id = chart.machineId;
          const actors = Object.values(live)
            .filter((l) => l.machineId === id)
            .sort((a, b) => b.at - a.at);
          const current = actors.find((a) => a.actorId === selected[id]) ?? actors[0];
          // A replayed visit takes the charts over: its state at the chosen step, the arrows that entry took.
          const replayState = step?.states[id] ?? null;
          const active = replayState ? activeIds(id, replayState.value) : current ? activeIds(id, current.value) : EMPTY;
          const flash = current && !replay ? flashes[current.actorId] : undefined;
          const highlighted = replay
            ? step?.machineId === id
              ? new Set(step.transitions)
              : EMPTY
            : pinnedEntry?.machineId === id
              ? new Set(pinnedEntry.transitions)
              : EMPTY;
          const machineCoverage = coverage?.machines[id] ?? null;
          const takenInReplay = replay ? (replayed.get(id) ?? EMPTY) : null;
          const headingId = `machine-${id}`;
          return (
            <Card key={id} aria-labelledby={headingId} data-machine={id}>
              <h2 id={headingId}>{id}</h2>
              <p>
                {behaviour} · requirements{" "}
                {cited.map((anchor, i) => (
                  <Fragment key={anchor}>
                    {i ? ", " : ""}
                    <a href={`#requirements-${anchor}`}>§{titles.get(anchor) ?? anchor}</a>
                  </Fragment>
                ))}{" "}
                · <span data-transition-count={chart.transitions.length}>{chart.transitions.length} transitions</span> ·{" "}
                <span data-live-count={actors.length}>{actors.length ? `${actors.length} running in open tabs` : "not running in any open tab"}</span>
              </p>
              <div className="tools">
                {machineCoverage ? (
                  <strong data-coverage-percent={machineCoverage.percent}>
                    Browser coverage {machineCoverage.percent}% ({machineCoverage.browser} of {machineCoverage.total} transitions)
                  </strong>
                ) : null}
                {machineCoverage ? (
                  <span data-path-count={machineCoverage.paths}>
                    {PATH_GLYPH} path tests: {machineCoverage.paths} of {machineCoverage.total}
                  </span>
                ) : null}
                {takenInReplay ? (
                  <span data-replay-count={takenInReplay.size}>
                    {REPLAY_GLYPH} replayed visit: {takenInReplay.size} of {chart.transitions.length}
                    {replayState?.actor ? ` · showing ${replayState.actor}` : ""}
                  </span>
                ) : null}
                {actors.length > 1 ? (
                  <label>
                    Running actor{" "}
                    <select value={current?.actorId} onChange={(e) => setSelected((all) => ({ ...all, [id]: e.target.value }))}>
                      {actors.map((a) => (
                        <option key={a.actorId} value={a.actorId}>
                          {shortTab(a)}
                        </option>
                      ))}
                    </select>
                  </label>
                ) : current && !replay ? (
                  <span>Following {shortTab(current)}</span>
                ) : null}
                <button type="button" aria-pressed={actual[id] ? "true" : "false"} onClick={() => setActual((all) => ({ ...all, [id]: !all[id] }))}>
                  Actual size
                </button>
              </div>
              <div className="scroller">
                <Statechart
                  chart={chart}
                  labelledBy={headingId}
                  active={active}
                  flashing={flash?.ids ?? EMPTY}
                  flashKey={flash?.key ?? 0}
                  highlighted={highlighted}
                  coverage={machineCoverage?.status ?? null}
                  pathTested={machineCoverage ? new Set(machineCoverage.pathTaken) : null}
                  replayed={takenInReplay}
                  fit={!actual[id]}
                />
              </div>
              {current ? (
                <details>
                  <summary>Latest context ({current.page})</summary>
                  <pre style={{ fontSize: "12px", whiteSpace: "pre-wrap" }}>{JSON.stringify(current.context, null, 2)}</pre>
                </details>
              ) : null}
            </Card>
          );
        })}
      </div>
      <EventLog log={log} pinned={pinned} onPin={setPinned} onShow={showEntry} />
      <Requirements aria-labelledby="requirements-heading">
        <h2 id="requirements-heading">Requirements the machines implement</h2>
        <p>
          The sections of <code>docs/requirements.md</code> each machine cites.
        </p>
        {requirements.map((section) => (
          <section key={section.anchor} id={`requirements-${section.anchor}`} aria-labelledby={`requirements-${section.anchor}-title`}>
            <h3 id={`requirements-${section.anchor}-title`}>§{section.title}</h3>
            {section.blocks.map((block, i) =>
              block.list ? (
                <ul key={i}>
                  {block.lines.map((line, j) => (
                    <li key={j}>{withCode(line)}</li>
                  ))}
                </ul>
              ) : (
                <p key={i}>{withCode(block.lines.join(" "))}</p>
              ),
            )}
          </section>
        ))}
      </Requirements>
    </Page>
  );
}
