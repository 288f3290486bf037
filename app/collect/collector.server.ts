import type { Request, RequestHandler, Response } from "express";
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import type { Env } from "~/env.server";
import { requestContextOf } from "~/edge/request-context.server";
import type { Lifecycle } from "~/server/lifecycle.server";
import { intoAccessLine, logClientError } from "~/server/log-server-error.server";
import {
  countCollectedEvents,
  countCollectorRequest,
  observeWebVital,
  serveOnMetricsPort,
  watchCollectorSink,
  type CollectorOutcome,
} from "~/server/metrics.server";
import { BatchSchema, judgeBatch, MAX_BATCH_EVENTS, type ServerFacts } from "./collect-batch.server";
import { FileSink } from "./file-sink.server";
import { RedisSink } from "./redis-sink.server";
import type { Sink } from "./sink.server";
import { pageTypeLabel, vitalsPage, vitalsReport, WINDOWS } from "./vitals.server";

// The first-party collector, an edge step after the guard and the request context (docs/tracking.md#first-
// party-collection, decision 054): a POST to COLLECT_PATH takes a batch of data-layer events as JSON (or as
// text/plain, as sendBeacon sends it), judges each with the catalogue, and answers 200 only once the sink
// has made the batch durable. The guard has refused by then what every POST is refused for (a cross-site
// origin, a declared body over 64 KB, no Content-Length); this step refuses the rest, each with one access
// line and a count: a body that turns out longer, more than 100 events, not JSON, a client over its rate, a
// sink that is down. A bot's batch is answered and dropped. Every other request goes on to the page steps.

/** The most one batch may weigh; a browser's keepalive and beacon requests share a 64 KiB budget anyway. */
const MAX_BODY_BYTES = 64 * 1024;
const RATE_WINDOW_SECONDS = 60;
/** How long a client waits before sending a batch again after a 503. */
const SINK_RETRY_AFTER_SECONDS = 5;

type Refusal = { status: number; outcome: CollectorOutcome; reason: string; retryAfter?: number };

function answer(res: Response, status: number, body: object, retryAfter?: number): void {
  res.status(status).setHeader("Cache-Control", "no-store");
  if (retryAfter !== undefined) res.setHeader("Retry-After", String(retryAfter));
  res.json(body);
}

function refuse(req: Request, res: Response, refusal: Refusal): void {
  countCollectorRequest(refusal.outcome);
  logClientError(refusal.status, req.method, req.originalUrl, refusal.reason, intoAccessLine(req.headers["x-request-id"]));
  answer(res, refusal.status, { error: refusal.reason }, refusal.retryAfter);
}

/** The body, read while it is at most MAX_BODY_BYTES; null (and the rest left unread) past it. */
function readBody(req: Request): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let bytes = 0;
    const onData = (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > MAX_BODY_BYTES) {
        req.off("data", onData);
        req.off("end", onEnd);
        req.pause();
        resolve(null);
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => resolve(Buffer.concat(chunks).toString("utf8"));
    req.on("data", onData);
    req.once("end", onEnd);
    req.once("error", reject);
  });
}

function createSink(config: Env["COLLECT_SINK"]): Sink {
  return config.kind === "file" ? FileSink.open(config.dir) : new RedisSink(config.url);
}

/** COLLECT_RATE_PER_MINUTE batches per client address (a visit posts a few: after its taps, on each hide, and retries). */
function limiterFor(sink: Sink, points: number): RateLimiterAbstract | null {
  if (points === 0) return null;
  const memory = new RateLimiterMemory({ points, duration: RATE_WINDOW_SECONDS, keyPrefix: "collect" });
  if (!(sink instanceof RedisSink)) return memory;
  // A fleet counts each client once across its instances; while Redis is away each instance counts alone.
  return new RateLimiterRedis({
    storeClient: sink.client,
    useRedisPackage: true,
    rejectIfRedisNotReady: true,
    points,
    duration: RATE_WINDOW_SECONDS,
    keyPrefix: "storefront:collect:rate",
    insuranceLimiter: memory,
  });
}

const DEVICE: Record<string, ServerFacts["device"]> = { mobile: "phone", desktop: "desktop", bot: "bot" };

export interface Collector {
  step: RequestHandler;
  sink: Sink;
}

