// A namespace import, not `import { z }`: that form keeps every zod locale in the browser bundle (+67 KB gzip).
import * as z from "zod/mini";
import { ATTRIBUTION_VALUE_MAX_LENGTH, ATTRIBUTION_VALUE_PATTERN } from "./attribution";
import type { EventDefinition } from "./define-event";
import { PageContextSchema } from "./page-context";

// The shape of one data-layer entry: `{ event, ...properties, page, attribution? }`.
// The page context is checked by one shared schema for every event (PageContextSchema).

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

/** The full data-layer entry of one event, for the plan and for checking what reached the data layer. */
export function entrySchema(definition: EventDefinition) {
  return z.strictObject({
    event: z.literal(definition.name).check(z.describe("The event name")),
    ...definition.properties.shape,
    page: PageContextSchema.check(z.describe("The page context (docs/requirements.md#3-data), the same for every event")),
    attribution: z.optional(AttributionSchema),
  });
}
