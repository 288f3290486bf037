import type { InspectionEvent, Observer } from "xstate";

// The `inspect` observer every storefront actor is created with. It forwards inspection events to
// whatever bridges are attached: the BroadcastChannel bridge (development URL mode) and Stately's
// inspector (?inspect=stately). Both are loaded with dynamic import, only when enabled (see
// load-inspectors.client.ts), so production pages ship this forwarder and nothing else.

type Sink = (event: InspectionEvent) => void;
const sinks = new Set<Sink>();

export const inspectObserver: Observer<InspectionEvent> = {
  next: (event) => {
    for (const sink of sinks) {
      try {
        sink(event);
      } catch {
        // An inspector must never break the page.
      }
    }
  },
};

export function attachInspectSink(sink: Sink): () => void {
  sinks.add(sink);
  return () => sinks.delete(sink);
}

declare global {
  interface Window {
    __ENV?: { urlMode?: string; gtmContainerId?: string | null; nodeEnv?: string };
  }
}

/** Actors get the observer only where inspection can be enabled (never during the server render). */
export function inspectionEnabled(): boolean {
  if (typeof window === "undefined") return false;
  return window.__ENV?.urlMode === "development" || new URLSearchParams(window.location.search).get("inspect") === "stately";
}
