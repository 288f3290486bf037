import { randomUUID } from "node:crypto";
import type { createClient } from "redis";
import type { z } from "zod";
import { countSharedCacheTimeout, setSharedCacheUp } from "~/server/metrics.server";
import { log } from "~/server/logger.server";
import { CacheUnavailableError, type CacheLock, type CacheStore, type Expiring } from "./cache-store.server";

// The shared store: Redis through node-redis (CACHE_URL). Redis helps or steps aside, never fails a
// request (docs/decisions/016-shared-cache-in-redis.md):
//  - every command has a deadline (CACHE_TIMEOUT_MS); past it, or while the client is down or
//    reconnecting, a call throws CacheUnavailableError at once and FallbackStore answers from memory;
//  - the client reconnects for ever with a bounded back-off, and says so in two lines: one when Redis
//    goes away, one when it is back;
//  - start-up never waits for Redis: the client library is loaded and the connection made in the
//    background, so a process without CACHE_URL never loads node-redis (decision 019).
// Keys carry a version (storefront:v1:) so a change of what is stored never reads an old shape; every
// entry is validated with zod on the way back (a bad value is a miss) and expires with its last use.

/** Bump when the shape of a stored entry changes: old entries are then simply never read. */
export const REDIS_KEY_PREFIX = "storefront:v1:";
/** Longest wait between two reconnection attempts. */
const RECONNECT_MAX_DELAY_MS = 2_000;
/** After a command timed out, Redis is left alone this long (the in-process cache answers meanwhile). */
const SLOW_PAUSE_MS = 1_000;

/** The URL with its password replaced, for logs: a CACHE_URL may carry the Redis password. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return "(unreadable URL)";
  }
}

/** Exponential back-off, capped, with jitter so a fleet does not reconnect in step. */
function reconnectDelay(retries: number): number {
  return Math.min(50 * 2 ** Math.min(retries, 10), RECONNECT_MAX_DELAY_MS) + Math.floor(Math.random() * 100);
}

export interface RedisConnectionOptions {
  url: string;
  /** Longest one command may take before the in-process cache answers instead. */
  timeoutMs: number;
  log?: (line: string, level: "info" | "warn") => void;
}

type State = "connecting" | "up" | "down";

class CommandDeadlineError extends Error {
  constructor(ms: number) {
    super(`no answer within ${ms} ms`);
  }
}

type RedisClient = ReturnType<typeof createClient>;

/** One client per process, shared by every RedisStore. */
export class RedisConnection {
  readonly label: string;
  /** Null until node-redis is loaded; commands meanwhile fail as "connecting". */
  private client: RedisClient | null = null;
  private isTimeout: (error: unknown) => boolean = () => false;
  private readonly log: (line: string, level: "info" | "warn") => void;
  private readonly password: string;
  private state: State = "connecting";
  private pausedUntil = 0;
  private closed = false;

  constructor(private readonly options: RedisConnectionOptions) {
    this.label = redactUrl(options.url);
    this.log = options.log ?? ((line, level) => log[level]({ cache: "redis" }, line));
    this.password = safePassword(options.url);
    void this.connect();
  }

  private async connect(): Promise<void> {
    const options = this.options;
    let redis: typeof import("redis");
    try {
      redis = await import("redis");
    } catch (error) {
      this.markDown(this.describe(error));
      return;
    }
    if (this.closed) return;
    this.isTimeout = (error) => error instanceof redis.TimeoutError;
    const client: RedisClient = redis.createClient({
      url: options.url,
      // A command while disconnected fails at once instead of queueing until Redis is back.
      disableOfflineQueue: true,
      // While Redis stalls, commands past this many fail at once rather than pile up.
      commandsQueueMaxLength: 1_000,
      commandOptions: { timeout: options.timeoutMs },
      socket: { connectTimeout: Math.max(1_000, options.timeoutMs * 10), reconnectStrategy: reconnectDelay },
    });
    this.client = client;
    client.on("ready", () => this.markUp());
    // node-redis emits an error per failed attempt; the state below turns them into one line.
    client.on("error", (error: unknown) => this.markDown(this.describe(error)));
    await client.connect().catch((error: unknown) => this.markDown(this.describe(error)));
  }

  /** True while commands go to Redis (connected, and not paused after a timeout). */
  get available(): boolean {
    return (this.client?.isReady ?? false) && Date.now() >= this.pausedUntil;
  }

