import type { PlanEnvelope, PlanEvent, TrackingPlan } from "./plan";

// The schema compatibility gate: what changed in each event since the released plan
// (tracking/plan.released.json), and whether its SchemaVer version (MODEL-REVISION-ADDITION) says so.
// SchemaVer (Snowplow): MODEL when the change breaks interaction with all historical data, REVISION
// when it may break some, ADDITION when all historical data stays valid.
//   - a removed event or property, a narrowed type, enum or limit, a property made required, or a new
//     required property: historical data no longer fits → MODEL;
//   - a changed PII flag: what the data means to a privacy review changes → at least REVISION;
//   - a new optional property, a widened type, enum or limit, a property made optional → at least ADDITION;
//   - descriptions: documentation, no bump (and a bump with no schema change is refused).
// An event removed from the catalogue cannot carry a version: `npm run tracking:release -- --remove <name>`
// records it on purpose.

type JsonSchema = Record<string, unknown>;
type Level = "MODEL" | "REVISION" | "ADDITION";
const RANK: Record<Level | "NONE", number> = { NONE: 0, ADDITION: 1, REVISION: 2, MODEL: 3 };

interface Change {
  path: string;
  what: string;
  level: Level | "NONE";
}

export interface EventVerdict {
  event: string;
  from: string | null;
  to: string | null;
  changes: Change[];
  /** The bump the changes need. */
  needs: Level | "NONE";
  /** Empty when the version matches the changes. */
  problems: string[];
}

type Version = [number, number, number];
function parseVersion(version: string): Version {
  const parts = version.split("-").map(Number);
  if (parts.length !== 3 || parts.some((n) => !Number.isInteger(n) || n < 0))
    throw new Error(`"${version}" is not a SchemaVer version (MODEL-REVISION-ADDITION)`);
  return parts as Version;
}

/** Which part of the version went up ("NONE" when equal); null when it went down or jumped oddly. */
function bumpOf(from: string, to: string): Level | "NONE" | null {
  const [m1, r1, a1] = parseVersion(from);
  const [m2, r2, a2] = parseVersion(to);
  if (m2 === m1 && r2 === r1 && a2 === a1) return "NONE";
  if (m2 === m1 + 1 && r2 === 0 && a2 === 0) return "MODEL";
  if (m2 === m1 && r2 === r1 + 1 && a2 === 0) return "REVISION";
  if (m2 === m1 && r2 === r1 && a2 === a1 + 1) return "ADDITION";
  return null;
}

const max = (a: Level | "NONE", b: Level | "NONE") => (RANK[a] >= RANK[b] ? a : b);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

const LOWER_LIMITS = ["minLength", "minimum", "exclusiveMinimum", "minItems"] as const;
const UPPER_LIMITS = ["maxLength", "maximum", "exclusiveMaximum", "maxItems"] as const;
const META = new Set(["description", "pii"]);
const STRUCTURE = new Set(["properties", "required", "items", "anyOf", "additionalProperties"]);

function asSet(value: unknown): Set<string> {
  return new Set((Array.isArray(value) ? value : value === undefined ? [] : [value]).map((v) => JSON.stringify(v)));
}
const subset = (a: Set<string>, b: Set<string>) => [...a].every((v) => b.has(v));

