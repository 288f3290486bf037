import { z } from "zod";

// One definition per event (STYLE: tracking). The catalogue page, /tracking/plan.json, the runtime
// validators and the `track()` types all come from these definitions; nothing is written twice.

export const EVENT_CATEGORIES = ["page", "navigation", "interaction", "commerce", "media", "ui_state", "system"] as const;
export type EventCategory = (typeof EVENT_CATEGORIES)[number];

/**
 * How an event reaches the data layer:
 *  - push:   every occurrence is pushed;
 *  - dedupe: pushed only when its properties differ from the last push of the same event
 *            (for facts that repeat many times a second, e.g. scroll-driven state);
 *  - off:    validated and shown in the live panel, never pushed (developer-only noise).
 */
export type DataLayerPolicy = "push" | "dedupe" | "off";

export interface EventDefinition<N extends string = string, S extends z.ZodObject = z.ZodObject> {
  name: N;
  description: string;
  category: EventCategory;
  owner: string;
  /** SchemaVer MODEL-REVISION-ADDITION, e.g. "1-0-0". */
  version: `${number}-${number}-${number}`;
  properties: S;
  /** Machine transitions ("header: idle → scrolled") or components that emit it. */
  emittedBy: readonly string[];
  dataLayer: DataLayerPolicy;
  /** GA4 ecommerce events get an `{ ecommerce: null }` push before them. */
  ecommerce?: boolean;
  /** Example property objects: `valid` ones must parse, `invalid` ones must not (documentation and tests). */
  examples?: { valid: ReadonlyArray<z.input<S>>; invalid: ReadonlyArray<Record<string, unknown>> };
}

export function defineEvent<const N extends string, S extends z.ZodObject>(definition: EventDefinition<N, S>): EventDefinition<N, S> {
  return definition;
}

/** A property with its description and PII flag, as every catalogue property must have. */
export function prop<T extends z.ZodType>(schema: T, description: string, options: { pii?: boolean } = {}): T {
  return schema.describe(description).meta({ description, pii: options.pii ?? false }) as T;
}
