// A namespace import, not `import { z }`: that form keeps every zod locale in the browser bundle (docs/decisions/008-event-schemas-in-zod-mini.md).
import * as z from "zod/mini";
import { CONSENT_SIGNALS } from "./consent";
import { TAG_MANAGER_BLOCKLIST } from "./data-layer-plugin";
import { catalogue } from "./catalogue";
import type { EventDefinition } from "./define-event";
import { AttributionSchema, ENVELOPE_VERSION, envelopeSchema, EventIdSchema, PageContextSchema } from "./envelope";

// The whole catalogue as JSON Schema (zod 4's z.toJSONSchema), for /tracking/plan.json and the
// committed tracking/plan.json. Analysts and other tools read this; nothing in it is hand-written.

type JsonSchema = Record<string, unknown>;

const PLAN_SCHEMA_DIALECT = "https://json-schema.org/draft/2020-12/schema";

function toJsonSchema(schema: z.ZodMiniType): JsonSchema {
  const json = z.toJSONSchema(schema, { target: "draft-2020-12", io: "input", unrepresentable: "any" }) as JsonSchema;
  delete json.$schema;
  return json;
}

/** One data-layer entry of this event: `{ event, ...properties, page, attribution? }`. */
function entryJsonSchema(definition: EventDefinition): JsonSchema {
  const properties = toJsonSchema(definition.properties);
  return {
    type: "object",
    properties: {
      event: { type: "string", const: definition.name, description: "The event name" },
      event_id: toJsonSchema(EventIdSchema),
      ...(properties.properties as Record<string, JsonSchema>),
      page: { $ref: "#/$defs/page_context" },
      attribution: { $ref: "#/$defs/attribution" },
    },
    required: ["event", ...((properties.required as string[] | undefined) ?? []), "page"],
    additionalProperties: false,
  };
}

/** The fields around every event's own, with their version (tracking/envelope.ts). */
export interface PlanEnvelope {
  version: string;
  /** JSON Schema of `{ event_id?, page, attribution? }`. */
  properties: JsonSchema;
}

export interface PlanEvent {
  name: string;
  description: string;
  category: string;
  owner: string;
  version: string;
  dataLayer: string;
  ecommerce: boolean;
  emittedBy: readonly string[];
  /** JSON Schema of the event's own properties (with description and pii on each). */
  properties: JsonSchema;
  /** The whole data-layer entry: a reference into $defs. */
  entry: { $ref: string };
}

/**
 * The plan is itself a JSON Schema: one window.dataLayer entry (any event, the ecommerce reset, a
 * consent command, the tag manager's start event). `events` carries the catalogue around it.
 */
export interface TrackingPlan {
  $schema: string;
  $id: string;
  title: string;
  description: string;
  anyOf: Array<{ $ref: string }>;
  $defs: Record<string, JsonSchema>;
  envelope: PlanEnvelope;
  events: PlanEvent[];
}

export const entryDefName = (eventName: string) => `event_${eventName}`;

const consentSignals = Object.fromEntries(CONSENT_SIGNALS.map((signal) => [signal, { type: "string", enum: ["granted", "denied"] }]));

/** Event name → the machine transitions that emit it (machines/emitted-by.ts derives them from the emitting actions). */
export type MachineEmitters = Readonly<Record<string, readonly string[]>>;

/**
 * The plan. tracking/ cannot see the machines, so the machine transitions behind each event come in as
 * `machineEmitters`; without them "emitted by" lists only the components (structure tests need no more).
 */
export function buildPlan(machineEmitters: MachineEmitters = {}): TrackingPlan {
  const definitions = [...catalogue].map((definition) => definition as EventDefinition).sort((a, b) => a.name.localeCompare(b.name));
  const events: PlanEvent[] = definitions.map((definition) => ({
    name: definition.name,
    description: definition.description,
    category: definition.category,
    owner: definition.owner,
    version: definition.version,
    dataLayer: definition.dataLayer,
    ecommerce: definition.ecommerce,
    emittedBy: [...(machineEmitters[definition.name] ?? []), ...(definition.components ?? [])],
    properties: toJsonSchema(definition.properties),
    entry: { $ref: `#/$defs/${entryDefName(definition.name)}` },
  }));
  return {
    $schema: PLAN_SCHEMA_DIALECT,
    $id: "/tracking/plan.json",
    title: "Storefront tracking plan",
    description: "Every event the storefront pushes to window.dataLayer, generated from tracking/events/*.ts. Regenerate with `npm run tracking:plan`.",
    anyOf: [
      ...events.map((event) => event.entry),
      { $ref: "#/$defs/ecommerce_reset" },
      { $ref: "#/$defs/consent_command" },
      { $ref: "#/$defs/tag_manager_blocklist" },
      { $ref: "#/$defs/tag_manager_start" },
    ],
    $defs: {
      ...Object.fromEntries(definitions.map((definition) => [entryDefName(definition.name), entryJsonSchema(definition)])),
      page_context: toJsonSchema(PageContextSchema),
      attribution: toJsonSchema(AttributionSchema),
      ecommerce_reset: {
        description: "Pushed right before each GA4 ecommerce event so the tag manager does not merge ecommerce objects",
        type: "object",
        properties: { ecommerce: { type: "null" } },
        required: ["ecommerce"],
        additionalProperties: false,
      },
      consent_command: {
        description: "A Google Consent Mode v2 command as gtag() pushes it (an arguments object, shown here as an array)",
        type: "array",
        prefixItems: [
          { const: "consent" },
          { enum: ["default", "update"] },
          {
            type: "object",
            properties: { ...consentSignals, wait_for_update: { type: "integer", minimum: 0 } },
            required: [...CONSENT_SIGNALS],
            additionalProperties: false,
          },
        ],
        minItems: 3,
        maxItems: 3,
      },
      tag_manager_blocklist: {
        description:
          "What the tag manager container may not run, pushed before it loads (only when a container is configured): Custom HTML tags and Custom JavaScript variables, whose inline script the page's hash-based CSP cannot allow",
        type: "object",
        properties: { "gtm.blocklist": { type: "array", items: { enum: [...TAG_MANAGER_BLOCKLIST] }, minItems: 1 } },
        required: ["gtm.blocklist"],
        additionalProperties: false,
      },
      tag_manager_start: {
        description: "The tag manager container's own start event (only when a container is configured)",
        type: "object",
        properties: { event: { const: "gtm.js" }, "gtm.start": { type: "number" } },
        required: ["event", "gtm.start"],
        additionalProperties: false,
      },
    },
    envelope: { version: ENVELOPE_VERSION, properties: toJsonSchema(envelopeSchema()) },
    events,
  };
}

/** The committed file's text: stable key order and a trailing newline, so diffs stay readable. */
export function planText(plan: TrackingPlan): string {
  return `${JSON.stringify(plan, null, 2)}\n`;
}
