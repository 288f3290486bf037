import type { JudgedBatch, StoredEvent } from "./collect-batch.server";

// Where collected events go (COLLECT_SINK, docs/tracking.md#first-party-collection). A sink answers a write
// only once the batch is durable (fsync'd, or acknowledged by Redis), drops the events whose event_id it has
// seen in the last 24 hours, and fails the whole write otherwise: the collector then answers 503 and the
// browser sends the batch again. Why the choices: docs/decisions/054-first-party-collection.md.

/** How long an event_id is remembered: a copy within it is stored once. */
export const DEDUP_TTL_SECONDS = 24 * 60 * 60;

interface WriteResult {
  stored: number;
  failed: number;
  duplicates: number;
}

/** A write's result, with the ids of the events it stored (not the copies it dropped). */
export interface Written extends WriteResult {
  storedIds: string[];
}

export interface Sink {
  readonly kind: "file" | "redis";
  /** Resolves once every new event and failed event of the batch is durable; rejects (nothing acknowledged) otherwise. */
  write(batch: JudgedBatch): Promise<Written>;
  /** "down" after a failed write or a lost connection, until a write succeeds again. */
  status(): "up" | "down";
  /** The stored web_vital_* events received since `since`, for /vitals (this instance's sink). */
  vitals(since: Date): AsyncIterable<StoredEvent>;
  close(): Promise<void>;
}
