import { createServer as createHttpServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express, { type Express } from "express";
import { cacheStore, closeSharedCache, sharedCacheConnection } from "~/cache/cache-runtime.server";
import { getContentStore } from "~/content/content-store.server";
import type { Env } from "~/env.server";
import { createPriceService, type ApiHosts } from "~/prices/api-runtime.server";
import { accessLog } from "~/server/access-log.server";
import { Lifecycle } from "~/server/lifecycle.server";
import { configureLogger, log } from "~/server/logger.server";
import { countContentRevalidation, enableMetrics, startMetricsServer, watchContentStore } from "~/server/metrics.server";
import { CachedPageSchema } from "~/edge/cached-page.server";
import { transportFor } from "~/server/security-headers.server";
import { postPaths } from "~/edge/action-routes.server";
import { clientErrors, guardRequests, guardServer } from "~/edge/guard.server";
import { pageCacheStep } from "~/edge/page-cache.server";
import { documentHeaders, render, serverTiming } from "~/edge/render.server";
import type { AppServices } from "~/page/load-context";
import { requestContextStep } from "~/edge/request-context.server";
import { staticFiles } from "~/edge/static-files.server";
import { LOGGED_QUERY_NAMES } from "~/page/logged-query-names.server";
import { createDescriptionCheck } from "~/server/description-check.server";
import { createCollector } from "~/collect/collector.server";

// The storefront's HTTP edge as a function: one request path with named steps, guard → static files →
// page cache → Remix (decision 027). Nothing happens at import; `createServer` indexes the content and
// builds the app, `listen` starts what the server needs (the embedded sandbox, the metrics port) and
// accepts connections, `close` stops it all. The entry (app/express.server.ts) reads the environment
// and handles signals; tests start it in-process.

export interface CreateServerOptions {
  build: ServerBuild;
  /** Where the static files are (default: public/ in the working directory); listed once, here. */
  publicDir?: string;
}

export interface Storefront {
  app: Express;
  server: Server;
  /** What public/ held at start-up: the URL prefixes the static step answers. */
  staticPrefixes: readonly string[];
  /** The paths that take a POST (routes exporting an action). */
  postPaths: ReadonlySet<string>;
  /** Starts the embedded sandbox when no API host is set, the metrics port, then accepts on PORT (or `port`, 0 for a free one). */
  listen(port?: number): Promise<AddressInfo>;
  /** SIGTERM drains, SIGINT stops at once (lifecycle.server.ts); then the process exits. */
  handleSignals(): void;
  /** Stops at once: connections, the content revalidation, Redis, the sandbox, the metrics port. */
  close(): Promise<void>;
}

/** How often Node looks for requests past REQUEST_TIMEOUT_MS: a late one is closed within this much after it. */
const CONNECTIONS_CHECK_MS = 1000;

/** Throws with a message naming what is wrong (the content folder, a route the guard cannot match). */
export function createServer(env: Env, { build, publicDir = path.resolve(process.cwd(), "public") }: CreateServerOptions): Storefront {
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

  const contentStore = indexContent(env);
  const stopRevalidating = contentStore.startRevalidating();
  lifecycle.markSitesIndexed();
  watchContentStore(contentStore);

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
  const stopClearing = contentStore.onChange(() => void pageCache.clear());

  // The settings and services every request's load context carries (request-context.server.ts). The API's
  // hosts are the embedded sandbox's once `listen` has started it, when no API host is configured.
  let sandboxHosts: ApiHosts | null = null;
  const services: AppServices = {
    env,
    content: contentStore,
    prices: createPriceService(env, () => sandboxHosts),
    descriptions: createDescriptionCheck(contentStore),
  };

  // The first-party collector (docs/decisions/054-first-party-collection.md): its sink is opened here (a file sink
  // takes its folder's lock) and closed with the rest of what the server holds.
  const collector = createCollector(env, lifecycle);
  const guard = { transport: transportFor(env.URL_MODE), postPaths: postPaths(build.routes), collectPath: env.COLLECT_PATH };
  const statics = staticFiles(publicDir);
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", false);
  // Before everything: one access line and the HTTP metrics for every request, refused ones included.
  app.use(accessLog({ queryNames: LOGGED_QUERY_NAMES }));
  app.use(guardRequests(guard));
  // Compresses what no step has encoded: the page cache and the hinted scripts send bytes compressed once, with
  // their own Content-Encoding, ETag and Vary (decisions 036 and 042), which this filter leaves alone.
  app.use(compression({ filter: (req, res) => !res.getHeader("Content-Encoding") && compression.filter(req, res) }));
  app.get("/readyz", lifecycle.readyz());
  app.use(statics.handler);
  // The request's facts, read once, for every step after it and for Remix.
  app.use(requestContextStep(env));
  app.use(collector.step);
  app.use(documentHeaders());
  app.use(serverTiming());
  app.use(pageCacheStep(env, pageCache));
  app.use(render(build, services));
  // Last: a client's error is its 4xx and one line; anything else is ours, logged with its stack.
  app.use(clientErrors(guard));

  // Node answers an HTTP/1.1 request without Host with a silent 400 of its own; the guard answers it.
  // A request must arrive whole, headers and body, within REQUEST_TIMEOUT_MS, checked every second (Node
  // checks every 30 s by default); the guard answers the late one with a 408 and closes it (decision 043).
  const server = createHttpServer(
    {
      requireHostHeader: false,
      requestTimeout: env.REQUEST_TIMEOUT_MS,
      headersTimeout: env.REQUEST_TIMEOUT_MS,
      connectionsCheckingInterval: CONNECTIONS_CHECK_MS,
    },
    app,
  );
  // A connection on which nothing moves for as long is closed too, unless its answer is still being made
  // (the guard decides: a client that takes none of its answer is closed, the clock restarts otherwise).
  server.timeout = env.REQUEST_TIMEOUT_MS;
  guardServer(server, app, guard);
  // The drain after SIGTERM answers what is asked on the connections already open (lifecycle.server.ts).
  lifecycle.watch(server);

  // With CACHE_URL, the Redis that instances share; connected in the background, so start-up never waits for it.
  sharedCacheConnection(env);

  let sandbox: Awaited<ReturnType<typeof startEmbeddedDefault>> | null = null;
  let metricsServer: Server | null = null;
  const closeHeld = async () => {
    stopRevalidating();
    stopClearing();
    closeSharedCache();
    metricsServer?.close();
    await collector.sink.close();
    await sandbox?.close();
  };

  return {
    app,
    server,
    staticPrefixes: statics.prefixes,
    postPaths: guard.postPaths,
    async listen(port = env.PORT) {
      sandbox = env.API_BASE_URL ? null : await startEmbeddedDefault(env.SANDBOX_FAULT);
      if (sandbox) {
        sandboxHosts = { baseUrl: sandbox.baseUrl, secondaryUrl: sandbox.secondaryUrl };
        log.info(
          { fault: env.SANDBOX_FAULT },
          `Sandbox catalogue API on ${sandbox.baseUrl} and ${sandbox.secondaryUrl}${env.SANDBOX_FAULT ? ` (fault: ${env.SANDBOX_FAULT})` : ""}`,
        );
      }
      lifecycle.probeApi(sandbox ? sandbox.baseUrl : env.API_BASE_URL!, env.API_TIMEOUT_MS);
      // Metrics on their own port, never the public one. Not served is not fatal: the storefront still answers.
      // Bound on METRICS_HOST (loopback by default), and the line names the address actually bound.
      metricsServer = env.METRICS_PORT
        ? await startMetricsServer(env.METRICS_PORT, env.METRICS_HOST).then(
            (started) => {
              const bound = started.address() as AddressInfo;
              const host = bound.family === "IPv6" ? `[${bound.address}]` : bound.address;
              log.info({ metricsHost: bound.address, metricsPort: bound.port }, `Metrics on http://${host}:${bound.port}/metrics`);
              return started;
            },
            (error: Error) => (
              log.error(
                { metricsHost: env.METRICS_HOST, metricsPort: env.METRICS_PORT },
                `Metrics not served: ${env.METRICS_HOST} port ${env.METRICS_PORT}: ${error.message}`,
              ),
              null
            ),
          )
        : null;
      await new Promise<void>((resolve, reject) => {
        server.once("error", reject);
        server.listen(port, env.HOST, () => {
          server.off("error", reject);
          resolve();
        });
      });
      const address = server.address() as AddressInfo;
      log.info({ port: address.port, urlMode: env.URL_MODE }, `Storefront ready on http://localhost:${address.port} (URL mode: ${env.URL_MODE})`);
      return address;
    },
    handleSignals() {
      lifecycle.handleSignals({ server, drainMs: env.SHUTDOWN_DRAIN_MS, timeoutMs: env.SHUTDOWN_TIMEOUT_MS, close: closeHeld });
    },
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      if (server.listening) await closed;
      await closeHeld();
    },
  };
}

/**
 * Indexes the sites (their site.json files only) before the first request, so a missing folder stops
 * start-up with a clear message instead of failing every request. Documents are read on demand and
 * revalidated every second (decision 014); `npm run content:check` validates them all.
 */
function indexContent(env: Env) {
  try {
    const indexing = performance.now();
    // The background sweep looks only at documents a kept page may have used (decision 020).
    const contentStore = getContentStore(env.CONTENT_DIR, {
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
    return contentStore;
  } catch (error) {
    throw new Error(`Cannot read content from CONTENT_DIR="${env.CONTENT_DIR}" (resolved from ${process.cwd()}): ${(error as Error).message}`);
  }
}

/**
 * The embedded default (README, "Two commands"): with no API host configured, the sandbox catalogue API
 * runs in this process, loaded through its one boundary module; with API_BASE_URL set its code is never evaluated.
 */
async function startEmbeddedDefault(fault: string | undefined) {
  const { startEmbeddedSandbox } = await import("~/embedded-sandbox.server");
  return startEmbeddedSandbox(fault);
}
