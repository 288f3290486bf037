import { ATTRIBUTION_KEYS, type Attribution } from "../../tracking/attribution";
import type { FlowType } from "../../tracking/flow-types";

// docs/requirements.md#2-pages-and-the-shell: booking link = https://{subdomain}.{domain}/{lang}/book/{tgid}/{flow segment}/?query.
// Isomorphic: the server builds the link's base, the browser adds attribution.

/** The path segment that opens each booking flow (docs/booking-links.md). */
export const BOOKING_FLOW_SEGMENTS: Readonly<Record<FlowType, string>> = {
  NORMAL: "select-date",
  SEATMAP: "seatmap",
  SVG: "seatmap-svg",
  SEATMAP_IFRAME: "seatmap-iframe",
  COMBO: "combo",
  RESERVE: "reserve",
  PRIVATE_AIRPORT_TRANSFER: "private-transfer",
  SHARED_AIRPORT_TRANSFER: "shared-transfer",
  HOP_ON_HOP_OFF: "hop-on-hop-off",
  PROPERTY_SELECTION: "select-property",
  GUIDED_TOUR_PROPERTY_SELECTION: "guided-tour-select-property",
};

/** docs/requirements.md#5-rules, docs/requirements.md#9-constants: these tour groups never get a date in their booking link (17637 picks its date on a seat map). */
export const NO_DATE_TOUR_GROUPS: ReadonlySet<number> = new Set([17637]);

export interface BookingLinkInput {
  /** e.g. "paris-experiences" (bookingSubdomain). */
  subdomain: string;
  /** e.g. "book.roamly.example" (BOOKING_DOMAIN). */
  domain: string;
  lang: string;
  tgid: number;
  flowType: FlowType;
  currency?: string | null;
  /** YYYY-MM-DD; left out for excluded tour groups. */
  date?: string | null;
  attribution?: Attribution;
}

/** "www.paris-experiences.example" → "paris-experiences": the site's own label. */
export function bookingSubdomain(siteHost: string): string {
  const labels = siteHost.toLowerCase().split(".").filter(Boolean);
  const withoutWww = labels[0] === "www" ? labels.slice(1) : labels;
  const own = withoutWww.length > 1 ? withoutWww.slice(0, -1) : withoutWww;
  return own.join("-").replace(/[^a-z0-9-]/g, "") || "www";
}

export function isBookingDate(value: string | null | undefined): value is string {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

export function bookingUrl(input: BookingLinkInput): string {
  const segment = BOOKING_FLOW_SEGMENTS[input.flowType] ?? BOOKING_FLOW_SEGMENTS.NORMAL;
  const url = new URL(`https://${input.subdomain}.${input.domain}/${encodeURIComponent(input.lang)}/book/${input.tgid}/${segment}/`);
  if (isBookingDate(input.date) && !NO_DATE_TOUR_GROUPS.has(input.tgid)) url.searchParams.set("date", input.date);
  if (input.currency && /^[A-Z]{3}$/.test(input.currency)) url.searchParams.set("currency", input.currency);
  for (const key of ATTRIBUTION_KEYS) {
    const value = input.attribution?.[key];
    if (value) url.searchParams.set(key, value);
  }
  return url.toString();
}
