import { createRequestHandler } from "@remix-run/express";
import { createRequestHandler as createFetchHandler } from "@remix-run/node";
import * as build from "@remix-run/dev/server-build";
import compression from "compression";
import express from "express";
import { createServer } from "node:http";
import path from "node:path";
import { cacheStore, closeSharedCache, sharedCacheConnection } from "~/cache/cache-runtime.server";
import { getContentStore } from "~/content/content-store.server";
import { getEnv } from "~/env.server";
import { setSandboxHosts } from "~/prices/api-runtime.server";
import { requestDevice } from "~/page/device.server";
import { readCountryCode } from "~/page/build-page-context.server";
import { readCookie } from "~/server/cookies.server";
import { CachedPageSchema, pageBody, pageCacheKey, pageEncodings, pageStorer, storableForMs } from "~/server/page-cache.server";
import { clientErrors, guardRequests, guardServer, readBody } from "~/server/guard-requests.server";
import { bodyLimitFor } from "~/server/request-guard.server";
import { compileHintedScripts } from "~/server/compile-hinted-scripts.server";
import { makeNonce, securityHeaders, staticFileHeaders, transportFor } from "~/server/security-headers.server";
import { isOperatorRequest, OPERATOR_CACHE_CONTROL, responseServerTiming } from "~/server/server-timing.server";
import { accessLog } from "~/server/access-log.server";
import { Lifecycle } from "~/server/lifecycle.server";
import { configureLogger, log } from "~/server/logger.server";
import { countContentRevalidation, enableMetrics, startMetricsServer, watchContentStore } from "~/server/metrics.server";

// The storefront's HTTP server: static assets, security headers, then Remix.
// Environment is validated first, so a bad setting stops start-up with a message naming it.

let env: ReturnType<typeof getEnv>;
try {
  env = getEnv();
} catch (error) {
  log.fatal((error as Error).message);
  process.exit(1);
}
configureLogger({ level: env.LOG_LEVEL, format: env.LOG_FORMAT ?? (env.NODE_ENV === "development" ? "pretty" : "json") });
// Metrics are recorded only when they are served (METRICS_PORT 0: off).
if (env.METRICS_PORT) enableMetrics();
// Readiness and shutdown (lifecycle.server.ts): not ready until the sites are indexed and the API has answered.
const lifecycle = new Lifecycle({
  sharedCache: () => {
    const shared = sharedCacheConnection(env);
    return shared ? (shared.available ? "up" : "down") : "not configured";
  },
});

// React picks its development or production build from NODE_ENV when it is first imported; the
// development build renders several times slower. `npm start` sets it; say so loudly when it is missing.
if (process.env.NODE_ENV !== "production" && build.mode === "production") {
  log.warn("NODE_ENV is not 'production': React runs its slow development build. Start with NODE_ENV=production.");
}

// Index the sites (their site.json files only) before the first request, so a missing folder stops
// start-up with a clear message instead of failing every request. Documents are read on demand and
// revalidated every second (decision 014); `npm run content:check` validates them all.
let contentStore: ReturnType<typeof getContentStore>;
try {
  const indexing = performance.now();
  // The background sweep looks only at documents a kept page may have used (decision 020).
  contentStore = getContentStore(env.CONTENT_DIR, {
    maxBytes: env.CONTENT_CACHE_MB * 1024 * 1024,
    sweepUsedWithinMs: env.PAGE_CACHE_TTL_MS,
    log: (line) => log.error(line),
    onRevalidated: countContentRevalidation,
  });
  if (contentStore.siteCount === 0) throw new Error("no valid site folder (content/<site>/site.json) was found");
  const siteErrors = contentStore.errors().length;
  const indexMs = Math.round(performance.now() - indexing);
  log.info(
    { sites: contentStore.siteCount, indexMs, invalid: siteErrors },
    `Content: ${contentStore.siteCount} sites indexed in ${indexMs} ms, documents read on demand${siteErrors ? `, ${siteErrors} invalid (see above)` : ""}`,
  );
} catch (error) {
  log.fatal(`Cannot read content from CONTENT_DIR="${env.CONTENT_DIR}" (resolved from ${process.cwd()}): ${(error as Error).message}`);
  process.exit(1);
}
contentStore.startRevalidating();
lifecycle.markSitesIndexed();
watchContentStore(contentStore);

