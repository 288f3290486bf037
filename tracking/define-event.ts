// zod/mini, not classic zod: the browser's tracking pipeline loads these schemas, and the functional
// mini API tree-shakes where the classic one cannot (decision 008). A namespace import, not
// `import { z }`: that form keeps every zod locale in the browser bundle.
import * as z from "zod/mini";
import { dataLayerPolicy, isEcommerceEvent, type DataLayerPolicy } from "./data-layer-policy";

// One definition per event (STYLE: tracking). The catalogue page, /tracking/plan.json, the runtime
// validators and the `track()` types all come from these definitions; nothing is written twice.

export const EVENT_CATEGORIES = ["page", "navigation", "interaction", "commerce", "media", "ui_state", "performance", "system"] as const;
type EventCategory = (typeof EVENT_CATEGORIES)[number];

export interface EventDefinition<N extends string = string, S extends z.ZodMiniObject = z.ZodMiniObject> {
  name: N;
  description: string;
  category: EventCategory;
  owner: string;
  /** SchemaVer MODEL-REVISION-ADDITION, e.g. "1-0-0". */
  version: `${number}-${number}-${number}`;
  properties: S;
  /**
   * Code outside the machines that emits it ("Footer: quick link click"). Machine transitions are not
   * listed here: the plan reads them from the actions each transition runs (machines/emitted-by.ts).
   */
  components?: readonly string[];
  /** How it reaches the data layer: read from tracking/data-layer-policy.ts, which the main bundle shares. */
  dataLayer: DataLayerPolicy;
  /** GA4 ecommerce events get an `{ ecommerce: null }` push before them (tracking/data-layer-policy.ts). */
  ecommerce: boolean;
  /**
   * Worked examples of the properties (without the page context). Optional in the type so that
   * definitions can be written first, but tracking/catalogue.test.ts fails for any catalogue event
   * without at least one valid and one invalid example: they are its schema tests.
   */
  examples?: EventExamples<z.input<S>>;
}

interface EventExamples<P> {
  /** Each must pass the schema. */
  valid: readonly P[];
  /** Each must fail the schema (typed loosely on purpose: they are wrong). */
  invalid: readonly unknown[];
}

/** A definition as written: its properties schema is made by a function, on first use. */
export type EventSpec<N extends string, S extends z.ZodMiniObject> = Omit<EventDefinition<N, S>, "properties" | "dataLayer" | "ecommerce"> & {
  properties: () => S;
};

// Schemas are built when first read, not when the catalogue loads: a page view uses three or four of
// them, and building all of them was one long task on the phone's main thread (decision 008).
function defineEvent<const N extends string, S extends z.ZodMiniObject>(spec: EventSpec<N, S>): EventDefinition<N, S> {
  const { properties, ...rest } = spec;
  const definition = { ...rest, dataLayer: dataLayerPolicy(spec.name), ecommerce: isEcommerceEvent(spec.name) };
  return Object.defineProperty(definition, "properties", { get: shared(properties), enumerable: true }) as EventDefinition<N, S>;
}

/** What most events of one file share: its owner and version. */
type EventDefaults = Pick<EventDefinition, "owner" | "version">;

/**
 * `defineEvent` with a file's defaults, so each definition states only what is its own (an event of
 * another owner, or one whose version has moved on, says so). docs/decisions/034-one-event-vocabulary.md
 */
export function defineEventsOf(defaults: EventDefaults) {
  return <const N extends string, S extends z.ZodMiniObject>(
    spec: Omit<EventSpec<N, S>, keyof EventDefaults> & Partial<EventDefaults>,
  ): EventDefinition<N, S> => defineEvent({ ...defaults, ...spec });
}

/** A schema part several events share, built once, when the first of them is. */
export function shared<T>(build: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= build());
}

/** A property with its description and PII flag, as every catalogue property must have. */
export function prop<T extends z.ZodMiniType>(schema: T, description: string, options: { pii?: boolean } = {}): T {
  // z.meta() records the description too (toJSONSchema reads it), so no z.describe().
  return schema.check(z.meta({ description, pii: options.pii ?? false })) as T;
}
