import { useEffect, useId, useState, type FormEvent } from "react";
import { styled } from "../../tokens/stitches.config";
import type { LogEntry, Replay } from "./replay";

// "Replay a recorded visit" on /machines: a data-layer log, pasted or opened as a JSON file, replayed on the
// machines (replay.ts) and stepped through on a timeline; the charts show each machine's state at the
// chosen step. Everything happens in this page: the log is read with the File API and sent nowhere. The
// engine is the development server's bundle of replay.ts (replay-bundle.server.ts), imported when the page
// opens, so a replay works offline.

type Engine = Pick<typeof import("./replay"), "parseLog" | "replayVisit">;
const ENGINE_URL = "/machines/replay.js";

const Panel = styled("section", {
  gridColumn: "1 / -1",
  border: "1px solid $divider",
  borderRadius: "$12",
  padding: "$12 $16",
  fontSize: "$14",
  h2: { fontSize: "$20", margin: "0 0 $8" },
  textarea: { width: "100%", fontFamily: "monospace", fontSize: "$12" },
  "button, select": { font: "inherit" },
  ".row": { display: "flex", flexWrap: "wrap", gap: "$12", alignItems: "center", margin: "$8 0" },
  ".error": { color: "$red" },
  'input[type="range"]': { flex: "1 1 240px" },
  ol: { margin: "$8 0 0", padding: 0, listStyle: "none", maxHeight: "240px", overflowY: "auto", fontFamily: "monospace", fontSize: "$12" },
  "ol button": { display: "block", width: "100%", textAlign: "left", background: "none", border: 0, padding: "$4", color: "inherit", cursor: "pointer" },
  "ol button[aria-current='step']": { backgroundColor: "$purpleLight", outline: "2px solid $purple", outlineOffset: "-2px" },
  "ol [data-unmatched='true']": { color: "$red" },
  ".unmatched li": { marginBottom: "$4" },
});

/** One line of the timeline: the entry, and what explained it. */
function stepLine(step: Replay["steps"][number]): string {
  const head = `${step.index + 1}. ${step.event}`;
  if (step.pageStart) return `${head}: a new page, its machines start afresh`;
  if (step.unmatched) return `${head}: matches no transition`;
  const actor = step.actor && step.actor !== step.machineId ? ` (${step.actor})` : "";
  const how = step.sent.length ? step.sent.join(", then ") : "pushed by the same step as the entry before";
  return `${head} ← ${step.machineId}${actor}: ${how}`;
}

interface Props {
  replay: Replay | null;
  step: number;
  onReplay: (replay: Replay | null) => void;
  onStep: (step: number) => void;
}

