import { createClient } from "redis";
import { redactUrl } from "~/cache/redis-store.server";
import { log } from "~/server/logger.server";
import type { JudgedBatch, StoredEvent } from "./collect-batch.server";
import { DEDUP_TTL_SECONDS, type Sink, type Written } from "./sink.server";

// The fleet's sink, `redis://…`: two Redis Streams, one for stored events and one for failed events, each
// entry one field `event` holding the line the file sink would write. Any pipeline reads them with a consumer
// group (XREADGROUP, XACK). Every instance of a fleet writes to the same streams, and dedup is in Redis: an
// event_id is claimed with SET NX EX for 24 hours in the same script as its XADD, so a copy sent to two
// instances, or sent again after a lost answer, is added once. The script's answer is the acknowledgement.

export const EVENTS_STREAM = "storefront:collect:events";
export const FAILED_STREAM = "storefront:collect:failed";
const SEEN_PREFIX = "storefront:collect:seen:";
/** Each stream keeps about this many entries (XADD MAXLEN ~): a consumer that falls this far behind loses the oldest. */
const STREAM_MAX_LENGTH = 1_000_000;
/** Longest a batch's script may take before the collector answers 503 and the browser retries. */
const WRITE_DEADLINE_MS = 2_000;
const RECONNECT_MAX_DELAY_MS = 2_000;

// ARGV: ttl, maxlen, seen prefix, then for each line: stream ("e" or "f"), event id ("" for none), line.
// Keys built inside the script (the seen ids) keep it to one Redis, not a cluster: decision 054.
const WRITE_SCRIPT = `
local stored, failed, duplicates, ids = 0, 0, 0, {}
for i = 4, #ARGV, 3 do
  local kind, id, line = ARGV[i], ARGV[i + 1], ARGV[i + 2]
  local fresh = true
  if id ~= "" then fresh = redis.call("SET", ARGV[3] .. id, "1", "NX", "EX", ARGV[1]) end
  if fresh then
    redis.call("XADD", kind == "e" and KEYS[1] or KEYS[2], "MAXLEN", "~", ARGV[2], "*", "event", line)
    if kind == "e" then
      stored = stored + 1
      ids[#ids + 1] = id
    else
      failed = failed + 1
    end
  else
    duplicates = duplicates + 1
  end
end
return { stored, failed, duplicates, unpack(ids) }
`;

type Client = ReturnType<typeof createClient>;

export class RedisSink implements Sink {
  readonly kind = "redis" as const;
  readonly client: Client;
  private up = false;
  private closed = false;

  constructor(url: string) {
    const label = redactUrl(url);
    this.client = createClient({
      url,
      // A write while disconnected fails at once (a 503 the browser retries) instead of queueing.
      disableOfflineQueue: true,
      socket: { reconnectStrategy: (retries) => Math.min(50 * 2 ** Math.min(retries, 10), RECONNECT_MAX_DELAY_MS) },
    });
    this.client.on("ready", () => {
      if (!this.up) log.info({ sink: label }, `Collector sink ${label}: up`);
      this.up = true;
    });
    this.client.on("error", (error: Error) => {
      if (this.up) log.warn({ sink: label }, `Collector sink ${label}: down (${error.message}); batches are answered 503 until it is back`);
      this.up = false;
    });
    this.client.connect().catch(() => undefined);
  }

  status(): "up" | "down" {
    return this.up && this.client.isReady ? "up" : "down";
  }

  async write(batch: JudgedBatch): Promise<Written> {
    if (this.closed || !this.client.isReady) throw new Error("the Redis sink is not connected");
    const args = [String(DEDUP_TTL_SECONDS), String(STREAM_MAX_LENGTH), SEEN_PREFIX];
    for (const event of batch.events) args.push("e", event.event_id, JSON.stringify(event));
    for (const failed of batch.failed) args.push("f", failed.event_id ?? "", JSON.stringify(failed));
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`the Redis sink did not answer within ${WRITE_DEADLINE_MS} ms`)), WRITE_DEADLINE_MS);
    });
    try {
      const reply = (await Promise.race([this.client.eval(WRITE_SCRIPT, { keys: [EVENTS_STREAM, FAILED_STREAM], arguments: args }), deadline])) as Array<
        number | string
      >;
      this.up = true;
      return { stored: Number(reply[0]), failed: Number(reply[1]), duplicates: Number(reply[2]), storedIds: reply.slice(3).map(String) };
    } catch (error) {
      this.up = false;
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }

  async *vitals(since: Date): AsyncIterable<StoredEvent> {
    if (!this.client.isReady) return;
    // Stream ids start with the entry's time in ms: read from `since`, a page at a time.
    let start = `${since.getTime()}-0`;
    for (;;) {
      const page = (await this.client.xRange(EVENTS_STREAM, start, "+", { COUNT: 1000 })) ?? [];
      for (const entry of page) {
        const line = entry.message.event;
        if (!line || !line.includes('"event":"web_vital_')) continue;
        try {
          yield JSON.parse(line) as StoredEvent;
        } catch {
          // Not a line of ours.
        }
      }
      if (page.length < 1000) return;
      start = `(${page.at(-1)!.id}`;
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.client.isOpen) await this.client.close().catch(() => undefined);
    else this.client.destroy();
  }
}
