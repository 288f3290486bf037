import { z } from "zod";
import { getEventDefinition } from "../../tracking/catalogue";
import { ENVELOPE_VERSION, EVENT_ID_PATTERN } from "../../tracking/envelope";
import type { PageContext } from "../../tracking/page-context";
import { describeIssues, validateEvent, type ValidationIssue } from "../../tracking/validate";

// One collected batch, judged event by event with the catalogue the browser's pipeline uses
// (docs/tracking.md#first-party-collection): a valid event becomes a stored line, anything else a failed
// line that keeps its id, its reason and its payload cut to 10 KB. Nothing a visitor sent is dropped
// without a trace, and nothing about the request beyond what the server knows (country, device class,
// host) is added: never the address, never the user agent.

/** At most this many events in one batch (the browser's batches are far smaller: 40 KB). */
export const MAX_BATCH_EVENTS = 100;
/** One event larger than this (as JSON) is a failed event, "too large": no catalogue event comes near it. */
const MAX_EVENT_BYTES = 8 * 1024;
/** A failed event keeps at most this much of its payload. */
const FAILED_PAYLOAD_BYTES = 10 * 1024;

/**
 * The body the browser posts: the envelope's version, each event's catalogue version, and the entries as the
 * data layer holds them. Unknown keys are refused: a client that is not ours is told what was wrong.
 */
export const BatchSchema = z.strictObject({
  envelope: z.string().regex(/^\d+-\d+-\d+$/, "must be a SchemaVer version like 1-0-1"),
  versions: z.record(z.string().max(40), z.string().regex(/^\d+-\d+-\d+$/, "must be a SchemaVer version like 1-0-0")),
  events: z.array(z.unknown()).max(MAX_BATCH_EVENTS, `at most ${MAX_BATCH_EVENTS} events in one batch`),
});
export type Batch = z.infer<typeof BatchSchema>;

/** What the server knows of the request that brought the batch, stored with each event. */
export interface ServerFacts {
  /** The request context's country (the CDN header), null when unknown. */
  country: string | null;
  device: "phone" | "desktop" | "bot";
  /** The site host the batch was posted to. */
  host: string;
}

type FailureType = "schema_violation" | "unknown_event" | "unknown_version" | "size_violation";

export interface StoredEvent {
  event_id: string;
  event: string;
  /** The catalogue version the event was checked against (the server's own, which the sent one is compatible with). */
  version: string;
  received_at: string;
  /** The entry as the data layer held it: properties, page context, attribution. */
  sent: Record<string, unknown>;
  server: ServerFacts;
}

export interface FailedEvent {
  event_id: string | null;
  event: string | null;
  failure: FailureType;
  /** zod's path and message, or "unknown event", "unknown version", "too large". */
  reason: string;
  received_at: string;
  /** The entry as sent, as JSON, cut to FAILED_PAYLOAD_BYTES. */
  payload: string;
  server: ServerFacts;
}

export interface JudgedBatch {
  events: StoredEvent[];
  failed: FailedEvent[];
}

type Version = [number, number, number];
const parse = (version: string): Version => version.split("-").map(Number) as Version;

/**
 * A sent version the server can check with its own schema: the same MODEL and REVISION, and no more ADDITIONs
 * than the server's (each ADDITION keeps all earlier data valid: tracking/compat.ts). A page from before a
 * release is judged by the new schema; one from after it, or across a REVISION or MODEL, is "unknown version".
 */
function compatibleVersion(sent: string, own: string): boolean {
  const [m1, r1, a1] = parse(sent);
  const [m2, r2, a2] = parse(own);
  return m1 === m2 && r1 === r2 && a1 <= a2;
}

/** The first FAILED_PAYLOAD_BYTES bytes of a text, never cutting a character in two. */
function cut(text: string): string {
  const bytes = Buffer.from(text, "utf8");
  if (bytes.length <= FAILED_PAYLOAD_BYTES) return text;
  return new TextDecoder("utf-8", { fatal: false }).decode(bytes.subarray(0, FAILED_PAYLOAD_BYTES)).replace(/\uFFFD$/, "");
}

const idOf = (entry: Record<string, unknown>): string | null =>
  typeof entry.event_id === "string" && EVENT_ID_PATTERN.test(entry.event_id) ? entry.event_id : null;

/** Judges each event of a batch that passed BatchSchema. */
export function judgeBatch(batch: Batch, server: ServerFacts, receivedAt: Date): JudgedBatch {
  const received_at = receivedAt.toISOString();
  const judged: JudgedBatch = { events: [], failed: [] };
  const envelopeKnown = compatibleVersion(batch.envelope, ENVELOPE_VERSION);
  for (const item of batch.events) {
    const text = JSON.stringify(item) ?? "null";
    const entry = item !== null && typeof item === "object" && !Array.isArray(item) ? (item as Record<string, unknown>) : {};
    const name = typeof entry.event === "string" ? entry.event : null;
    const fail = (failure: FailureType, reason: string) =>
      judged.failed.push({ event_id: idOf(entry), event: name, failure, reason, received_at, payload: cut(text), server });
    if (Buffer.byteLength(text, "utf8") > MAX_EVENT_BYTES) {
      fail("size_violation", "too large");
      continue;
    }
    const definition = name === null ? undefined : getEventDefinition(name);
    if (!definition) {
      fail("unknown_event", "unknown event");
      continue;
    }
    const sentVersion = batch.versions[definition.name];
    if (!envelopeKnown || sentVersion === undefined || !compatibleVersion(sentVersion, definition.version)) {
      fail("unknown_version", "unknown version");
      continue;
    }
    const { event: _event, event_id: eventId, page, attribution, ...properties } = entry;
    const verdict = validateEvent(definition.name, properties, { page: (page ?? null) as PageContext | null, attribution });
    const issues: ValidationIssue[] = verdict.ok ? [] : [...verdict.issues];
    if (typeof eventId !== "string" || !EVENT_ID_PATTERN.test(eventId))
      issues.unshift({ path: "event_id", message: "must be a UUID (every collected event has one)" });
    if (issues.length > 0) {
      fail("schema_violation", describeIssues(issues));
      continue;
    }
    judged.events.push({ event_id: eventId as string, event: definition.name, version: definition.version, received_at, sent: entry, server });
  }
  return judged;
}