/** The collector for COLLECT_PATH and COLLECT_SINK; throws when the sink cannot be opened (a file sink another process holds). */
export function createCollector(env: Pick<Env, "COLLECT_PATH" | "COLLECT_SINK" | "COLLECT_RATE_PER_MINUTE">, lifecycle?: Pick<Lifecycle, "report">): Collector {
  const sink = createSink(env.COLLECT_SINK);
  const limiter = limiterFor(sink, env.COLLECT_RATE_PER_MINUTE);
  lifecycle?.report("collector", () => (sink.status() === "up" ? "up" : "sink down"));
  watchCollectorSink(() => sink.status());
  // docs/tracking.md#first-party-collection: real-user vitals from this sink, for the operator (metrics port only).
  const report = () => vitalsReport(sink.vitals(new Date(Date.now() - WINDOWS["7d"])));
  serveOnMetricsPort("/vitals.json", async () => ({ type: "application/json", body: JSON.stringify(await report()) }));
  serveOnMetricsPort("/vitals", async () => ({ type: "text/html; charset=utf-8", body: vitalsPage(await report()) }));

  const step: RequestHandler = (req, res, next) => {
    if (req.method !== "POST" || req.path !== env.COLLECT_PATH) return next();
    void collect(req, res).catch(next);
  };

  async function collect(req: Request, res: Response): Promise<void> {
    const context = requestContextOf(res);
    const device = DEVICE[context.device.device] ?? "desktop";
    if (device === "bot") {
      // Bots send nothing (the browser side loads no tracking for them); what one posts anyway is not kept.
      req.resume();
      countCollectorRequest("bot");
      answer(res, 202, { stored: 0, failed: 0, duplicates: 0 });
      return;
    }
    // The address keys the rate only; it is never stored or logged.
    const address = req.socket.remoteAddress ?? "unknown";
    try {
      await limiter?.consume(address);
    } catch (error) {
      if (error instanceof RateLimiterRes) {
        req.resume();
        return refuse(req, res, {
          status: 429,
          outcome: "rate_limited",
          reason: "too many batches from this client",
          retryAfter: Math.max(1, Math.ceil(error.msBeforeNext / 1000)),
        });
      }
      throw error;
    }
    const text = await readBody(req);
    if (text === null) {
      res.setHeader("Connection", "close");
      return refuse(req, res, { status: 413, outcome: "too_large", reason: `body over ${MAX_BODY_BYTES} bytes` });
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return refuse(req, res, { status: 400, outcome: "not_json", reason: "body is not JSON" });
    }
    const parsed = BatchSchema.safeParse(body);
    if (!parsed.success) {
      const events = (body as { events?: unknown } | null)?.events;
      if (Array.isArray(events) && events.length > MAX_BATCH_EVENTS) {
        return refuse(req, res, { status: 413, outcome: "too_many_events", reason: `${events.length} events: at most ${MAX_BATCH_EVENTS} in one batch` });
      }
      const issue = parsed.error.issues[0]!;
      return refuse(req, res, { status: 400, outcome: "bad_batch", reason: `${issue.path.join(".") || "(body)"}: ${issue.message}` });
    }
    const judged = judgeBatch(parsed.data, { country: context.countryCode, device, host: context.host }, new Date());
    let result;
    try {
      result = await sink.write(judged);
    } catch (error) {
      context.log("warn", `collector sink: ${(error as Error).message}`);
      return refuse(req, res, { status: 503, outcome: "sink_down", reason: "the event sink is down", retryAfter: SINK_RETRY_AFTER_SECONDS });
    }
    countCollectorRequest("accepted");
    countCollectedEvents(result);
    const fresh = new Set(result.storedIds);
    for (const event of judged.events) {
      const value = event.sent.metric_value;
      if (!fresh.has(event.event_id) || !event.event.startsWith("web_vital_") || typeof value !== "number") continue;
      const page = event.sent.page as { pageType?: unknown } | undefined;
      observeWebVital(event.event.slice("web_vital_".length) as "lcp", value, pageTypeLabel(page?.pageType), device);
    }
    answer(res, 200, { stored: result.stored, failed: result.failed, duplicates: result.duplicates });
  }

  return { step, sink };
}
