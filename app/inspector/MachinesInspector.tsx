import { useEffect, useMemo, useState } from "react";
import { ALL_MACHINES } from "../../machines/catalogue-of-machines";
import { machineStates, machineTransitions, type MachineStateNode, type MachineTransition } from "../../machines/machine-graph";
import { styled } from "../../tokens/stitches.config";
import { INSPECT_CHANNEL, type BridgeMessage } from "./bridge-protocol";

// The /machines page (development only): every machine drawn from its definition (states,
// transitions, guards, delays, and the catalogue event each transition emits), following the
// machines of any other open storefront tab live over a BroadcastChannel (no network).

const Page = styled("main", {
  contentColumn: true,
  py: "$32",
  display: "grid",
  gap: "$24",
  gridTemplateColumns: "minmax(0, 1fr) 360px",
  "@mobile": { gridTemplateColumns: "1fr" },
  h1: { fontSize: "$32", gridColumn: "1 / -1" },
});

const Card = styled("section", {
  border: "1px solid $divider",
  borderRadius: "$12",
  padding: "$16",
  marginBottom: "$16",
  h2: { fontSize: "$20", margin: "0 0 $4" },
  "> p": { color: "$textSubtle", margin: "0 0 $12", fontSize: "$14" },
});

const StateBox = styled("div", {
  border: "1px solid $grey300",
  borderRadius: "$8",
  padding: "$8 $12",
  margin: "$6 0",
  backgroundColor: "$surface",
  "&[data-active='true']": { borderColor: "$purple", boxShadow: "0 0 0 2px $colors$purple", backgroundColor: "$purpleLight" },
  "> strong": { fontFamily: "monospace", fontSize: "$14" },
  variants: {
    parallel: { true: { display: "grid", gridTemplateColumns: "repeat(auto-fit, minmax(240px, 1fr))", gap: "$8", "> strong": { gridColumn: "1 / -1" } } },
  },
});

const Transitions = styled("ul", {
  listStyle: "none",
  margin: "$4 0 0",
  padding: 0,
  fontSize: "$12",
  fontFamily: "monospace",
  li: { padding: "$2 0" },
  ".event": { fontWeight: "$semibold" },
  ".emits": { color: "$candy" },
  ".guard": { color: "$textSubtle" },
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
  li: { padding: "$4 0", borderBottom: "1px solid $divider" },
});

type Live = Extract<BridgeMessage, { kind: "snapshot" }>;

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

function describe(t: MachineTransition): string {
  if (t.delay) return `after ${t.delay}`;
  if (t.eventType === "") return "always";
  return t.eventType;
}

function StateView({ node, transitions, active }: { node: MachineStateNode; transitions: MachineTransition[]; active: Set<string> }) {
  const own = transitions.filter((t) => t.source === node.id);
  return (
    <StateBox parallel={node.type === "parallel"} data-state-id={node.id} data-active={active.has(node.id) ? "true" : "false"}>
      <strong>
        {node.key}
        {node.type === "parallel" ? " (parallel)" : ""}
        {node.type === "final" ? " (final)" : ""}
        {node.initial ? ` → initial ${node.initial}` : ""}
      </strong>
      {own.length ? (
        <Transitions aria-label={`Transitions from ${node.id}`}>
          {own.map((t) => (
            <li key={t.key}>
              <span className="event">{describe(t)}</span>
              {t.guard ? <span className="guard"> [{t.guard}]</span> : null}
              {" → "}
              {t.targets.length ? t.targets.map((id) => id.split(".").pop()).join(", ") : "(stays)"}
              {t.reenter ? " (re-enter)" : ""}
              {t.emits ? <span className="emits"> ⇒ {t.emits}</span> : <span className="emits"> ⇒ NO EVENT</span>}
            </li>
          ))}
        </Transitions>
      ) : null}
      {node.children.map((child) => (
        <StateView key={child.id} node={child} transitions={transitions} active={active} />
      ))}
    </StateBox>
  );
}

export function MachinesInspector() {
  const charts = useMemo(() => ALL_MACHINES.map((m) => ({ ...m, states: machineStates(m.machine), transitions: machineTransitions(m.machine) })), []);
  const [live, setLive] = useState<Record<string, Live>>({});
  const [log, setLog] = useState<BridgeMessage[]>([]);
  const [listening, setListening] = useState(false);

  useEffect(() => {
    if (typeof BroadcastChannel === "undefined") return;
    const channel = new BroadcastChannel(INSPECT_CHANNEL);
    channel.onmessage = (message: MessageEvent<BridgeMessage>) => {
      const data = message.data;
      if (data.kind === "snapshot") setLive((all) => ({ ...all, [data.actorId]: data }));
      if (data.kind === "stopped")
        setLive((all) => {
          const { [data.actorId]: _gone, ...rest } = all;
          return rest;
        });
      if (data.kind === "event" || data.kind === "emitted") setLog((all) => [data, ...all].slice(0, 200));
    };
    channel.postMessage({ kind: "hello" } satisfies BridgeMessage);
    setListening(true);
    return () => channel.close();
  }, []);

  return (
    <Page data-machine-inspector="" data-listening={listening ? "true" : "false"}>
      <h1>State machines</h1>
      <div>
        {charts.map(({ machine, behaviour, spec, states, transitions }) => {
          const actors = Object.values(live).filter((l) => l.machineId === machine.id);
          const latest = actors.sort((a, b) => b.at - a.at)[0];
          const active = latest ? activeIds(machine.id, latest.value) : new Set<string>();
          return (
            <Card key={machine.id} aria-labelledby={`machine-${machine.id}`} data-machine={machine.id}>
              <h2 id={`machine-${machine.id}`}>{machine.id}</h2>
              <p>
                {behaviour} · spec {spec} · {transitions.length} transitions ·{" "}
                <span data-live-count={actors.length}>{actors.length ? `${actors.length} running in open tabs` : "not running in any open tab"}</span>
              </p>
              <StateView node={states} transitions={transitions} active={active} />
              {latest ? (
                <details>
                  <summary>Latest context ({latest.page})</summary>
                  <pre style={{ fontSize: "12px", whiteSpace: "pre-wrap" }}>{JSON.stringify(latest.context, null, 2)}</pre>
                </details>
              ) : null}
            </Card>
          );
        })}
      </div>
      <Log aria-label="Event log">
        <h2 style={{ fontSize: "16px" }}>Event log</h2>
        {log.length === 0 ? <p>Open a storefront page in another tab; its machines appear here.</p> : null}
        <ol>
          {log.map((entry, i) => (
            <li key={i}>
              {"machineId" in entry ? `${entry.machineId} ` : ""}
              {entry.kind === "emitted" ? "⇒ " : "← "}
              {"event" in entry ? String((entry.event as { type?: string } | null)?.type ?? "?") : ""}
            </li>
          ))}
        </ol>
      </Log>
    </Page>
  );
}
