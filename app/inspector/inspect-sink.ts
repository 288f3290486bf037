import type { InspectionEvent, Observer } from "xstate";

// The `inspect` observer every storefront actor is created with. It forwards inspection events to
// whatever bridges are attached: the BroadcastChannel bridge (development URL mode) and Stately's
// inspector (?inspect=stately). They load with one dynamic import, only when enabled (load-inspectors.client.ts,
// inspector-bridges.ts), so production pages ship this forwarder and nothing else.

type Sink = (event: InspectionEvent) => void;

/**
 * The attached bridges (each made safe to call by inspector-bridges.ts), and what was inspected before they
 * attached, replayed to each as it does: the bridges load after hydration, and the transitions hydration took
 * (a viewport measured, an image that failed) belong to what they show and to the tests' transition coverage.
 * Bounded.
 */
export const inspection = { sinks: [] as Sink[], history: [] as InspectionEvent[] };

export const inspectObserver: Observer<InspectionEvent> = {
  next: (event) => {
    if (inspection.history.push(event) > 5000) inspection.history.shift();
    for (const sink of inspection.sinks) sink(event);
  },
};

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
