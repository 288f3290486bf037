import type { PageContext } from "./page-context";

// What the first-party collector's two senders share (docs/tracking.md#first-party-collection): the collector
// plugin in the pipeline's chunk, and the early-input head script's beacon for a tap that leaves the page
// before the app runs (app/page/early-input-head.ts). One rule for what is an event, what Consent Mode says,
// and which events the head script already sent, so the two cannot drift apart. No zod: a head script imports it.

/** A data-layer entry the collector takes: an event with its id (page context and attribution as pushed). */
export type CollectedEntry = Record<string, unknown> & { event: string; event_id: string; page?: PageContext };

export const isCollectedEntry = (item: unknown): item is CollectedEntry =>
  item !== null && typeof item === "object" && typeof (item as CollectedEntry).event === "string" && typeof (item as CollectedEntry).event_id === "string";

/** A Consent Mode command as gtag() pushes it (its `arguments`): its action and analytics_storage's value, or null for anything else. */
export function consentCommand(item: unknown): { update: boolean; granted: boolean } | null {
  if (Object.prototype.toString.call(item) !== "[object Arguments]") return null;
  const [command, action, state] = Array.from(item as ArrayLike<unknown>);
  if (command !== "consent" || (action !== "default" && action !== "update")) return null;
  const value = (state as { analytics_storage?: unknown } | null)?.analytics_storage;
  return value === "granted" || value === "denied" ? { update: action === "update", granted: value === "granted" } : null;
}

declare global {
  interface Window {
    /** The event_ids the early-input head script's beacon sent: the collector plugin does not send them again. */
    __beaconedEventIds?: Set<string>;
  }
}

/** The event_ids already sent by the head script's beacon (an empty set when none were). */
export function beaconedEventIds(): Set<string> {
  return (window.__beaconedEventIds ||= new Set());
}
