import type { InspectionEvent, Observer } from "xstate";

// The `inspect` observer every storefront actor is created with. It forwards inspection events to
// whatever bridges are attached: the BroadcastChannel bridge (development URL mode) and Stately's
// inspector (?inspect=stately). Both are loaded with dynamic import, only when enabled (see
// load-inspectors.client.ts), so production pages ship this forwarder and nothing else.

type Sink = (event: InspectionEvent) => void;
const sinks = new Set<Sink>();
/** What was inspected so far (only where inspection is enabled), replayed to each bridge as it attaches:
 * the bridges load after hydration, and the transitions hydration took (a viewport measured, an image
 * that failed) belong to what they show and to the tests' transition coverage. Bounded. */
const history: InspectionEvent[] = [];

const deliver = (sink: Sink, event: InspectionEvent) => {
  try {
    sink(event);
  } catch {
    // An inspector must never break the page.
  }
};

export const inspectObserver: Observer<InspectionEvent> = {
  next: (event) => {
    if (history.push(event) > 5000) history.shift();
    for (const sink of sinks) deliver(sink, event);
  },
};

export function attachInspectSink(sink: Sink): () => void {
  for (const event of history) deliver(sink, event);
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
