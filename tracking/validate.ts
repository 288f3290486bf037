import * as z from "zod/mini";
import { catalogue, getEventDefinition } from "./catalogue";
import type { EventDefinition } from "./define-event";
import { AttributionSchema } from "./envelope";
import { MAX_STRING_VALUE_LENGTH } from "./naming";
import { PageContextSchema, type PageContext } from "./page-context";
import { whenIdle } from "./when-idle";

// The one validation step: the delivery queue runs it once per event, when it delivers it (through the
// pipeline), and hands the verdict to analytics. Issues name the zod path, e.g. `properties.to_currency`.

export interface ValidationIssue {
  path: string;
  message: string;
}

export type ValidationResult =
  | { ok: true; definition: EventDefinition; properties: Record<string, unknown> }
  | { ok: false; definition: EventDefinition | undefined; issues: ValidationIssue[] };

// One strict (no unknown keys) copy of each schema, made on first use: an unplanned property is a
// violation, not something to drop silently.
const strictSchemas = new WeakMap<EventDefinition, z.ZodMiniObject>();
function strictSchema(definition: EventDefinition): z.ZodMiniObject {
  let schema = strictSchemas.get(definition);
  if (!schema) {
    schema = z.strictObject(definition.properties.shape);
    strictSchemas.set(definition, schema);
  }
  return schema;
}

/** An idle moment, at the latest in 5 s: warming up validation is never urgent. */
const idleMoment = (run: () => void) => whenIdle(run, 5000);

/**
 * Makes each event's strict schema and runs it once, one event per idle moment, so that the first event of each
 * kind a visit causes (the first page view of a navigation inside the app, the first tap on a menu) does not pay
 * for it in the tap's task: a schema's first check costs several times its next (docs/decisions/008-event-schemas-in-zod-mini.md).
 */
export async function warmValidation(wait: (run: () => void) => void = idleMoment): Promise<void> {
  for (const definition of catalogue) {
    await new Promise<void>((resolve) => wait(resolve));
    strictSchema(definition as EventDefinition).safeParse({});
  }
}

function toIssues(prefix: string, error: z.core.$ZodError): ValidationIssue[] {
  return error.issues.map((issue) => ({
    path: [prefix, ...issue.path.map(String)].filter(Boolean).join("."),
    message: issue.message,
  }));
}

/** GA4 truncates string values over 100 characters; we refuse them instead (naming.ts). */
function longStrings(value: unknown, path: string, out: ValidationIssue[]): void {
  if (typeof value === "string") {
    if (value.length > MAX_STRING_VALUE_LENGTH) out.push({ path, message: `String longer than ${MAX_STRING_VALUE_LENGTH} characters` });
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => longStrings(item, `${path}.${index}`, out));
  } else if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) longStrings(item, `${path}.${key}`, out);
  }
}

/** Checks an event's properties (and, when given, the page context and attribution). */
export function validateEvent(name: string, properties: unknown, envelope?: { page: PageContext | null; attribution?: unknown }): ValidationResult {
  const definition = getEventDefinition(name);
  if (!definition) return { ok: false, definition, issues: [{ path: "event", message: `Unknown event "${name}": not in the catalogue` }] };
  const issues: ValidationIssue[] = [];
  const parsed = strictSchema(definition).safeParse(properties);
  if (!parsed.success) issues.push(...toIssues("properties", parsed.error));
  else longStrings(parsed.data, "properties", issues);
  if (envelope) {
    const page = PageContextSchema.safeParse(envelope.page);
    if (!page.success) issues.push(...toIssues("page", page.error));
    if (envelope.attribution !== undefined) {
      const attribution = AttributionSchema.safeParse(envelope.attribution);
      if (!attribution.success) issues.push(...toIssues("attribution", attribution.error));
    }
  }
  if (issues.length > 0 || !parsed.success) return { ok: false, definition, issues };
  return { ok: true, definition, properties: parsed.data as Record<string, unknown> };
}

export function describeIssues(issues: readonly ValidationIssue[]): string {
  return issues.map((issue) => `${issue.path}: ${issue.message}`).join("; ");
}

export class TrackingViolationError extends Error {
  constructor(
    readonly eventName: string,
    readonly issues: readonly ValidationIssue[],
  ) {
    super(`Invalid tracking event "${eventName}": ${describeIssues(issues)}`);
    this.name = "TrackingViolationError";
  }
}
