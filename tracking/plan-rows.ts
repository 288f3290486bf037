// Flattens a JSON Schema (as in the plan) into rows for people: one per property, nested ones with
// dotted paths (`ecommerce.items[].price`). Used by the /tracking catalogue page.

type JsonSchema = Record<string, unknown>;

export interface PropertyRow {
  path: string;
  type: string;
  required: boolean;
  description: string;
  pii: boolean;
}

/** `string ≤100`, `"a" | "b"`, `integer ≥1`, `number | null`, `array of object (≤200)`. */
function describeType(schema: JsonSchema): string {
  const options = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (options) return options.map(describeType).join(" | ");
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (Array.isArray(schema.enum)) return schema.enum.map((value) => JSON.stringify(value)).join(" | ");
  const type = Array.isArray(schema.type) ? schema.type.join(" | ") : String(schema.type ?? "any");
  const limits: string[] = [];
  if (typeof schema.minLength === "number" && schema.minLength > 0) limits.push(`≥${schema.minLength} chars`);
  if (typeof schema.maxLength === "number") limits.push(`≤${schema.maxLength} chars`);
  if (typeof schema.pattern === "string") limits.push(`matches ${schema.pattern}`);
  if (typeof schema.minimum === "number") limits.push(`≥${schema.minimum}`);
  if (typeof schema.exclusiveMinimum === "number") limits.push(`>${schema.exclusiveMinimum}`);
  if (typeof schema.maximum === "number" && schema.maximum < Number.MAX_SAFE_INTEGER) limits.push(`≤${schema.maximum}`);
  if (type === "array") {
    const items = schema.items as JsonSchema | undefined;
    const max = typeof schema.maxItems === "number" ? ` (≤${schema.maxItems} items)` : "";
    return `array of ${items ? describeType(items) : "any"}${max}`;
  }
  return limits.length > 0 ? `${type} ${limits.join(", ")}` : type;
}

/** Skips `null` in `X | null` to find the object or array that carries nested properties. */
function structural(schema: JsonSchema): JsonSchema {
  const options = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  return options?.find((option) => option.type === "object" || option.type === "array") ?? schema;
}

export function propertyRows(schema: JsonSchema, prefix = ""): PropertyRow[] {
  const rows: PropertyRow[] = [];
  const properties = (schema.properties as Record<string, JsonSchema> | undefined) ?? {};
  const required = new Set((schema.required as string[] | undefined) ?? []);
  for (const [key, value] of Object.entries(properties)) {
    const path = `${prefix}${key}`;
    rows.push({
      path,
      type: describeType(value),
      required: required.has(key),
      description: typeof value.description === "string" ? value.description : "",
      pii: value.pii === true,
    });
    const inner = structural(value);
    if (inner.type === "object") rows.push(...propertyRows(inner, `${path}.`));
    if (inner.type === "array" && inner.items && (inner.items as JsonSchema).type === "object") {
      rows.push(...propertyRows(inner.items as JsonSchema, `${path}[].`));
    }
  }
  return rows;
}
