import { useEffect, useState } from "react";
import { styled } from "../../../tokens/stitches.config";
import { allSignals } from "../../../tracking/consent";
import { getConsent, setConsent } from "../../../tracking/consent-update";
import { clearLiveHistory, enableLiveLog, LIVE_HISTORY_LIMIT, openLiveChannel, readLiveHistory, type LiveRecord } from "../../../tracking/live-log";
import { saveJsonFile } from "~/inspector/save-json-file";

// The live panel: events fired in this browser (this tab and any other storefront tab), each with
// its validation result and what happened to it. Opening this page turns publishing on.

const Panel = styled("section", {
  border: "1px solid $divider",
  borderRadius: "$12",
  padding: "$16",
  backgroundColor: "$surfaceSubtle",
  display: "grid",
  gap: "$12",
});

const Toolbar = styled("div", { display: "flex", flexWrap: "wrap", gap: "$8", alignItems: "center" });

const Button = styled("button", {
  minHeight: "40px",
  padding: "$8 $12",
  border: "1px solid $border",
  borderRadius: "$8",
  backgroundColor: "$surface",
  color: "$text",
  cursor: "pointer",
  "&:hover": { backgroundColor: "$grey100" },
});

const Result = styled("span", {
  fontWeight: "$semibold",
  variants: { valid: { true: { color: "$textSuccess" }, false: { color: "$textError" } } },
});

const Scroll = styled("div", { overflowX: "auto", maxHeight: "420px", overflowY: "auto" });

export const Table = styled("table", {
  width: "100%",
  borderCollapse: "collapse",
  fontSize: "$14",
  "th, td": { textAlign: "left", verticalAlign: "top", padding: "$6 $8", borderBottom: "1px solid $divider" },
  th: { backgroundColor: "$grey100", fontWeight: "$semibold" },
  code: { fontSize: "$12", wordBreak: "break-all" },
  caption: { textAlign: "left", fontWeight: "$semibold", padding: "$8 0" },
});

/** What reached the data layer, in order, as its entries: the log /machines replays ("Replay a recorded visit"). */
function dataLayerLog(records: readonly LiveRecord[]) {
  const entries = records
    .filter((record) => record.outcome === "pushed" || record.outcome === "pushed by the server")
    .map((record) => ({ event: record.event, ...(record.properties as Record<string, unknown>) }));
  return { source: "/tracking live panel", exportedAt: new Date().toISOString(), entries };
}

function time(at: number): string {
  return new Date(at).toISOString().slice(11, 23);
}

export function LivePanel() {
  const [records, setRecords] = useState<LiveRecord[]>([]);
  const [consent, setConsentState] = useState<string>("");

  useEffect(() => {
    enableLiveLog();
    setRecords(readLiveHistory());
    setConsentState(JSON.stringify(getConsent() ?? "not chosen (defaults apply)"));
    const channel = openLiveChannel();
    if (!channel) return;
    channel.onmessage = (message: MessageEvent<LiveRecord>) => setRecords((current) => [...current, message.data].slice(-LIVE_HISTORY_LIMIT));
    return () => channel.close();
  }, []);

  const choose = (value: "granted" | "denied") => {
    setConsent(allSignals(value));
    setConsentState(JSON.stringify(getConsent()));
  };

  const invalid = records.filter((record) => !record.valid && record.outcome === "dropped (invalid)").length;

  return (
    <Panel aria-labelledby="live-heading">
      <h2 id="live-heading">Live events in this browser</h2>
      <p>
        Open any storefront page in another tab (or this one) and interact: each event appears here with its validation result. Only this browser, nothing is
        sent anywhere.
      </p>
      <Toolbar>
        <p role="status" aria-live="polite">
          {records.length} events, {invalid} invalid
        </p>
        <Button
          type="button"
          onClick={() => {
            clearLiveHistory();
            setRecords([]);
          }}
        >
          Clear
        </Button>
        <Button type="button" onClick={() => saveJsonFile("data-layer-log.json", dataLayerLog(records))} disabled={records.length === 0}>
          Export data-layer log (JSON)
        </Button>
        <Button type="button" onClick={() => choose("granted")}>
          Grant all consent
        </Button>
        <Button type="button" onClick={() => choose("denied")}>
          Deny all consent
        </Button>
        <span>
          Consent here: <code>{consent}</code>
        </span>
      </Toolbar>
      <Scroll>
        <Table aria-label="Live events">
          <thead>
            <tr>
              <th scope="col">Time</th>
              <th scope="col">Event</th>
              <th scope="col">Validation</th>
              <th scope="col">Outcome</th>
              <th scope="col">Properties</th>
              <th scope="col">Page</th>
            </tr>
          </thead>
          <tbody>
            {[...records].reverse().map((record) => (
              <tr key={record.id}>
                <td>{time(record.at)}</td>
                <td>
                  <a href={`#event-${record.event}`}>{record.event}</a>
                </td>
                <td>
                  <Result valid={record.valid}>{record.valid ? "valid" : record.issues.length ? "invalid" : "not checked"}</Result>
                  {record.issues.length ? (
                    <ul>
                      {record.issues.map((issue) => (
                        <li key={issue}>
                          <code>{issue}</code>
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </td>
                <td>{record.outcome}</td>
                <td>
                  <code>{JSON.stringify(record.properties)}</code>
                </td>
                <td>
                  <code>{record.url}</code>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      </Scroll>
    </Panel>
  );
}
