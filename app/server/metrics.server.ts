import { createServer, type Server } from "node:http";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import { PAGE_TYPES } from "../../tracking/page-context";

// The storefront's Prometheus metrics (docs/operations.md#metrics lists each, with the alerts built on
// them). Served by startMetricsServer on METRICS_PORT, never on the public port. Labels are bounded:
// route kind, status class, cache result, endpoint group, outcome; never a host, path or uid, since every
// label value is a series kept for the life of the process. Until enableMetrics() is called (METRICS_PORT
// 0, unit tests) every recorder below returns at once. Why these choices: decision 022.

export type RouteKind = "page" | "action" | "static" | "tracking" | "inspector" | "other";
export type PageCacheResult = "hit" | "miss" | "bypass";
type UpstreamOutcome = "ok" | "error" | "timeout" | "coalesced" | "stale";
/** What the price cache answered (price-cache.server.ts), or "failed" when nothing usable came. */
type PriceLookup = "hit" | "stale" | "miss" | "merged" | "stale-if-error" | "failed";

const SECONDS = 1000;

/** What became of one batch posted to the collector (app/collect/collector.server.ts). */
const COLLECTOR_OUTCOMES = ["accepted", "bot", "too_large", "too_many_events", "not_json", "bad_batch", "rate_limited", "sink_down"] as const;
export type CollectorOutcome = (typeof COLLECTOR_OUTCOMES)[number];
const SHARED_CACHE_UP = "storefront_shared_cache_up";