export function ReplayPanel({ replay, step, onReplay, onStep }: Props) {
  const ids = useId();
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [log, setLog] = useState<{ entries: LogEntry[]; skipped: number } | null>(null);
  const [device, setDevice] = useState<"desktop" | "phone">("desktop");
  const saysPage = log ? log.entries.some((e) => e.page) : true;
  const [engine, setEngine] = useState<Engine | Error | null>(null);
  useEffect(() => {
    let current = true;
    // A variable, so the app's bundler leaves this import to the browser.
    const url = ENGINE_URL;
    import(/* the development server's bundle */ url).then(
      (module: Engine) => current && setEngine(module),
      (error: Error) => current && setEngine(new Error(`The replay engine did not load (${url}): ${error.message}`)),
    );
    return () => {
      current = false;
    };
  }, []);

  const start = (source: string, assumed = device) => {
    if (!engine || engine instanceof Error) return;
    const { parseLog, replayVisit } = engine;
    const parsed = parseLog(source);
    if (parsed instanceof Error) {
      setError(parsed.message);
      return;
    }
    if (parsed.entries.length === 0) {
      setError("The log has no events: no entry has an event name.");
      return;
    }
    setError(null);
    setLog(parsed);
    const pageKnown = parsed.entries.some((e) => e.page);
    onReplay(replayVisit(parsed.entries, parsed.skipped, pageKnown ? {} : { isMobile: assumed === "phone" }));
    onStep(0);
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    start(text);
  };
  const openFile = async (file: File | undefined) => {
    if (!file) return;
    const source = await file.text();
    setText(source);
    start(source);
  };

  const current = replay?.steps[step];
  const unmatched = replay?.steps.filter((s) => s.unmatched) ?? [];
  const matched = replay ? replay.steps.filter((s) => !s.unmatched && !s.pageStart).length : 0;
  return (
    <Panel aria-labelledby={`${ids}-heading`} data-replay-panel="" data-engine={engine === null ? "loading" : engine instanceof Error ? "failed" : "ready"}>
      <h2 id={`${ids}-heading`}>Replay a recorded visit</h2>
      <form onSubmit={onSubmit}>
        <label htmlFor={`${ids}-log`}>
          Data-layer log (JSON): <code>window.dataLayer</code>, or an export of the /tracking live panel or of this page&apos;s event log
        </label>
        <textarea id={`${ids}-log`} rows={3} value={text} onChange={(e) => setText(e.target.value)} spellCheck={false} />
        <div className="row">
          <label>
            Or open a JSON file{" "}
            <input
              type="file"
              accept="application/json,.json"
              disabled={!engine || engine instanceof Error}
              onChange={(e) => void openFile(e.target.files?.[0])}
            />
          </label>
          <button type="submit" disabled={!engine || engine instanceof Error}>
            Replay
          </button>
          {replay ? (
            <button
              type="button"
              onClick={() => {
                onReplay(null);
                setLog(null);
              }}
            >
              Stop replaying (follow open tabs)
            </button>
          ) : null}
        </div>
      </form>
      {error || engine instanceof Error ? (
        <p className="error" role="alert">
          {error ?? (engine as Error).message}
        </p>
      ) : null}
      {replay && log ? (
        <>
          {!saysPage ? (
            <div className="row">
              <label>
                The log does not say which copy of the page the visitor had:{" "}
                <select
                  value={device}
                  onChange={(e) => {
                    const next = e.target.value as "desktop" | "phone";
                    setDevice(next);
                    start(text, next);
                  }}
                >
                  <option value="desktop">a desktop&apos;s</option>
                  <option value="phone">a phone&apos;s</option>
                </select>
              </label>
            </div>
          ) : null}
          <p role="status">
            {replay.steps.length} events replayed: {matched} matched to a transition, {unmatched.length} unmatched
            {replay.skipped ? `; ${replay.skipped} entries without an event name skipped` : ""}.
          </p>
          <div className="row">
            <button type="button" onClick={() => onStep(step - 1)} disabled={step <= 0}>
              Back
            </button>
            <input
              type="range"
              min={0}
              max={replay.steps.length - 1}
              value={step}
              onChange={(e) => onStep(Number(e.target.value))}
              aria-label="Step through the visit"
              aria-valuetext={current ? stepLine(current) : undefined}
            />
            <button type="button" onClick={() => onStep(step + 1)} disabled={step >= replay.steps.length - 1}>
              Forward
            </button>
          </div>
          <p aria-live="polite" data-replay-current={step}>
            Step {step + 1} of {replay.steps.length}: {current ? stepLine(current) : ""}
            {current?.unmatched ? ` (${current.unmatched})` : ""}
          </p>
          <ol aria-label="Timeline of the visit">
            {replay.steps.map((s, i) => (
              <li key={s.index}>
                <button
                  type="button"
                  aria-current={i === step ? "step" : undefined}
                  data-unmatched={s.unmatched ? "true" : undefined}
                  onClick={() => onStep(i)}
                >
                  {stepLine(s)}
                </button>
              </li>
            ))}
          </ol>
          {unmatched.length ? (
            <section aria-label="Events that match no transition" className="unmatched">
              <h3 style={{ fontSize: "16px" }}>Events that match no transition</h3>
              <ul>
                {unmatched.map((s) => (
                  <li key={s.index}>
                    {s.index + 1}. <code>{s.event}</code>: {s.unmatched}
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </>
      ) : null}
    </Panel>
  );
}
