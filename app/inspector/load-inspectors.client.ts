import { attachInspectSink, inspectionEnabled } from "./inspect-sink";

// Loads the inspector bridges on demand. Neither is in the storefront's entry chunks: each is a
// separate chunk fetched only when its condition holds (development URL mode; ?inspect=stately).
let started = false;

export function loadInspectors(): void {
  if (started || !inspectionEnabled()) return;
  started = true;
  if (window.__ENV?.urlMode === "development" && typeof BroadcastChannel !== "undefined") {
    void import("./broadcast-bridge").then((bridge) => attachInspectSink(bridge.createBroadcastSink()));
  }
  if (new URLSearchParams(window.location.search).get("inspect") === "stately") {
    void import("./stately-bridge").then((bridge) => bridge.createStatelySink().then((sink) => attachInspectSink(sink)));
  }
}
