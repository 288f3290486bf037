// A namespace import, not `import { z }`: that form keeps every zod locale in the browser bundle (docs/decisions/008-event-schemas-in-zod-mini.md).
import * as z from "zod/mini";
import { ATTRIBUTION_VALUE_MAX_LENGTH, ATTRIBUTION_VALUE_PATTERN } from "./attribution";
import type { EventDefinition } from "./define-event";
import { PageContextSchema } from "./page-context";

// The shape of one data-layer entry: `{ event, event_id?, ...properties, page, attribution? }`.
// The page context is checked by one shared schema for every event (PageContextSchema).

/**
 * The envelope's own SchemaVer version (MODEL-REVISION-ADDITION), checked like each event's by
 * `npm run tracking:compat`: 1-0-0 was `page` and `attribution`; 1-0-1 added the optional `event_id`.
 */
export const ENVELOPE_VERSION = "1-0-1";

/** What an event id looks like (tracking/event-id.ts makes them): a UUID in lower-case hex. */
export const EVENT_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const EventIdSchema = z.string().check(
  z.regex(EVENT_ID_PATTERN),
  z.meta({
    description: "A random UUID made where the event was pushed: a copy of the event has the same one (docs/tracking.md#first-party-collection)",
    pii: false,
  }),
);

const attributionValue = (description: string) =>
  z.optional(z.string().check(z.regex(ATTRIBUTION_VALUE_PATTERN), z.maxLength(ATTRIBUTION_VALUE_MAX_LENGTH), z.meta({ description, pii: false })));

export const AttributionSchema = z
  .strictObject({
    ci: attributionValue("Campaign id from the `ci` query key"),
    cm: attributionValue("Campaign medium from the `cm` query key"),
    gclid: attributionValue("Google Ads click id"),
    fbclid: attributionValue("Meta (Facebook) click id"),
    msclkid: attributionValue("Microsoft Ads click id"),
  })
  .check(z.describe("Last-touch attribution keys from the landing URL, kept in the h-attr cookie (docs/requirements.md#9-constants)"));

export { PageContextSchema };

/** The envelope's fields, the same around every event: what the plan publishes and tracking:compat versions. */
export function envelopeSchema() {
  return z.strictObject({
    event_id: z.optional(EventIdSchema),
    page: PageContextSchema.check(z.describe("The page context (docs/requirements.md#3-data), the same for every event")),
    attribution: z.optional(AttributionSchema),
  });
}

/** The full data-layer entry of one event, for the plan and for checking what reached the data layer. */
export function entrySchema(definition: EventDefinition) {
  return z.strictObject({
    event: z.literal(definition.name).check(z.describe("The event name")),
    event_id: z.optional(EventIdSchema),
    ...definition.properties.shape,
    page: PageContextSchema.check(z.describe("The page context (docs/requirements.md#3-data), the same for every event")),
    attribution: z.optional(AttributionSchema),
  });
}
