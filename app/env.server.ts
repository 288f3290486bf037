import { z } from "zod";
import { URL_MODES } from "~/content/page-url";

/** Where the collector writes (app/collect/sink.server.ts). */
type CollectSink = { kind: "file"; dir: string } | { kind: "redis"; url: string };

// Every setting comes from the environment, validated once at start-up.
// The defaults serve the embedded content and sandbox API on a fresh clone.

const optionalUrl = z
  .string()
  .trim()
  .transform((v) => v || undefined)
  .pipe(z.url({ protocol: /^https?$/ }).optional())
  .optional();

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    /** Address to bind. */
    HOST: z.string().min(1).default("0.0.0.0"),
    /** docs/requirements.md#2-pages-and-the-shell: how page URLs are built. Locally `development`, so `/` is the site directory. */
    URL_MODE: z.enum(URL_MODES).default("development"),
    CONTENT_DIR: z.string().min(1).default("content"),
    /** Parsed content documents kept in memory, in MB (estimated; least recently used go first). */
    CONTENT_CACHE_MB: z.coerce.number().int().min(1).max(4096).default(32),
    /** The theatre retailer brand's host; a uid containing it is an LTT page (docs/requirements.md#3-data). */
    THEATRE_BRAND_HOST: z.string().min(3).default("www.london-theatre-tickets.example"),
    /** The product API. When unset, the embedded sandbox API is started on loopback. */
    API_BASE_URL: optionalUrl,
    /** The second API host that docs/requirements.md#7-upstream-calls routes collections, categories, tour groups… to. */
    API_SECONDARY_URL: optionalUrl,
    API_TIMEOUT_MS: z.coerce.number().int().min(50).max(30000).default(2500),
    /** How long a page waits for prices before rendering without them. */
    PRICE_BUDGET_MS: z.coerce.number().int().min(0).max(10000).default(800),
    /** The CDN header that carries the visitor's country. */
    COUNTRY_HEADER: z
      .string()
      .regex(/^[a-z0-9-]+$/i, "must be a header name")
      .transform((v) => v.toLowerCase())
      .default("cloudfront-viewer-country"),
    /** Secret: sent only on server-side API calls (docs/requirements.md#6-visitors). Never reaches a browser. */
    FIREWALL_ALLOW_KEY: z.string().optional(),
    /**
     * Secret: a request whose X-Server-Timing-Key header carries it sees upstream calls and the page
     * cache in Server-Timing (server-timing.server.ts). Unset: nobody does.
     */
    SERVER_TIMING_KEY: z
      .string()
      .trim()
      .transform((v) => v || undefined)
      .pipe(z.string().min(16, "must be at least 16 characters (it is a secret)").optional())
      .optional(),
    FIREWALL_HEADER: z
      .string()
      .regex(/^[a-z0-9-]+$/i, "must be a header name")
      .default("x-firewall-allow-key"),
    /** The tag manager container; when unset, events still go to window.dataLayer but no container loads. */
    GTM_CONTAINER_ID: z
      .string()
      .regex(/^GTM-[A-Z0-9]{4,12}$/, "must look like GTM-XXXXXXX")
      .optional()
      .or(z.literal("").transform(() => undefined)),
    /**
     * docs/tracking.md#first-party-collection: the path on every site's own origin that takes a POST of collected
     * events (a GET there is still a page path).
     */
    COLLECT_PATH: z
      .string()
      .trim()
      .regex(/^\/[a-z0-9][a-z0-9/_-]{0,63}$/, "must be a path like /events (lower-case letters, digits, -, _ and /)")
      .default("/events"),
    /**
     * Where collected events are written: `file:<folder>` (NDJSON per UTC day; one instance per folder, held by a
     * lock file) or `redis://…` (Redis Streams, for a fleet; a secret when it carries a password, never logged).
     */
    COLLECT_SINK: z
      .string()
      .trim()
      .default("file:var/events")
      .transform((value, ctx): CollectSink => {
        if (value.startsWith("file:") && value.length > 5) return { kind: "file", dir: value.slice(5) };
        if (/^rediss?:\/\/[^\s]+$/.test(value) && URL.canParse(value)) return { kind: "redis", url: value };
        ctx.addIssue({ code: "custom", message: "must be file:<folder> (e.g. file:var/events) or a redis:// or rediss:// URL" });
        return z.NEVER;
      }),
    /**
     * Batches one client address may post to the collector a minute, then 429 (`0`: no limit). Behind a CDN every
     * visitor arrives from its few addresses: raise it, or turn it off and let the CDN limit.
     */
    COLLECT_RATE_PER_MINUTE: z.coerce.number().int().min(0).max(1_000_000).default(600),
    /** Entries kept by the in-process price cache (least recently used go first). */
    /** Rendered-page micro-cache: how long a public page may be served from memory (0 turns it off). */
    PAGE_CACHE_TTL_MS: z.coerce.number().int().min(0).max(60_000).default(5000),
    PAGE_CACHE_MAX_MB: z.coerce.number().int().min(1).max(4096).default(64),
    PRICE_CACHE_MAX_ENTRIES: z.coerce.number().int().min(10).max(1_000_000).default(5000),
    /**
     * Secret (it may carry the Redis password; logged redacted, never sent to a browser): the Redis that
     * instances share for upstream answers and pages. Unset: each process keeps its own (the embedded default).
     */
    CACHE_URL: z
      .string()
      .trim()
      .transform((v) => v || undefined)
      .pipe(z.url({ protocol: /^rediss?$/, error: "must be a redis:// or rediss:// URL, e.g. redis://:password@cache.internal:6379/0" }).optional())
      .optional(),
    /** Longest one Redis command may take before the in-process cache answers instead. */
    CACHE_TIMEOUT_MS: z.coerce.number().int().min(5).max(5000).default(100),
    /** docs/requirements.md#2-pages-and-the-shell: booking links go to {subdomain}.{BOOKING_DOMAIN}. */
    BOOKING_DOMAIN: z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/, "must be a host name like book.roamly.example")
      .default("book.roamly.example"),
    /**
     * Default fault for the embedded sandbox API, e.g. `latency=200,error=0.2` (soak tests). Checked with
     * the sandbox's own parser when the embedded sandbox starts (app/embedded-sandbox.server.ts).
     */
    SANDBOX_FAULT: z.string().optional(),
    /**
     * Port of the Prometheus metrics (GET /metrics), never the public PORT; bound on METRICS_HOST. `0` turns
     * metrics off (nothing is recorded). docs/operations.md lists every metric.
     */
    METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(9464),
    /**
     * Address the metrics port binds: loopback unless an operator opens it (e.g. `0.0.0.0` for a Prometheus
     * that scrapes the pod's address). Not HOST: the public bind address says nothing about who may scrape.
     */
    METRICS_HOST: z.string().trim().min(1).default("127.0.0.1"),
    /** Least severe log level written; the access lines are `info`, so `warn` turns them off. */
    LOG_LEVEL: z.enum(["trace", "debug", "info", "warn", "error", "fatal", "silent"]).default("info"),
    /** `json` (one JSON object a line) or `pretty` (readable); unset: `pretty` in development, `json` otherwise. */
    LOG_FORMAT: z.enum(["json", "pretty"]).optional(),
    /**
     * How long a client may take to send a whole request, headers and body; then it gets a 408 and its
     * connection is closed (checked every second). Node's own defaults were 60 s for headers and 300 s
     * for a request, and a body that never ended was never reclaimed (edge/guard.server.ts).
     */
    REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).max(300_000).default(30_000),
    /** After SIGTERM: how long the instance keeps answering while /readyz says 503, so load balancers take it out. */
    SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(300_000).default(2000),
    /** Then: how long requests in flight may take to finish before their connections are closed. */
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(300_000).default(10_000),
    /** Enables the bare document route used by `npm run bench`. */
    BENCH_MODE: z
      .enum(["0", "1", "true", "false"])
      .default("0")
      .transform((v) => v === "1" || v === "true"),
  })
  .refine((env) => !env.API_SECONDARY_URL || env.API_BASE_URL, {
    path: ["API_SECONDARY_URL"],
    message: "needs API_BASE_URL too (without both, the embedded sandbox serves both hosts)",
  })
  .refine((env) => env.METRICS_PORT === 0 || env.METRICS_PORT !== env.PORT, {
    path: ["METRICS_PORT"],
    message: "must differ from PORT: metrics are never served on the public port",
  });

export type Env = z.infer<typeof EnvSchema>;

/** Parses an environment; throws one error that names every bad variable. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = EnvSchema.safeParse(source);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => `  ${issue.path.join(".") || "(env)"}: ${issue.message}`);
  throw new Error(`Invalid environment configuration:\n${lines.join("\n")}`);
}

let cached: Env | undefined;
export function getEnv(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/** The only settings that may reach the browser. Secrets are never listed here. */
export interface PublicEnv {
  urlMode: Env["URL_MODE"];
  gtmContainerId: string | null;
  nodeEnv: Env["NODE_ENV"];
  /** Where the browser posts collected events (COLLECT_PATH). */
  collectPath: string;
}

export function publicEnv(env: Env): PublicEnv {
  return { urlMode: env.URL_MODE, gtmContainerId: env.GTM_CONTAINER_ID ?? null, nodeEnv: env.NODE_ENV, collectPath: env.COLLECT_PATH };
}