/** The changes from `before` to `after` of one schema node at `path`. */
function schemaChanges(before: JsonSchema, after: JsonSchema, path: string): Change[] {
  const changes: Change[] = [];
  const add = (what: string, level: Level | "NONE") => changes.push({ path, what, level });

  if (before.description !== after.description) add("description changed", "NONE");
  if ((before.pii ?? false) !== (after.pii ?? false)) add(`PII flag ${after.pii ? "set" : "cleared"}`, "REVISION");

  for (const key of ["type", "enum", "const"] as const) {
    if (same(before[key], after[key])) continue;
    const was = asSet(before[key]);
    const is = asSet(after[key]);
    if (before[key] === undefined) add(`${key} ${JSON.stringify(after[key])} now required of values`, "MODEL");
    else if (after[key] === undefined) add(`${key} ${JSON.stringify(before[key])} no longer required of values`, "ADDITION");
    else if (subset(is, was)) add(`${key} narrowed from ${JSON.stringify(before[key])} to ${JSON.stringify(after[key])}`, "MODEL");
    else if (subset(was, is)) add(`${key} widened from ${JSON.stringify(before[key])} to ${JSON.stringify(after[key])}`, "ADDITION");
    else add(`${key} changed from ${JSON.stringify(before[key])} to ${JSON.stringify(after[key])}`, "MODEL");
  }
  for (const key of LOWER_LIMITS) {
    const was = before[key] as number | undefined;
    const is = after[key] as number | undefined;
    if (was === is) continue;
    if (is !== undefined && (was === undefined || is > was)) add(`${key} raised from ${was ?? "none"} to ${is}`, "MODEL");
    else add(`${key} lowered from ${was} to ${is ?? "none"}`, "ADDITION");
  }
  for (const key of UPPER_LIMITS) {
    const was = before[key] as number | undefined;
    const is = after[key] as number | undefined;
    if (was === is) continue;
    if (is !== undefined && (was === undefined || is < was)) add(`${key} lowered from ${was ?? "none"} to ${is}`, "MODEL");
    else add(`${key} raised from ${was} to ${is ?? "none"}`, "ADDITION");
  }
  if (!same(before.pattern, after.pattern)) {
    if (after.pattern === undefined) add(`pattern ${String(before.pattern)} dropped`, "ADDITION");
    else add(`pattern ${before.pattern === undefined ? "added" : "changed"}: ${String(after.pattern)}`, "MODEL");
  }
  if (!same(before.additionalProperties, after.additionalProperties)) {
    add(`additional properties ${after.additionalProperties === false ? "refused" : "allowed"}`, after.additionalProperties === false ? "MODEL" : "ADDITION");
  }

  // Alternatives (e.g. `X | null`): matched in order when their number is the same.
  const beforeOptions = before.anyOf as JsonSchema[] | undefined;
  const afterOptions = after.anyOf as JsonSchema[] | undefined;
  if (beforeOptions || afterOptions) {
    if (beforeOptions && afterOptions && beforeOptions.length === afterOptions.length) {
      beforeOptions.forEach((option, i) => changes.push(...schemaChanges(option, afterOptions[i]!, `${path}|${i}`)));
    } else if (!same(beforeOptions, afterOptions)) {
      const was = asSet(beforeOptions);
      const is = asSet(afterOptions);
      if (afterOptions && beforeOptions && subset(was, is)) add("alternatives added", "ADDITION");
      else add("alternatives changed", "MODEL");
    }
  }
  if (before.items || after.items) {
    if (before.items && after.items) changes.push(...schemaChanges(before.items as JsonSchema, after.items as JsonSchema, `${path}[]`));
    else add(after.items ? "array items now constrained" : "array items no longer constrained", after.items ? "MODEL" : "ADDITION");
  }
  if (before.properties || after.properties) changes.push(...propertyChanges(before, after, path));

  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (META.has(key) || STRUCTURE.has(key) || ["type", "enum", "const", "pattern", ...LOWER_LIMITS, ...UPPER_LIMITS].includes(key)) continue;
    if (!same(before[key], after[key])) add(`${key} changed`, "MODEL");
  }
  return changes;
}

function propertyChanges(before: JsonSchema, after: JsonSchema, path: string): Change[] {
  const changes: Change[] = [];
  const was = (before.properties ?? {}) as Record<string, JsonSchema>;
  const is = (after.properties ?? {}) as Record<string, JsonSchema>;
  const wasRequired = new Set((before.required as string[] | undefined) ?? []);
  const isRequired = new Set((after.required as string[] | undefined) ?? []);
  const at = (key: string) => (path ? `${path}.${key}` : key);
  for (const key of Object.keys(was)) {
    if (!(key in is)) changes.push({ path: at(key), what: "property removed", level: "MODEL" });
  }
  for (const [key, schema] of Object.entries(is)) {
    if (!(key in was)) {
      changes.push(
        isRequired.has(key)
          ? { path: at(key), what: "required property added", level: "MODEL" }
          : { path: at(key), what: "optional property added", level: "ADDITION" },
      );
      continue;
    }
    if (!wasRequired.has(key) && isRequired.has(key)) changes.push({ path: at(key), what: "property made required", level: "MODEL" });
    if (wasRequired.has(key) && !isRequired.has(key)) changes.push({ path: at(key), what: "property made optional", level: "ADDITION" });
    changes.push(...schemaChanges(was[key]!, schema, at(key)));
  }
  return changes;
}