const transport = transportFor(env.URL_MODE);
const app = express();
app.disable("x-powered-by");
app.set("trust proxy", false);
// Before everything: one access line and the HTTP metrics for every request, refused ones included.
app.use(accessLog());
// First: HSTS where https-only, then methods, Host, request targets, cross-site posts and declared body
// sizes are checked before static files or Remix try to decode them (guard-requests.server.ts).
app.use(guardRequests(transport));
app.use(compression());
app.get("/readyz", lifecycle.readyz());

const publicDir = path.resolve(process.cwd(), "public");
// Fingerprinted build output can be cached for ever; other public files for an hour. Scripts carry
// V8's compile hint (compile-hinted-scripts.server.ts).
// Every static file is sent with nosniff and a sandboxing CSP (security-headers.server.ts).
const setStaticHeaders = (res: express.Response) => {
  for (const [name, value] of Object.entries(staticFileHeaders())) res.setHeader(name, value);
};
app.use("/build", compileHintedScripts(path.join(publicDir, "build"), setStaticHeaders));
app.use("/build", express.static(path.join(publicDir, "build"), { immutable: true, maxAge: "1y", index: false, setHeaders: setStaticHeaders }));
app.use(express.static(publicDir, { maxAge: "1h", index: false, setHeaders: setStaticHeaders }));

const remixHandler = createRequestHandler({
  build,
  mode: build.mode,
  getLoadContext: (_req, res) => ({ nonce: res.locals.nonce as string }),
});

// GET pages go through the fetch handler so a rendered page can be kept in the micro-cache.
const fetchHandler = createFetchHandler(build, build.mode);
// A stored page never changes before it expires, so this process's copy is read first (decision 016).
const pageCache = cacheStore(
  env,
  "page",
  CachedPageSchema,
  { maxEntries: 1000, maxBytes: env.PAGE_CACHE_MAX_MB * 1024 * 1024, sizeOf: (page) => page.bytes },
  { localFirst: true },
);
// An edited, added or removed document is served within a second: rendered pages are dropped when the
// content store's revalidation sees a change (the micro-cache would otherwise keep them PAGE_CACHE_TTL_MS).
// With a shared cache every instance sees the change within its own second and clears the shared pages too.
contentStore.onChange(() => void pageCache.clear());
const storePage = pageStorer((key, page) => pageCache.set(key, page));

/** The request URL as Remix sees it; the guard has checked the Host and that the target is a path. */
function requestUrl(req: express.Request): URL {
  return new URL(`${req.protocol}://${req.get("host") ?? "localhost"}${req.originalUrl}`);
}

/** A fetch Response's status and headers onto Express's (each Set-Cookie kept apart). */
function copyResponseHead(res: express.Response, response: Response) {
  res.status(response.status);
  for (const [name, value] of response.headers) if (name !== "set-cookie") res.setHeader(name, value);
  const cookies = response.headers.getSetCookie();
  if (cookies.length) res.setHeader("Set-Cookie", cookies);
}

function fetchHeaders(req: express.Request): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    headers.set(name, Array.isArray(value) ? value.join(", ") : value);
  }
  return headers;
}

async function servePage(req: express.Request, res: express.Response, nonce: string) {
  const started = performance.now();
  // Built once: the cache key and the render both read the request's headers.
  const headers = fetchHeaders(req);
  const operator = isOperatorRequest(headers, env.SERVER_TIMING_KEY);
  const finish = (detail: string | null, pageCache: "hit" | "miss" | null) => {
    res.setHeader("Server-Timing", responseServerTiming({ operator, detail, pageCache, totalMs: performance.now() - started }));
    if (operator) res.setHeader("Cache-Control", OPERATOR_CACHE_CONTROL);
  };
  // One URL for the key and the render, parsed as the render parses it.
  const url = requestUrl(req);
  const key = pageCacheKey({
    url,
    currencyKey: `${req.get("x-currency") ?? ""}/${readCookie(req.get("cookie") ?? null, "currency") ?? ""}`,
    countryCode: readCountryCode(headers, env.COUNTRY_HEADER),
    device: requestDevice(headers),
  });
  const now = Date.now();
  const hit = key === null ? undefined : await pageCache.get(key);
  if (hit) {
    res.status(hit.status);
    for (const [name, value] of hit.headers) res.setHeader(name, value);
    res.locals.pageCache = "hit";
    finish(null, "hit");
    // Compressed when it was stored: the compression middleware leaves an encoded body alone.
    const { body, encoding } = pageBody(hit, nonce, req.acceptsEncodings(pageEncodings(hit)));
    res.vary("Accept-Encoding");
    if (encoding) res.setHeader("Content-Encoding", encoding);
    return res.send(body);
  }
  if (key !== null) res.locals.pageCache = "miss";
  const controller = new AbortController();
  res.on("close", () => controller.abort());
  const request = new Request(url, { method: "GET", headers, signal: controller.signal });
  const response = await fetchHandler(request, { nonce });
  copyResponseHead(res, response);
  const ttlMs = storableForMs(response.status, response.headers, env.PAGE_CACHE_TTL_MS);
  if (key !== null && ttlMs > 0) {
    const html = await response.text();
    void storePage(key, response.status, response.headers, html, nonce, ttlMs, now);
    finish(response.headers.get("server-timing"), "miss");
    return res.send(html);
  }
  const body = Buffer.from(await response.arrayBuffer());
  finish(response.headers.get("server-timing"), "miss");
  return res.send(body);
}