  /** Runs one command within the deadline, or throws CacheUnavailableError. */
  async run<T>(command: (client: RedisClient) => Promise<T>): Promise<T> {
    const client = this.client;
    if (this.closed || !client?.isReady) throw new CacheUnavailableError(this.state === "connecting" ? "connecting" : "disconnected");
    if (Date.now() < this.pausedUntil) throw new CacheUnavailableError("slow; left alone for a moment");
    // node-redis's own command timeout stops counting once a command is written, so a stalled server
    // would hold it for ever: the deadline is ours. A late reply is still read (and dropped) by the client.
    let timer: NodeJS.Timeout | undefined;
    const pending = command(client);
    pending.catch(() => undefined);
    const deadline = new Promise<never>((_, reject) => {
      // Decided after the event loop has read its sockets once more: when a long render held the loop,
      // the reply may be sitting there already, and Redis was not slow.
      timer = setTimeout(() => setImmediate(() => reject(new CommandDeadlineError(this.options.timeoutMs))), this.options.timeoutMs);
    });
    try {
      const result = await Promise.race([pending, deadline]);
      this.markUp();
      return result;
    } catch (error) {
      if (error instanceof CommandDeadlineError || this.isTimeout(error)) {
        this.pausedUntil = Date.now() + SLOW_PAUSE_MS;
        countSharedCacheTimeout();
        this.markDown(`no answer within ${this.options.timeoutMs} ms`);
      }
      throw new CacheUnavailableError(this.describe(error));
    } finally {
      clearTimeout(timer);
    }
  }

  close(): void {
    this.closed = true;
    if (this.client?.isOpen) this.client.destroy();
  }

  private markUp(): void {
    if (this.state === "up") return;
    this.log(
      this.state === "down" ? `[cache] Redis at ${this.label} is back: the cache is shared again` : `[cache] Shared cache: Redis at ${this.label}`,
      "info",
    );
    setSharedCacheUp(true);
    this.state = "up";
  }

  private markDown(reason: string): void {
    if (this.state === "down" || this.closed) return;
    this.state = "down";
    this.log(`[cache] Redis at ${this.label} unavailable (${reason}): this instance serves from its in-process cache until Redis answers again`, "warn");
    setSharedCacheUp(false);
  }

  /** An error's message, never with the password in it. */
  private describe(error: unknown): string {
    const message = error instanceof Error ? error.message || error.name : String(error);
    return this.password ? message.replaceAll(this.password, "***") : message;
  }
}

function safePassword(url: string): string {
  try {
    return decodeURIComponent(new URL(url).password);
  } catch {
    return "";
  }
}

// Deletes the lock only if it is still ours: a lock that expired and was taken by another instance
// must not be released by the one that lost it.
const RELEASE_SCRIPT = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) else return 0 end`;

/** The stored form: JSON of the entry. */
function encodeEntry(entry: Expiring): string {
  return JSON.stringify(entry, bytesAsBase64);
}

/** A JSON replacer: bytes (a cached page's body) as base64, where JSON would spell each byte as a number. */
export function bytesAsBase64(this: unknown, key: string, value: unknown): unknown {
  const raw = (this as Record<string, unknown>)[key];
  return Buffer.isBuffer(raw) ? raw.toString("base64") : value;
}

/** The entry back, or undefined when the text is not JSON, not the schema's shape, or expired. */
function decodeEntry<E extends Expiring>(text: string, schema: z.ZodType<E>, now: number): E | undefined {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return undefined;
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success || parsed.data.expiresAt <= now) return undefined;
  return parsed.data;
}

export interface RedisStoreOptions<E extends Expiring> {
  /** Names this store's keys, e.g. "price" or "page". */
  namespace: string;
  /** What a stored entry must look like; anything else read back is a miss. */
  schema: z.ZodType<E>;
  now?: () => number;
}

export class RedisStore<E extends Expiring> implements CacheStore<E> {
  private readonly prefix: string;
  private readonly schema: z.ZodType<E>;
  private readonly now: () => number;

  constructor(
    private readonly connection: RedisConnection,
    options: RedisStoreOptions<E>,
  ) {
    this.prefix = `${REDIS_KEY_PREFIX}${options.namespace}:`;
    this.schema = options.schema;
    this.now = options.now ?? Date.now;
  }

  async get(key: string): Promise<E | undefined> {
    const text = await this.connection.run((client) => client.get(this.prefix + key));
    return typeof text === "string" ? decodeEntry(text, this.schema, this.now()) : undefined;
  }

  async set(key: string, entry: E): Promise<void> {
    // Redis's own expiry is the entry's: nothing outlives the window in which it may still be served.
    const ttlMs = Math.ceil(entry.expiresAt - this.now());
    if (ttlMs <= 0) return;
    await this.connection
      .run((client) => client.set(this.prefix + key, encodeEntry(entry), { expiration: { type: "PX", value: ttlMs } }))
      .catch(() => undefined);
  }

  async lock(key: string, ttlMs: number): Promise<CacheLock | null> {
    const name = `${this.prefix}lock:${key}`;
    const token = randomUUID();
    const reply = await this.connection.run((client) =>
      client.set(name, token, { condition: "NX", expiration: { type: "PX", value: Math.max(1, Math.ceil(ttlMs)) } }),
    );
    if (reply !== "OK") return null;
    return {
      release: () =>
        this.connection
          .run((client) => client.eval(RELEASE_SCRIPT, { keys: [name], arguments: [token] }))
          .then(
            () => undefined,
            () => undefined,
          ),
    };
  }

  async clear(): Promise<void> {
    await this.connection.run(async (client) => {
      for await (const keys of client.scanIterator({ MATCH: `${this.prefix}*`, COUNT: 500 })) if (keys.length) await client.unlink(keys);
    });
  }
}
