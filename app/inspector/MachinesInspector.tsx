import { Fragment, useEffect, useMemo, useRef, useState } from "react";
import { styled } from "../../tokens/stitches.config";
import { saveJsonFile } from "../components/ui/save-json-file";
import { INSPECT_CHANNEL, type BridgeMessage } from "./bridge-protocol";
import type { CoverageView, MachineChart } from "./chart-model";
import type { Replay } from "./replay";
import { ReplayPanel } from "./ReplayPanel";
import type { RequirementSection } from "./requirement-sections";
import { COVERAGE_GLYPH, COVERAGE_WORDS, PATH_GLYPH, PATH_WORDS, REPLAY_GLYPH, REPLAY_WORDS, Statechart } from "./Statechart";

// The /machines page (development only): every machine of the catalogue drawn as a statechart from
// its definition, following the machines of other open storefront tabs live over a BroadcastChannel
// (no network): the selected actor's states are highlighted, each transition it takes flashes, and
// every log entry points at the arrows its event took. With ?coverage, arrows show which tests took them.
// A recorded visit (a data-layer log) can be replayed instead of following tabs (ReplayPanel.tsx), and a
// tab's log exported for that. Each machine links to the docs/requirements.md sections it implements.

const Page = styled("main", {
  contentColumn: true,
  py: "$32",
  display: "grid",
  gap: "$24",
  gridTemplateColumns: "minmax(0, 1fr) 300px",
  "@mobile": { gridTemplateColumns: "1fr" },
  h1: { fontSize: "$32", gridColumn: "1 / -1", margin: 0 },
});

const Card = styled("section", {
  border: "1px solid $divider",
  borderRadius: "$12",
  padding: "$16",
  marginBottom: "$16",
  h2: { fontSize: "$20", margin: "0 0 $4" },
  "> p": { color: "$textSubtle", margin: "0 0 $8", fontSize: "$14" },
  ".tools": { display: "flex", flexWrap: "wrap", gap: "$12", alignItems: "center", fontSize: "$14", marginBottom: "$8" },
  ".scroller": { overflowX: "auto", maxWidth: "100%" },
  button: { font: "inherit", fontSize: "$14" },
});

const Legend = styled("div", {
  gridColumn: "1 / -1",
  border: "1px solid $divider",
  borderRadius: "$12",
  padding: "$12 $16",
  fontSize: "$14",
  ul: { listStyle: "none", margin: "$8 0 0", padding: 0, display: "flex", flexWrap: "wrap", gap: "$16" },
  "li svg": { verticalAlign: "middle", marginRight: "$6" },
  ".problem": { color: "$red" },
});

const Log = styled("aside", {
  position: "sticky",
  top: "$16",
  alignSelf: "start",
  maxHeight: "calc(100vh - 32px)",
  overflowY: "auto",
  border: "1px solid $divider",
  borderRadius: "$12",
  padding: "$12",
  fontFamily: "monospace",
  fontSize: "$12",
  ol: { listStyle: "none", margin: 0, padding: 0 },
  li: { borderBottom: "1px solid $divider" },
  "li > button, li > span": {
    display: "block",
    width: "100%",
    textAlign: "left",
    padding: "$4",
    font: "inherit",
    background: "none",
    border: 0,
    color: "inherit",
  },
  "li > button": { cursor: "pointer" },
  "li > button:hover, li > button:focus-visible, li > button[aria-pressed='true']": { backgroundColor: "$purpleLight" },
  "li > button:focus-visible": { outline: "2px solid $purple", outlineOffset: "-2px" },
  ".line": { display: "block" },
});

type Live = Extract<BridgeMessage, { kind: "snapshot" }>;

interface LogEntry {
  n: number;
  tabId: string;
  page: string;
  actorId: string;
  machineId: string;
  event: string;
  emitted: string[];
  transitions: string[];
}

