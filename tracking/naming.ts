// A namespace import, not `import { z }`: that form keeps every zod locale in the browser bundle (docs/decisions/008-event-schemas-in-zod-mini.md).
import * as z from "zod/mini";
import type { EventDefinition } from "./define-event";

// GA4's naming rules and limits (support.google.com/analytics/answer/13316687 and /9267744).
// GA4 silently drops what breaks them, so the catalogue test checks every definition against them.

/** Our names are stricter than GA4's: lower snake_case, starting with a letter. */
const EVENT_NAME_PATTERN = /^[a-z][a-z0-9]*(?:_[a-z0-9]+)*$/;
const MAX_EVENT_NAME_LENGTH = 40;
const MAX_PARAMETER_NAME_LENGTH = 40;
export const MAX_PARAMETERS = 25;
export const MAX_STRING_VALUE_LENGTH = 100;

/**
 * Names GA4 collects automatically or reserves (web and app), so a custom event of that name would
 * be merged with, or dropped in favour of, Google's own.
 */
// prettier-ignore
const GA4_RESERVED_EVENT_NAMES: ReadonlySet<string> = new Set([
  "ad_activeview", "ad_click", "ad_exposure", "ad_impression", "ad_query", "ad_reward", "adunit_exposure",
  "app_background", "app_clear_data", "app_exception", "app_remove", "app_store_refund",
  "app_store_subscription_cancel", "app_store_subscription_convert", "app_store_subscription_renew",
  "app_update", "app_upgrade", "click", "dynamic_link_app_open", "dynamic_link_app_update",
  "dynamic_link_first_open", "error", "file_download", "firebase_campaign", "firebase_in_app_message_action",
  "firebase_in_app_message_dismiss", "firebase_in_app_message_impression", "first_open", "first_visit",
  "form_start", "form_submit", "in_app_purchase", "notification_dismiss", "notification_foreground",
  "notification_open", "notification_receive", "os_update", "page_view", "screen_view", "scroll",
  "session_start", "session_start_with_rollout", "user_engagement", "video_complete", "video_progress",
  "video_start", "view_search_results",
]);

/**
 * Parameter names GA4 reserves (support.google.com/analytics/answer/13316687, "Reserved parameter
 * names", the same for web and app streams): GA4 sets them itself, so an event property of that name
 * would be refused or overwritten. Prefixed names (`firebase_conversion`, `ga_session_id`) are caught by
 * the reserved prefixes below.
 */
const GA4_RESERVED_PARAMETER_NAMES: ReadonlySet<string> = new Set(["engagement_time_msec", "gclid", "session_id", "session_number"]);

/** Prefixes GA4 reserves for event and parameter names. */
const GA4_RESERVED_PREFIXES = ["_", "firebase_", "ga_", "google_", "gtag."] as const;

/** Keys the data-layer entry itself uses; an event property of that name would be overwritten. */
const ENVELOPE_KEYS = ["event", "page", "attribution"] as const;

function reservedPrefix(name: string): string | undefined {
  return GA4_RESERVED_PREFIXES.find((prefix) => name.startsWith(prefix));
}

/** Problems with an event name; empty when it follows the rules. */
export function eventNameProblems(name: string): string[] {
  const problems: string[] = [];
  if (!EVENT_NAME_PATTERN.test(name)) problems.push(`"${name}" is not lower snake_case starting with a letter`);
  if (name.length > MAX_EVENT_NAME_LENGTH) problems.push(`"${name}" is longer than ${MAX_EVENT_NAME_LENGTH} characters`);
  if (GA4_RESERVED_EVENT_NAMES.has(name)) problems.push(`"${name}" is a GA4 reserved event name`);
  const prefix = reservedPrefix(name);
  if (prefix) problems.push(`"${name}" starts with the GA4 reserved prefix "${prefix}"`);
  return problems;
}

type JsonSchema = Record<string, unknown>;

