// A small JSON Schema (2020-12) checker for the subset that z.toJSONSchema and plan.ts produce.
// It lets tests check real data-layer entries against the published plan, not against zod, so a
// plan that drifted from the runtime validators would be caught. Not shipped to browsers.

type Schema = Record<string, unknown> | boolean;

export interface SchemaError {
  path: string;
  message: string;
}

function typeOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  return typeof value;
}

function typeMatches(expected: string, value: unknown): boolean {
  const actual = typeOf(value);
  return expected === actual || (expected === "number" && actual === "integer");
}

function resolve(root: Record<string, unknown>, ref: string): Schema {
  if (!ref.startsWith("#/")) throw new Error(`Only local $ref is supported: ${ref}`);
  let node: unknown = root;
  for (const part of ref.slice(2).split("/")) node = (node as Record<string, unknown>)?.[part.replace(/~1/g, "/").replace(/~0/g, "~")];
  if (node === undefined) throw new Error(`Unresolved $ref ${ref}`);
  return node as Schema;
}

function check(root: Record<string, unknown>, schema: Schema, value: unknown, path: string, errors: SchemaError[]): void {
  if (schema === true) return;
  if (schema === false) {
    errors.push({ path, message: "not allowed" });
    return;
  }
  const fail = (message: string) => errors.push({ path: path || "(root)", message });
  if (typeof schema.$ref === "string") check(root, resolve(root, schema.$ref), value, path, errors);
  if (schema.const !== undefined && JSON.stringify(schema.const) !== JSON.stringify(value)) fail(`must be ${JSON.stringify(schema.const)}`);
  if (Array.isArray(schema.enum) && !schema.enum.some((option) => JSON.stringify(option) === JSON.stringify(value)))
    fail(`must be one of ${JSON.stringify(schema.enum)}`);
  if (schema.type !== undefined) {
    const types = Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string];
    if (!types.some((type) => typeMatches(type, value))) {
      fail(`must be ${types.join(" or ")}, got ${typeOf(value)}`);
      return;
    }
  }
  for (const key of ["anyOf", "oneOf"] as const) {
    const options = schema[key] as Schema[] | undefined;
    if (!options) continue;
    const passing = options.filter((option) => {
      const sub: SchemaError[] = [];
      check(root, option, value, path, sub);
      return sub.length === 0;
    }).length;
    if (key === "anyOf" ? passing === 0 : passing !== 1)
      fail(`must match ${key === "anyOf" ? "at least one" : "exactly one"} of ${options.length} schemas (matched ${passing})`);
  }
  for (const sub of (schema.allOf as Schema[] | undefined) ?? []) check(root, sub, value, path, errors);
  if (typeof value === "string") {
    if (typeof schema.minLength === "number" && [...value].length < schema.minLength) fail(`shorter than ${schema.minLength}`);
    if (typeof schema.maxLength === "number" && [...value].length > schema.maxLength) fail(`longer than ${schema.maxLength}`);
    if (typeof schema.pattern === "string" && !new RegExp(schema.pattern, "u").test(value)) fail(`does not match ${schema.pattern}`);
  }
  if (typeof value === "number") {
    if (typeof schema.minimum === "number" && value < schema.minimum) fail(`less than ${schema.minimum}`);
    if (typeof schema.maximum === "number" && value > schema.maximum) fail(`greater than ${schema.maximum}`);
    if (typeof schema.exclusiveMinimum === "number" && value <= schema.exclusiveMinimum) fail(`not greater than ${schema.exclusiveMinimum}`);
    if (typeof schema.exclusiveMaximum === "number" && value >= schema.exclusiveMaximum) fail(`not less than ${schema.exclusiveMaximum}`);
  }
  if (Array.isArray(value)) {
    if (typeof schema.minItems === "number" && value.length < schema.minItems) fail(`fewer than ${schema.minItems} items`);
    if (typeof schema.maxItems === "number" && value.length > schema.maxItems) fail(`more than ${schema.maxItems} items`);
    const prefix = (schema.prefixItems as Schema[] | undefined) ?? [];
    prefix.forEach((sub, index) => index < value.length && check(root, sub, value[index], `${path}/${index}`, errors));
    if (schema.items !== undefined)
      value.slice(prefix.length).forEach((item, index) => check(root, schema.items as Schema, item, `${path}/${index + prefix.length}`, errors));
  }
  if (value !== null && typeof value === "object" && !Array.isArray(value)) {
    const record = value as Record<string, unknown>;
    const properties = (schema.properties as Record<string, Schema> | undefined) ?? {};
    for (const key of (schema.required as string[] | undefined) ?? []) if (!(key in record)) fail(`missing required property "${key}"`);
    for (const [key, item] of Object.entries(record)) {
      if (key in properties) check(root, properties[key]!, item, `${path}/${key}`, errors);
      else if (schema.additionalProperties === false) fail(`unexpected property "${key}"`);
      else if (typeof schema.additionalProperties === "object") check(root, schema.additionalProperties as Schema, item, `${path}/${key}`, errors);
    }
  }
}

/** Errors of `value` against `schema` (whose $refs resolve against `root`, by default the schema itself). */
export function checkJsonSchema(schema: Record<string, unknown>, value: unknown, root: Record<string, unknown> = schema): SchemaError[] {
  const errors: SchemaError[] = [];
  check(root, schema, value, "", errors);
  return errors;
}
