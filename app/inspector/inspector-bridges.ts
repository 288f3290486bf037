import type { InspectionEvent } from "xstate";
import { createBroadcastSink } from "./broadcast-bridge";
import type { inspection as Inspection } from "./inspect-sink";

// The inspector bridges, in one chunk that storefront pages load only where inspection is enabled
// (load-inspectors.client.ts): the BroadcastChannel bridge in development URL mode, Stately's inspector with
// ?inspect=stately (a further dynamic import). Deciding here, not in the pages' own code,
// keeps the bytes every visitor loads to one import; the page hands over its `inspection` (an import of
// inspect-sink.ts from here would split that module out of the pages' entry chunks).

/** Attaches a bridge: first what was inspected before it came, then everything. An inspector never breaks the page. */
function attach(inspection: typeof Inspection, sink: (event: InspectionEvent) => void): void {
  const safe = (event: InspectionEvent) => {
    try {
      sink(event);
    } catch {
      // a value it cannot take, a closed channel: the page goes on
    }
  };
  for (const event of inspection.history) safe(event);
  inspection.sinks.push(safe);
}

export function attachBridges(inspection: typeof Inspection): void {
  if (window.__ENV?.urlMode === "development" && typeof BroadcastChannel !== "undefined") attach(inspection, createBroadcastSink());
  // A chunk of its own: only ?inspect=stately fetches it, and with it Stately's library.
  if (new URLSearchParams(window.location.search).get("inspect") === "stately")
    void import("./stately-bridge").then((bridge) => bridge.createStatelySink()).then((sink) => attach(inspection, sink));
}
