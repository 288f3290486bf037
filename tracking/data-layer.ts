import { dataLayerPolicy, isEcommerceEvent } from "./data-layer-policy";
import { newEventId } from "./event-id";
import { recordLiveEvent } from "./live-log";
import type { Attribution } from "./attribution";
import type { PageContext } from "./page-context";

// The one place an event becomes a window.dataLayer entry, in the main bundle (no zod, no analytics):
// delivery pushes here synchronously, in the task of the interaction that caused the event, whatever
// has loaded (docs/tracking.md, "Delivery guarantee"). The server's head scripts push the same shape.

export interface DeliveryEnvelope {
  page: PageContext;
  attribution?: Attribution;
}

type DataLayerWindow = Window & Record<string, unknown>;

export function dataLayerArray(name = "dataLayer"): unknown[] {
  const host = window as unknown as DataLayerWindow;
  if (!Array.isArray(host[name])) host[name] = [];
  return host[name] as unknown[];
}

/**
 * One data-layer entry, `{ event, event_id?, ...properties, page, attribution? }`: what delivery pushes, what the
 * server writes into <head> for the first page view, and what it describes on controls for the head
 * script (app/page/page-view-push.server.ts, tracking/described-events.ts). The id is given where the event is
 * pushed, in the browser (tracking/event-id.ts); the server's entries have none (the head script adds it).
 */
export function dataLayerEntry(event: string, properties: object, { page, attribution }: Partial<DeliveryEnvelope>, eventId?: string): Record<string, unknown> {
  return { event, ...(eventId ? { event_id: eventId } : {}), ...properties, page: { ...page }, ...(attribution ? { attribution: { ...attribution } } : {}) };
}

/** Same event, same page, same properties as last time: a repeat, not news (the "dedupe" policy). */
const lastPushed = new Map<string, string>();

/** Pushes one event by its policy, and tells the live panel what happened to it. */
export function pushToDataLayer(event: string, properties: object, envelope: Partial<DeliveryEnvelope>, name = "dataLayer"): void {
  const live = { event, properties, valid: true, issues: [] };
  const policy = dataLayerPolicy(event);
  if (policy === "off") {
    recordLiveEvent({ ...live, outcome: "not pushed (policy off)" });
    return;
  }
  if (policy === "dedupe") {
    const key = `${envelope.page?.uid ?? ""}\u0000${JSON.stringify(properties)}`;
    if (lastPushed.get(event) === key) {
      recordLiveEvent({ ...live, outcome: "deduplicated" });
      return;
    }
    lastPushed.set(event, key);
  }
  const layer = dataLayerArray(name);
  // GA4 merges ecommerce objects across pushes unless cleared (developers.google.com/tag-manager/ecommerce-ga4).
  if (isEcommerceEvent(event)) layer.push({ ecommerce: null });
  layer.push(dataLayerEntry(event, properties, envelope, newEventId()));
  recordLiveEvent({ ...live, outcome: "pushed" });
}

/** Test helper: forget what the dedupe policy has seen. */
export function resetDataLayerDedupe(): void {
  lastPushed.clear();
}
