import type { InspectionEvent } from "xstate";
import { transitionId } from "../../machines/transition-id";
import { INSPECT_CHANNEL, toTransferable, type BridgeMessage } from "./bridge-protocol";

// Development only (loaded by load-inspectors.client.ts): posts every machine actor's snapshots,
// received events and emitted (tracked) events on a BroadcastChannel, so /machines in another tab
// follows this tab live, with no network; each microstep names the transitions it took, which
// /machines flashes on its diagrams and the browser tests record as transition coverage. It remembers each actor's latest snapshot and replays
// them when a /machines page says hello, and sends its window.dataLayer when /machines exports this tab's log.

function machineIdOf(actorRef: unknown): string | null {
  const logic = (actorRef as unknown as { logic?: { id?: string; root?: unknown } }).logic;
  return logic?.root && logic.id ? logic.id : null;
}

export function createBroadcastSink(): (event: InspectionEvent) => void {
  const channel = new BroadcastChannel(INSPECT_CHANNEL);
  const tabId = Math.random().toString(36).slice(2, 10);
  const page = () => `${window.location.pathname}${window.location.search}`;
  const latest = new Map<string, Extract<BridgeMessage, { kind: "snapshot" }>>();

  const post = (message: BridgeMessage) => {
    try {
      channel.postMessage(message);
    } catch {
      // A value that cannot be cloned must not break the page.
    }
  };

  channel.onmessage = (message: MessageEvent<BridgeMessage>) => {
    const data = message.data;
    if (data?.kind === "hello") for (const snapshot of latest.values()) post({ ...snapshot, page: page() });
    // The tab's data-layer log, as it is: a recorded visit /machines can replay (its entries are plain data).
    if (data?.kind === "export-request" && data.tabId === tabId) {
      let entries: unknown[] = [];
      try {
        entries = JSON.parse(JSON.stringify(window.dataLayer ?? [])) as unknown[];
      } catch {
        entries = [];
      }
      post({ kind: "data-layer", tabId, page: page(), entries });
    }
  };
  window.addEventListener("pagehide", () => {
    for (const actorId of latest.keys()) post({ kind: "stopped", tabId, actorId, at: Date.now() });
  });

  return (event) => {
    const machineId = machineIdOf(event.actorRef);
    if (!machineId) return;
    const actorId = `${tabId}:${event.actorRef.sessionId}`;
    if (event.type === "@xstate.snapshot") {
      const snapshot = event.snapshot as { value?: unknown; context?: unknown; status?: string };
      const message: Extract<BridgeMessage, { kind: "snapshot" }> = {
        kind: "snapshot",
        tabId,
        page: page(),
        actorId,
        machineId,
        value: toTransferable(snapshot.value),
        context: toTransferable(snapshot.context),
        status: snapshot.status ?? "active",
        at: Date.now(),
      };
      latest.set(actorId, message);
      post(message);
      if (message.status !== "active") latest.delete(actorId);
    } else if (event.type === "@xstate.event") {
      post({ kind: "event", tabId, page: page(), actorId, machineId, event: toTransferable(event.event), at: Date.now() });
    } else if (event.type === "@xstate.microstep") {
      // `_transitions` is in xstate's inspection types, its underscore marking it as its own: typed here, so an
      // upgrade that renames it fails the typecheck (the ledger in docs/decisions/README.md).
      const transitions = event._transitions.map(transitionId);
      if (transitions.length) post({ kind: "transitions", tabId, page: page(), actorId, machineId, eventType: event.event.type, transitions, at: Date.now() });
    } else if (event.type === "@xstate.action") {
      const { action } = event;
      if (action.type === "xstate.emit")
        post({
          kind: "emitted",
          tabId,
          page: page(),
          actorId,
          machineId,
          event: toTransferable((action.params as { event?: unknown } | undefined)?.event),
          at: Date.now(),
        });
    }
  };
}