/** Asks a tab for its window.dataLayer over the bridge's channel: its log, as a file to replay. */
function exportTabLog(tabId: string): Promise<Extract<BridgeMessage, { kind: "data-layer" }> | null> {
  return new Promise((resolve) => {
    const channel = new BroadcastChannel(INSPECT_CHANNEL);
    const done = (answer: Extract<BridgeMessage, { kind: "data-layer" }> | null) => {
      clearTimeout(timer);
      channel.close();
      resolve(answer);
    };
    // A tab that was closed (or reloaded) cannot answer.
    const timer = setTimeout(() => done(null), 2000);
    channel.onmessage = ({ data }: MessageEvent<BridgeMessage>) => {
      if (data.kind === "data-layer" && data.tabId === tabId) done(data);
    };
    channel.postMessage({ kind: "export-request", tabId } satisfies BridgeMessage);
  });
}

/** Inline code in a requirement's text, set as code. */
function withCode(text: string) {
  return text
    .split(/(`[^`]+`)/)
    .map((part, i) => (part.startsWith("`") && part.endsWith("`") ? <code key={i}>{part.slice(1, -1)}</code> : part.replace(/\*\*/g, "")));
}

const Requirements = styled("section", {
  gridColumn: "1 / -1",
  borderTop: "1px solid $divider",
  paddingTop: "$16",
  fontSize: "$14",
  h2: { fontSize: "$20", margin: "0 0 $8" },
  h3: { fontSize: "$16", margin: "$16 0 $4" },
  "section:target h3": { color: "$purple" },
});

/** "header.throttle.ready" ids for a snapshot value, plus every ancestor. */
function activeIds(machineId: string, value: unknown): Set<string> {
  const ids = new Set<string>([machineId]);
  const walk = (v: unknown, prefix: string) => {
    if (typeof v === "string") ids.add(`${prefix}.${v}`);
    else if (v && typeof v === "object")
      for (const [k, child] of Object.entries(v)) {
        ids.add(`${prefix}.${k}`);
        walk(child, `${prefix}.${k}`);
      }
  };
  walk(value, machineId);
  return ids;
}

const typeOf = (event: unknown) => String((event as { type?: string } | null)?.type ?? "?");
const shortTab = (actor: Live) => `tab ${actor.tabId} · ${actor.page} · actor ${actor.actorId.split(":")[1] ?? ""}`;
const EMPTY = new Set<string>();

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
  const [live, setLive] = useState<Record<string, Live>>({});
  const [replay, setReplay] = useState<Replay | null>(null);
  const [replayStep, setReplayStep] = useState(0);
  const [exportTab, setExportTab] = useState<string | null>(null);
  const [exportProblem, setExportProblem] = useState<string | null>(null);
  const [log, setLog] = useState<LogEntry[]>([]);
  const [listening, setListening] = useState(false);
  const [selected, setSelected] = useState<Record<string, string>>({});
  /** Per actor: the transitions it just took (each actor's flash ends on its own). */
  const [flashes, setFlashes] = useState<Record<string, { ids: Set<string>; key: number }>>({});
  const [pinned, setPinned] = useState<number | null>(null);
  const [actual, setActual] = useState<Record<string, boolean>>({});
  const counter = useRef(0);

  useEffect(() => {
    if (typeof BroadcastChannel === "undefined") return;
    const channel = new BroadcastChannel(INSPECT_CHANNEL);
    const timers = new Map<string, ReturnType<typeof setTimeout>>();
    channel.onmessage = (message: MessageEvent<BridgeMessage>) => {
      const data = message.data;
      if (data.kind === "snapshot") setLive((all) => ({ ...all, [data.actorId]: data }));
      if (data.kind === "stopped")
        setLive((all) => {
          const { [data.actorId]: _gone, ...rest } = all;
          return rest;
        });
      if (data.kind === "event") {
        const n = ++counter.current;
        setLog((all) =>
          [
            {
              n,
              tabId: data.tabId,
              page: data.page,
              actorId: data.actorId,
              machineId: data.machineId,
              event: typeOf(data.event),
              emitted: [],
              transitions: [],
            },
            ...all,
          ].slice(0, 200),
        );
      }
      if (data.kind === "emitted" || data.kind === "transitions") {
        // Joins the latest event entry of the same actor: one entry per event, with everything it caused.
        setLog((all) => {
          const i = all.findIndex((e) => e.actorId === data.actorId);
          const entry = all[i];
          if (!entry) return all;
          const next =
            data.kind === "emitted"
              ? { ...entry, emitted: [...entry.emitted, typeOf(data.event)] }
              : { ...entry, transitions: [...new Set([...entry.transitions, ...data.transitions])] };
          return [...all.slice(0, i), next, ...all.slice(i + 1)];
        });
      }
      if (data.kind === "transitions") {
        const key = ++counter.current;
        setFlashes((all) => ({ ...all, [data.actorId]: { ids: new Set([...(all[data.actorId]?.ids ?? []), ...data.transitions]), key } }));
        clearTimeout(timers.get(data.actorId));
        timers.set(
          data.actorId,
          setTimeout(() => {
            timers.delete(data.actorId);
            setFlashes(({ [data.actorId]: _done, ...rest }) => rest);
          }, 1200),
        );
      }
    };
    channel.postMessage({ kind: "hello" } satisfies BridgeMessage);
    setListening(true);
    return () => {
      for (const timer of timers.values()) clearTimeout(timer);
      channel.close();
    };
  }, []);

  const pinnedEntry = log.find((e) => e.n === pinned) ?? null;
  const tabs = useMemo(() => [...new Map(log.map((e) => [e.tabId, e.page])).entries()], [log]);
  const tabToExport = tabs.some(([id]) => id === exportTab) ? exportTab : (tabs[0]?.[0] ?? null);
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
      <Log aria-label="Event log">
        <h2 style={{ fontSize: "16px" }}>Event log</h2>
        {log.length === 0 ? <p>Open a storefront page in another tab; its machines appear here.</p> : null}
        {tabToExport ? (
          <p>
            {tabs.length > 1 ? (
              <label>
                Tab{" "}
                <select value={tabToExport} onChange={(e) => setExportTab(e.target.value)}>
                  {tabs.map(([id, page]) => (
                    <option key={id} value={id}>
                      tab {id} · {page}
                    </option>
                  ))}
                </select>{" "}
              </label>
            ) : null}
            <button
              type="button"
              onClick={async () => {
                const answer = await exportTabLog(tabToExport);
                setExportProblem(answer ? null : `Tab ${tabToExport} did not answer: it was closed or reloaded.`);
                if (answer)
                  saveJsonFile(`data-layer-log-${tabToExport}.json`, {
                    source: "/machines event log",
                    tab: answer.tabId,
                    page: answer.page,
                    entries: answer.entries,
                  });
              }}
            >
              Export this tab&apos;s data-layer log
            </button>
          </p>
        ) : null}
        {exportProblem ? <p role="alert">{exportProblem}</p> : null}
        <ol>
          {log.map((entry) => {
            const lines = (
              <>
                <span className="line">
                  {entry.machineId} ← {entry.event}
                </span>
                {entry.emitted.map((type, i) => (
                  <span className="line" key={i}>
                    {entry.machineId} ⇒ {type}
                  </span>
                ))}
              </>
            );
            return (
              <li key={entry.n}>
                {entry.transitions.length ? (
                  <button
                    type="button"
                    aria-pressed={pinned === entry.n ? "true" : "false"}
                    aria-description={`Shows its ${entry.transitions.length === 1 ? "transition" : `${entry.transitions.length} transitions`} on the ${entry.machineId} chart`}
                    data-log-transitions={entry.transitions.join(" ")}
                    onClick={() => showEntry(entry)}
                    onFocus={() => setPinned(entry.n)}
                  >
                    {lines}
                  </button>
                ) : (
                  <span>{lines}</span>
                )}
              </li>
            );
          })}
        </ol>
      </Log>
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
