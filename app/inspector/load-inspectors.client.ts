import { inspection, inspectionEnabled } from "./inspect-sink";

// Loads the inspector bridges on demand: one chunk (inspector-bridges.ts), not in the storefront's entry
// chunks, fetched only where inspection is enabled (development URL mode; ?inspect=stately).
let started = false;

export function loadInspectors(): void {
  if (started || !inspectionEnabled()) return;
  started = true;
  void import("./inspector-bridges").then((bridges) => bridges.attachBridges(inspection));
}