/** One event's verdict: its changes since release, the bump they need, and what is wrong with its version. */
export function compareEvent(released: PlanEvent | undefined, current: PlanEvent | undefined, removals: ReadonlySet<string> = new Set()): EventVerdict {
  const name = (current ?? released)!.name;
  if (!current) {
    const removed = removals.has(name);
    return {
      event: name,
      from: released!.version,
      to: null,
      changes: [{ path: "", what: "event removed", level: "MODEL" }],
      needs: "MODEL",
      problems: removed
        ? []
        : [
            `${name}: removed from the catalogue; tag manager triggers and reports still expect it (to remove it on purpose: npm run tracking:release -- --remove ${name})`,
          ],
    };
  }
  if (!released)
    return { event: name, from: null, to: current.version, changes: [{ path: "", what: "event added", level: "NONE" }], needs: "NONE", problems: [] };

  const changes = [...schemaChanges(released.properties, current.properties, "")];
  if (released.dataLayer !== current.dataLayer) {
    changes.push({
      path: "",
      what: `data-layer policy ${released.dataLayer} → ${current.dataLayer}`,
      level: current.dataLayer === "off" ? "MODEL" : "ADDITION",
    });
  }
  if (released.ecommerce !== current.ecommerce) changes.push({ path: "", what: `ecommerce ${current.ecommerce ? "set" : "cleared"}`, level: "MODEL" });
  const needs = changes.reduce<Level | "NONE">((level, change) => max(level, change.level), "NONE");
  const problems: string[] = [];
  const list = changes
    .filter((c) => c.level !== "NONE")
    .map((c) => `${c.path || "(event)"}: ${c.what}`)
    .join("; ");
  let bump: Level | "NONE" | null;
  try {
    bump = bumpOf(released.version, current.version);
  } catch (error) {
    return { event: name, from: released.version, to: current.version, changes, needs, problems: [`${name}: ${(error as Error).message}`] };
  }
  if (bump === null) {
    problems.push(`${name}: version ${released.version} → ${current.version} is not one step of MODEL, REVISION or ADDITION`);
  } else if (RANK[bump] < RANK[needs]) {
    problems.push(
      `${name}: ${list} needs ${needs === "ADDITION" ? "an" : "a"} ${needs} bump (${released.version} → ${nextVersion(released.version, needs as Level)}), but the version is ${current.version}`,
    );
  } else if (needs === "NONE" && bump !== "NONE") {
    problems.push(`${name}: version bumped ${released.version} → ${current.version} with no schema change`);
  }
  return { event: name, from: released.version, to: current.version, changes, needs, problems };
}

function nextVersion(version: string, level: Level): string {
  const [m, r, a] = parseVersion(version);
  if (level === "MODEL") return `${m + 1}-0-0`;
  if (level === "REVISION") return `${m}-${r + 1}-0`;
  return `${m}-${r}-${a + 1}`;
}

/** The envelope's verdict, named "(envelope)": the same rules as an event's, on its fields. */
const ENVELOPE_NAME = "(envelope)";
function asEvent(envelope: PlanEnvelope): PlanEvent {
  return {
    name: ENVELOPE_NAME,
    description: "",
    category: "",
    owner: "",
    version: envelope.version,
    dataLayer: "push",
    ecommerce: false,
    emittedBy: [],
    properties: envelope.properties,
    entry: { $ref: "" },
  };
}

/** Every event of either plan, in name order, then the envelope when both plans version it. */
export function comparePlans(
  released: Pick<TrackingPlan, "events"> & { envelope?: PlanEnvelope },
  current: Pick<TrackingPlan, "events"> & { envelope?: PlanEnvelope },
  removals: ReadonlySet<string> = new Set(),
): EventVerdict[] {
  const before = new Map(released.events.map((event) => [event.name, event]));
  const after = new Map(current.events.map((event) => [event.name, event]));
  const names = [...new Set([...before.keys(), ...after.keys()])].sort();
  const verdicts = names.map((name) => compareEvent(before.get(name), after.get(name), removals));
  if (released.envelope && current.envelope) verdicts.push(compareEvent(asEvent(released.envelope), asEvent(current.envelope)));
  return verdicts;
}