// A POST's body is read here, within its limit (a 413 while it streams), before Remix parses it: the
// Express adapter would hand Remix the unbounded request stream.
async function serveAction(req: express.Request, res: express.Response, nonce: string) {
  const body = await readBody(req, res, bodyLimitFor(req.path));
  const controller = new AbortController();
  res.on("close", () => controller.abort());
  const request = new Request(requestUrl(req), { method: req.method, headers: fetchHeaders(req), body: new Uint8Array(body), signal: controller.signal });
  const response = await fetchHandler(request, { nonce });
  copyResponseHead(res, response);
  res.send(Buffer.from(await response.arrayBuffer()));
}

app.all("*", (req, res, next) => {
  const nonce = makeNonce();
  res.locals.nonce = nonce;
  for (const [name, value] of Object.entries(securityHeaders(nonce))) res.setHeader(name, value);
  if (req.method === "GET" && env.PAGE_CACHE_TTL_MS > 0) return servePage(req, res, nonce).catch(next);
  if (req.method === "POST") return serveAction(req, res, nonce).catch(next);
  return remixHandler(req, res, next);
});
// Last: a client's error is its 4xx and one line; anything else is ours, logged with its stack.
app.use(clientErrors(transport));

// With CACHE_URL, the Redis that instances share; connected in the background, so start-up never waits for it.
sharedCacheConnection(env);

// The embedded default (README, "Two commands"): with no API host configured, the sandbox catalogue API runs in
// this process, loaded through its one boundary module; with API_BASE_URL set its code is never evaluated.
async function startEmbeddedDefault(fault: string | undefined) {
  const { startEmbeddedSandbox } = await import("./embedded-sandbox.server");
  try {
    return await startEmbeddedSandbox(fault);
  } catch (error) {
    log.fatal((error as Error).message);
    process.exit(1);
  }
}
const sandbox = env.API_BASE_URL ? null : await startEmbeddedDefault(env.SANDBOX_FAULT);
if (sandbox) {
  setSandboxHosts({ baseUrl: sandbox.baseUrl, secondaryUrl: sandbox.secondaryUrl });
  log.info(
    { fault: env.SANDBOX_FAULT },
    `Sandbox catalogue API on ${sandbox.baseUrl} and ${sandbox.secondaryUrl}${env.SANDBOX_FAULT ? ` (fault: ${env.SANDBOX_FAULT})` : ""}`,
  );
}
lifecycle.probeApi(sandbox ? sandbox.baseUrl : env.API_BASE_URL!, env.API_TIMEOUT_MS);
// Metrics on their own port, never the public one. Not served is not fatal: the storefront still answers.
const metricsServer = env.METRICS_PORT
  ? await startMetricsServer(env.METRICS_PORT, env.HOST).then(
      (server) => (log.info({ metricsPort: env.METRICS_PORT }, `Metrics on http://localhost:${env.METRICS_PORT}/metrics`), server),
      (error: Error) => (log.error({ metricsPort: env.METRICS_PORT }, `Metrics not served: port ${env.METRICS_PORT}: ${error.message}`), null),
    )
  : null;

// Node answers an HTTP/1.1 request without Host with a silent 400 of its own; the guard answers it.
const server = createServer({ requireHostHeader: false }, app);
guardServer(server, app, transport);
server.listen(env.PORT, env.HOST, () => {
  log.info({ port: env.PORT, urlMode: env.URL_MODE }, `Storefront ready on http://localhost:${env.PORT} (URL mode: ${env.URL_MODE})`);
});

lifecycle.handleSignals({
  server,
  drainMs: env.SHUTDOWN_DRAIN_MS,
  timeoutMs: env.SHUTDOWN_TIMEOUT_MS,
  close: async () => {
    closeSharedCache();
    metricsServer?.close();
    await sandbox?.close();
  },
});
