import type { InspectionEvent, Observer } from "xstate";

// The `inspect` observer every storefront actor is created with. It forwards inspection events to
// whatever bridges are attached: the BroadcastChannel bridge (development URL mode) and Stately's
// inspector (?inspect=stately). Both are loaded with dynamic import, only when enabled (see
// load-inspectors.client.ts), so production pages ship this forwarder and nothing else.

type Sink = (event: InspectionEvent) => void;
const sinks = new Set<Sink>();
/** Actors seen so far (only where inspection is enabled), so a bridge that loads later can be
 * told their current snapshots. Stopped actors are dropped as soon as they say so. */
const actors = new Set<InspectionEvent["actorRef"]>();

export const inspectObserver: Observer<InspectionEvent> = {
  next: (event) => {
    if (event.type === "@xstate.actor") actors.add(event.actorRef);
    if (event.type === "@xstate.snapshot" && (event.snapshot as { status?: string }).status !== "active") actors.delete(event.actorRef);
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
  for (const actorRef of actors) {
    const snapshot = (actorRef as unknown as { getSnapshot?: () => { status?: string } }).getSnapshot?.();
    if (snapshot?.status === "active") {
      sink({ type: "@xstate.snapshot", actorRef, rootId: actorRef.sessionId, snapshot, event: { type: "xstate.init" } } as unknown as InspectionEvent);
    }
  }
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