function createMetrics(registry: Registry) {
  collectDefaultMetrics({ register: registry });
  const http = new Histogram({
    name: "storefront_http_request_duration_seconds",
    help: "Requests answered on the public port, from arrival to the last byte (its _count is the number of requests), by route kind, status class and page-cache result",
    labelNames: ["route", "status_class", "cache"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  return {
    http,
    /** One child per label combination, found without hashing the labels on every request. */
    httpChildren: new Map<string, ReturnType<typeof http.labels>>(),
    render: new Histogram({
      name: "storefront_render_duration_seconds",
      help: "Server render of one document (React to HTML, the page's CSS and inline parts), loaders not included",
      buckets: [0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1],
      registers: [registry],
    }),
    upstream: new Counter({
      name: "storefront_upstream_requests_total",
      help: "Upstream API answers needed, by endpoint group and outcome: ok, error, timeout (calls made), coalesced (joined a call in flight), stale (served from cache while refreshing, or because the refresh failed)",
      labelNames: ["endpoint", "outcome"] as const,
      registers: [registry],
    }),
    upstreamDuration: new Histogram({
      name: "storefront_upstream_request_duration_seconds",
      help: "Latency of the upstream API calls this process made, by endpoint group and outcome (ok, error, timeout)",
      labelNames: ["endpoint", "outcome"] as const,
      buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [registry],
    }),
    cacheLookups: new Counter({
      name: "storefront_cache_lookups_total",
      help: "Lookups in the price cache and the page cache, by result (hit: served from the cache, fresh or stale; miss)",
      labelNames: ["cache", "result"] as const,
      registers: [registry],
    }),
    sharedCacheUp: new Gauge({
      name: SHARED_CACHE_UP,
      help: "1 while the shared cache (Redis at CACHE_URL) answers, 0 while this instance serves from its own copy; absent without CACHE_URL",
      registers: [],
    }),
    sharedCacheFallbacks: new Counter({
      name: "storefront_shared_cache_fallbacks_total",
      help: "Shared-cache reads and locks answered by this instance's own copy because Redis could not answer in time",
      labelNames: ["operation"] as const,
      registers: [registry],
    }),
    sharedCacheTimeouts: new Counter({
      name: "storefront_shared_cache_command_timeouts_total",
      help: "Redis commands given up on after CACHE_TIMEOUT_MS",
      registers: [registry],
    }),
    contentRevalidations: new Counter({
      name: "storefront_content_revalidations_total",
      help: "Passes over the cached content documents (one a second), by whether a file had changed",
      labelNames: ["changed"] as const,
      registers: [registry],
    }),
    pageCacheRefusals: new Counter({
      name: "storefront_page_cache_refusals_total",
      help: "Answers the page cache refused because they were not what their key promises (HTML for a document, a page's JSON for its data, a 200): at store, or at read for an entry another instance wrote",
      labelNames: ["at"] as const,
      registers: [registry],
    }),
    ready: new Gauge({ name: "storefront_ready", help: "1 while /readyz answers 200", registers: [registry] }),
    collectorRequests: new Counter({
      name: "storefront_collector_requests_total",
      help: "Batches posted to the collector (COLLECT_PATH), by outcome: accepted, or why it was refused (bot, too_large, too_many_events, not_json, bad_batch, rate_limited, sink_down)",
      labelNames: ["outcome"] as const,
      registers: [registry],
    }),
    webVitalSeconds: new Histogram({
      name: "storefront_web_vital_seconds",
      help: "Real-user LCP, INP, FCP and TTFB as collected (each report stored), by metric, page type and device class (phone, desktop)",
      labelNames: ["metric", "page_type", "device"] as const,
      buckets: [0.1, 0.2, 0.5, 0.8, 1, 1.8, 2.5, 3, 4, 6, 10],
      registers: [registry],
    }),
    webVitalCls: new Histogram({
      name: "storefront_web_vital_cls",
      help: "Real-user cumulative layout shift as collected (each report stored), by page type and device class",
      labelNames: ["page_type", "device"] as const,
      buckets: [0.01, 0.05, 0.1, 0.15, 0.25, 0.5, 1],
      registers: [registry],
    }),
    collectorEvents: new Counter({
      name: "storefront_collector_events_total",
      help: "Events of accepted batches, by result: stored, failed (kept as a failed event, with its reason), duplicate (its event_id seen in the last 24 h)",
      labelNames: ["result"] as const,
      registers: [registry],
    }),
    devices: new Counter({
      name: "storefront_device_classifications_total",
      help: "Requests classified as a phone, a desktop or a bot (once each, at the edge), by what decided it: the CDN's X-Device or the request's own signals",
      labelNames: ["device", "decided_by"] as const,
      registers: [registry],
    }),
    registry,
  };
}

function create(registry: Registry) {
  const made = createMetrics(registry);
  // Known label values start at 0, so a rate() or an alert sees the series before its first event.
  for (const operation of ["read", "lock"]) made.sharedCacheFallbacks.labels(operation).inc(0);
  for (const changed of ["true", "false"]) made.contentRevalidations.labels(changed).inc(0);
  for (const device of ["mobile", "desktop", "bot"]) for (const decidedBy of ["cdn", "signals"]) made.devices.labels(device, decidedBy).inc(0);
  for (const at of ["store", "read"]) made.pageCacheRefusals.labels(at).inc(0);
  for (const outcome of COLLECTOR_OUTCOMES) made.collectorRequests.labels(outcome).inc(0);
  for (const result of ["stored", "failed", "duplicate"]) made.collectorEvents.labels(result).inc(0);
  // Every kept label value of the real-user histograms (the catalogue's page types and "other", two devices).
  for (const pageType of [...PAGE_TYPES, "other"]) {
    for (const device of ["phone", "desktop"]) {
      for (const metric of ["lcp", "inp", "fcp", "ttfb"]) made.webVitalSeconds.zero({ metric, page_type: pageType, device });
      made.webVitalCls.zero({ page_type: pageType, device });
    }
  }
  made.cacheLookups.labels("price", "hit").inc(0);
  made.cacheLookups.labels("price", "miss").inc(0);
  // The page cache's children are held: one is counted on most requests.
  const pageLookups = { hit: made.cacheLookups.labels("page", "hit"), miss: made.cacheLookups.labels("page", "miss") };
  pageLookups.hit.inc(0);
  pageLookups.miss.inc(0);
  return { ...made, pageLookups };
}

let metrics: ReturnType<typeof create> | null = null;

/** Starts recording (once): the storefront's metrics and prom-client's process metrics. */
export function enableMetrics(): Registry {
  metrics ??= create(new Registry());
  return metrics.registry;
}

/** A small server of its own: GET /metrics and nothing else, on a port that is never the public one. */
export function startMetricsServer(port: number, host: string): Promise<Server> {
  const registry = enableMetrics();
  const server = createServer((req, res) => {
    const path = (req.url ?? "").split("?")[0] ?? "";
    const page = req.method === "GET" ? metricsPages.get(path) : undefined;
    if (page) {
      page().then(
        ({ type, body }) => res.writeHead(200, { "Content-Type": type, "Cache-Control": "no-store" }).end(body),
        (error: Error) => res.writeHead(500, { "Content-Type": "text/plain" }).end(`${error.message}\n`),
      );
      return;
    }
    if (req.method !== "GET" || path !== "/metrics") {
      res.writeHead(404, { "Content-Type": "text/plain" }).end("not found: metrics are at GET /metrics\n");
      return;
    }
    registry.metrics().then(
      (text) => res.writeHead(200, { "Content-Type": registry.contentType, "Cache-Control": "no-store" }).end(text),
      (error: Error) => res.writeHead(500, { "Content-Type": "text/plain" }).end(`${error.message}\n`),
    );
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve(server);
    });
  });
}

/** The route kind of a request, from its method and path alone (a bounded label). */
export function routeKind(method: string, path: string): RouteKind {
  if (method === "POST") return "action";
  if (path === "/tracking" || path.startsWith("/tracking/")) return "tracking";
  if (path === "/machines" || path.startsWith("/machines/")) return "inspector";
  // What crawlers read (docs/search.md): made by routes, not files, though their paths end like files.
  if (path === "/robots.txt" || /^\/sitemap(\/[1-9]\d*)?\.xml$/.test(path)) return "other";
  // Build output and public files; page paths never have a dot in their last segment.
  if (path.startsWith("/build/") || /\.[A-Za-z0-9]{1,12}$/.test(path)) return "static";
  if (path === "/healthz" || path === "/readyz" || path.startsWith("/bench/") || path === "/consent" || path.startsWith("/preferences/")) return "other";
  return "page";
}

export function observeHttpRequest(route: RouteKind, status: number, cache: PageCacheResult, ms: number): void {
  if (!metrics) return;
  const statusClass = status >= 100 && status < 600 ? `${Math.floor(status / 100)}xx` : "other";
  const key = `${route} ${statusClass} ${cache}`;
  let child = metrics.httpChildren.get(key);
  if (!child) {
    child = metrics.http.labels(route, statusClass, cache);
    metrics.httpChildren.set(key, child);
  }
  child.observe(ms / SECONDS);
  if (cache !== "bypass") metrics.pageLookups[cache].inc();
}

export function observeRender(ms: number): void {
  metrics?.render.observe(ms / SECONDS);
}

/**
 * An endpoint group: the API path without its version and numeric ids, at most three segments
 * ("/api/v6/tour-groups/list-by/category/12/" is "tour-groups/list-by/category"). Paths come from our
 * loaders, never from a visitor, so the set is small.
 */
export function endpointGroup(path: string): string {
  const segments = path
    .replace(/^\/api\/v\d+\//, "")
    .split(/[/?]/)
    .filter((segment) => segment && !/^\d[\d,]*$/.test(segment));
  return segments.slice(0, 3).join("/") || "other";
}

/** Times one upstream call and records its outcome; the call's own result or error passes through. */
export async function timeUpstreamCall<T>(path: string, call: () => Promise<T>): Promise<T> {
  if (!metrics) return call();
  const started = performance.now();
  const record = (outcome: UpstreamOutcome) => {
    if (!metrics) return;
    const endpoint = endpointGroup(path);
    metrics.upstream.labels(endpoint, outcome).inc();
    metrics.upstreamDuration.labels(endpoint, outcome).observe((performance.now() - started) / SECONDS);
  };
  try {
    const value = await call();
    record("ok");
    return value;
  } catch (error) {
    record((error as { kind?: unknown } | null)?.kind === "timeout" ? "timeout" : "error");
    throw error;
  }
}

/** What the price cache answered for one loader call: a hit or miss, and answers that needed no call of ours. */
export function countPriceLookup(path: string, status: PriceLookup): void {
  if (!metrics) return;
  const served = status === "hit" || status === "stale" || status === "stale-if-error";
  metrics.cacheLookups.labels("price", served ? "hit" : "miss").inc();
  if (status === "merged") metrics.upstream.labels(endpointGroup(path), "coalesced").inc();
  if (status === "stale" || status === "stale-if-error") metrics.upstream.labels(endpointGroup(path), "stale").inc();
}

export function setSharedCacheUp(up: boolean): void {
  if (!metrics) return;
  // Registered on the first state change, so an instance without CACHE_URL exports no "down" cache.
  if (!metrics.registry.getSingleMetric(SHARED_CACHE_UP)) metrics.registry.registerMetric(metrics.sharedCacheUp);
  metrics.sharedCacheUp.set(up ? 1 : 0);
}

export function countSharedCacheFallback(operation: "read" | "lock"): void {
  metrics?.sharedCacheFallbacks.labels(operation).inc();
}

export function countPageCacheRefusal(at: "store" | "read"): void {
  metrics?.pageCacheRefusals.labels(at).inc();
}

export function countSharedCacheTimeout(): void {
  metrics?.sharedCacheTimeouts.inc();
}

export function countDeviceClassification(device: "mobile" | "desktop" | "bot", decidedBy: "cdn" | "signals"): void {
  metrics?.devices.labels(device, decidedBy).inc();
}

export function countContentRevalidation(changed: boolean): void {
  metrics?.contentRevalidations.labels(String(changed)).inc();
}

/** The content store's size, read at each scrape. */
export function watchContentStore(store: { cacheStats(): { documents: number; bytes: number }; errors(): unknown[]; readonly siteCount: number }): void {
  if (!metrics) return;
  const registers = [metrics.registry];
  new Gauge({
    name: "storefront_content_documents",
    help: "Parsed page documents held in memory (bounded by CONTENT_CACHE_MB)",
    registers,
    collect() {
      this.set(store.cacheStats().documents);
    },
  });
  new Gauge({
    name: "storefront_content_bytes",
    help: "Estimated heap of the parsed documents held",
    registers,
    collect() {
      this.set(store.cacheStats().bytes);
    },
  });
  new Gauge({
    name: "storefront_content_invalid_documents",
    help: "Documents and site files that failed validation as last read (served from their last good version, or not at all)",
    registers,
    collect() {
      this.set(store.errors().length);
    },
  });
  new Gauge({
    name: "storefront_content_sites",
    help: "Sites indexed",
    registers,
    collect() {
      this.set(store.siteCount);
    },
  });
}

export function countCollectorRequest(outcome: CollectorOutcome): void {
  metrics?.collectorRequests.labels(outcome).inc();
}

export function countCollectedEvents(result: { stored: number; failed: number; duplicates: number }): void {
  if (!metrics) return;
  metrics.collectorEvents.labels("stored").inc(result.stored);
  metrics.collectorEvents.labels("failed").inc(result.failed);
  metrics.collectorEvents.labels("duplicate").inc(result.duplicates);
}

/** One collected Web Vital report (a value in ms, or the CLS score); labels are the kept values only. */
export function observeWebVital(metric: "lcp" | "inp" | "cls" | "fcp" | "ttfb", value: number, pageType: string, device: "phone" | "desktop"): void {
  if (!metrics) return;
  if (metric === "cls") metrics.webVitalCls.labels(pageType, device).observe(value);
  else metrics.webVitalSeconds.labels(metric, pageType, device).observe(value / SECONDS);
}

/** Pages the metrics port serves besides /metrics (the collector's /vitals): path → the answer. */
const metricsPages = new Map<string, () => Promise<{ type: string; body: string }>>();

/** Serves a page on the metrics port, never on the public one. */
export function serveOnMetricsPort(path: string, page: () => Promise<{ type: string; body: string }>): void {
  metricsPages.set(path, page);
}

/** The collector's sink, read at each scrape: 1 up, 0 down (its writes answered 503). */
export function watchCollectorSink(status: () => "up" | "down"): void {
  if (!metrics || metrics.registry.getSingleMetric("storefront_collector_sink_up")) return;
  new Gauge({
    name: "storefront_collector_sink_up",
    help: "1 while the collector's sink (COLLECT_SINK) takes writes, 0 while batches are answered 503",
    registers: [metrics.registry],
    collect() {
      this.set(status() === "up" ? 1 : 0);
    },
  });
}

export function setReadyMetric(ready: boolean): void {
  metrics?.ready.set(ready ? 1 : 0);
}