/** Every string in the schema must be bounded to 100 characters (by maxLength, enum, const or a bounded pattern). */
function unboundedStrings(schema: JsonSchema, path: string, out: string[]): void {
  if (schema.type === "string" && schema.enum === undefined && schema.const === undefined) {
    const max = typeof schema.maxLength === "number" ? schema.maxLength : undefined;
    const pattern = typeof schema.pattern === "string" ? schema.pattern : undefined;
    const boundedPattern = pattern !== undefined && /^\^[^*+]*\$$/.test(pattern);
    if (!(max !== undefined && max <= MAX_STRING_VALUE_LENGTH) && !boundedPattern) out.push(path);
  }
  for (const key of ["anyOf", "oneOf", "allOf"] as const) {
    const list = schema[key];
    if (Array.isArray(list)) list.forEach((s) => unboundedStrings(s as JsonSchema, path, out));
  }
  if (schema.items && typeof schema.items === "object") unboundedStrings(schema.items as JsonSchema, `${path}[]`, out);
  const properties = schema.properties as Record<string, JsonSchema> | undefined;
  if (properties) for (const [key, value] of Object.entries(properties)) unboundedStrings(value, path ? `${path}.${key}` : key, out);
}

/** Properties (at any depth) without a description or a PII flag. */
function undocumented(schema: JsonSchema, path: string, out: string[]): void {
  const properties = schema.properties as Record<string, JsonSchema> | undefined;
  if (properties) {
    for (const [key, value] of Object.entries(properties)) {
      const at = path ? `${path}.${key}` : key;
      if (typeof value.description !== "string" || value.description.length === 0 || typeof value.pii !== "boolean") out.push(at);
      undocumented(value, at, out);
    }
  }
  if (schema.items && typeof schema.items === "object") undocumented(schema.items as JsonSchema, `${path}[]`, out);
  for (const key of ["anyOf", "oneOf", "allOf"] as const) {
    const list = schema[key];
    if (Array.isArray(list)) list.forEach((s) => undocumented(s as JsonSchema, path, out));
  }
}

/** Everything wrong with a definition against GA4's rules and our catalogue rules; empty when fine. */
export function definitionProblems(definition: EventDefinition): string[] {
  const problems = eventNameProblems(definition.name);
  const keys = Object.keys(definition.properties.shape);
  // Each top-level property is one GA4 parameter, and so are `page` and `attribution`.
  if (keys.length + 2 > MAX_PARAMETERS) problems.push(`${keys.length} properties plus page and attribution exceed ${MAX_PARAMETERS} parameters`);
  for (const key of keys) {
    if (key.length > MAX_PARAMETER_NAME_LENGTH) problems.push(`property "${key}" is longer than ${MAX_PARAMETER_NAME_LENGTH} characters`);
    const prefix = reservedPrefix(key);
    if (prefix) problems.push(`property "${key}" starts with the GA4 reserved prefix "${prefix}"`);
    if (GA4_RESERVED_PARAMETER_NAMES.has(key)) problems.push(`property "${key}" is a GA4 reserved parameter name`);
    if ((ENVELOPE_KEYS as readonly string[]).includes(key)) problems.push(`property "${key}" collides with the data-layer envelope`);
  }
  if (!definition.description.trim()) problems.push("description is empty");
  if (!definition.owner.trim()) problems.push("owner is empty");
  if (!/^[1-9]\d*-\d+-\d+$/.test(definition.version)) problems.push(`version "${definition.version}" is not SchemaVer MODEL-REVISION-ADDITION`);
  const schema = z.toJSONSchema(definition.properties, { io: "input", unrepresentable: "any" }) as JsonSchema;
  const missingDocs: string[] = [];
  undocumented(schema, "", missingDocs);
  for (const path of missingDocs) problems.push(`property "${path}" has no description or PII flag (use prop())`);
  const unbounded: string[] = [];
  unboundedStrings(schema, "", unbounded);
  for (const path of unbounded) problems.push(`string property "${path}" is not bounded to ${MAX_STRING_VALUE_LENGTH} characters`);
  return problems;
}
