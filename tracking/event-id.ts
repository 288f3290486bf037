// Every data-layer event carries an `event_id` (docs/tracking.md#first-party-collection): a random UUID made
// where the event is pushed, in the browser, so a copy of it (a retried batch, a replay) is recognised and
// stored once. Never made on the server: a cached page is the same bytes for every visitor.

/**
 * A version 4 UUID: crypto.randomUUID where the browser offers it; it does only in secure contexts (a site
 * served over http on a host other than localhost has none), so otherwise the same from getRandomValues,
 * which every context has.
 */
export function newEventId(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40; // version 4
  bytes[8] = (bytes[8]! & 0x3f) | 0x80; // RFC 9562 variant
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
