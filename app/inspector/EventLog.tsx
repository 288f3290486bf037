import { useMemo, useState } from "react";
import { INSPECT_CHANNEL, type BridgeMessage } from "./bridge-protocol";
import type { LogEntry } from "./inspector-channel";
import { Log } from "./machines-inspector-styles";
import { saveJsonFile } from "./save-json-file";

// The /machines event log: one entry per event an actor of an open tab received, with what it emitted; an
// entry that took transitions is a button that points at their arrows on the machine's chart. A tab's
// data-layer log can be exported from here, as a file that the replay panel (ReplayPanel.tsx) reads.

type DataLayerAnswer = Extract<BridgeMessage, { kind: "data-layer" }>;

/** How long a tab has to answer an export request before it is taken as closed or reloaded. */
const EXPORT_ANSWER_MS = 2000;

/** Asks a tab for its window.dataLayer over the bridge's channel: its log, as a file to replay. */
function exportTabLog(tabId: string): Promise<DataLayerAnswer | null> {
  return new Promise((resolve) => {
    const channel = new BroadcastChannel(INSPECT_CHANNEL);
    const done = (answer: DataLayerAnswer | null) => {
      clearTimeout(timer);
      channel.close();
      resolve(answer);
    };
    // A tab that was closed (or reloaded) cannot answer.
    const timer = setTimeout(() => done(null), EXPORT_ANSWER_MS);
    channel.onmessage = ({ data }: MessageEvent<BridgeMessage>) => {
      if (data.kind === "data-layer" && data.tabId === tabId) done(data);
    };
    channel.postMessage({ kind: "export-request", tabId } satisfies BridgeMessage);
  });
}

export function EventLog({
  log,
  pinned,
  onPin,
  onShow,
}: {
  log: LogEntry[];
  pinned: number | null;
  onPin: (n: number) => void;
  onShow: (entry: LogEntry) => void;
}) {
  const [exportTab, setExportTab] = useState<string | null>(null);
  const [exportProblem, setExportProblem] = useState<string | null>(null);
  const tabs = useMemo(() => [...new Map(log.map((e) => [e.tabId, e.page])).entries()], [log]);
  const tabToExport = tabs.some(([id]) => id === exportTab) ? exportTab : (tabs[0]?.[0] ?? null);

  return (
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
                  onClick={() => onShow(entry)}
                  onFocus={() => onPin(entry.n)}
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
  );
}
