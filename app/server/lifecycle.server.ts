import type { Server } from "node:http";
import type { RequestHandler } from "express";
import { flushLog, log } from "./logger.server";
import { setReadyMetric } from "./metrics.server";

// Readiness and shutdown (docs/operations.md#readiness-and-shutdown, decision 022).
//  - /healthz is liveness: the process answers. /readyz is readiness: 200 only once the sites are indexed,
//    the product API (the embedded sandbox or API_BASE_URL) has answered once, and the instance is not
//    draining. The shared cache is reported, never failed: without Redis an instance still serves.
//  - On SIGTERM the instance turns not-ready at once and keeps answering for the drain period, so load
//    balancers take it out; then it stops accepting, lets requests in flight finish within a bound,
//    closes what it holds (Redis, the embedded sandbox, the metrics port) and exits 0.

export interface ReadinessState {
  sitesIndexed: boolean;
  apiReached: boolean;
  draining: boolean;
}

export interface LifecycleOptions {
  /** The shared cache's state for /readyz's body: "up", "down", or "not configured". */
  sharedCache: () => "up" | "down" | "not configured";
}

export interface ShutdownOptions {
  server: Server;
  drainMs: number;
  timeoutMs: number;
  /** Closes what the process holds once no request is in flight (Redis, the sandbox, the metrics port). */
  close: () => Promise<void>;
  exit?: (code: number) => void;
}

const PROBE_INTERVAL_MS = 1000;

export class Lifecycle {
  readonly state: ReadinessState = { sitesIndexed: false, apiReached: false, draining: false };
  private shuttingDown = false;

  constructor(private readonly options: LifecycleOptions) {}

  get ready(): boolean {
    return this.state.sitesIndexed && this.state.apiReached && !this.state.draining;
  }

  markSitesIndexed(): void {
    this.state.sitesIndexed = true;
    this.update();
  }

  /**
   * Asks the API host until it answers once. Any HTTP answer counts (a 404 or a firewall's 403 is a host
   * that answers); nothing secret is sent. Each try waits as long as an API call may (API_TIMEOUT_MS).
   * Stops when reached or when the instance shuts down.
   */
  probeApi(baseUrl: string, timeoutMs: number): void {
    const url = new URL("/", baseUrl);
    const attempt = async () => {
      if (this.shuttingDown) return;
      const reached = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), redirect: "manual" }).then(
        async (response) => (await response.arrayBuffer(), true),
        () => false,
      );
      if (reached) {
        this.state.apiReached = true;
        this.update();
        log.info({ api: url.origin }, `Product API at ${url.origin} answered: ready once the sites are indexed`);
      } else setTimeout(() => void attempt(), PROBE_INTERVAL_MS).unref();
    };
    void attempt();
  }

  /** GET /readyz: 200 or 503, with each condition in a small JSON body (never cached). */
  readyz(): RequestHandler {
    return (_req, res) => {
      const body = {
        ready: this.ready,
        sites: this.state.sitesIndexed ? "indexed" : "not indexed",
        api: this.state.apiReached ? "reached" : "not reached",
        draining: this.state.draining,
        sharedCache: this.options.sharedCache(),
      };
      res.status(this.ready ? 200 : 503).setHeader("Cache-Control", "no-store");
      res.json(body);
    };
  }

  /** SIGTERM drains for `drainMs` (an orchestrator's stop); SIGINT (a developer's Ctrl-C) does not wait. */
  handleSignals(options: ShutdownOptions): void {
    process.once("SIGTERM", () => void this.shutdown("SIGTERM", options));
    process.once("SIGINT", () => void this.shutdown("SIGINT", { ...options, drainMs: 0 }));
  }

  async shutdown(signal: string, { server, drainMs, timeoutMs, close, exit = (code) => process.exit(code) }: ShutdownOptions): Promise<void> {
    if (this.shuttingDown) return;
    this.shuttingDown = true;
    this.state.draining = true;
    this.update();
    log.info({ signal, drainMs }, `${signal}: not ready; still answering for ${drainMs} ms while load balancers take this instance out`);
    // Keep-alive clients are asked to reconnect, so they move to another instance meanwhile.
    server.prependListener("request", (_req, res) => res.setHeader("Connection", "close"));
    await new Promise((resolve) => setTimeout(resolve, drainMs));

    let cut = false;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    const bound = setTimeout(() => {
      cut = true;
      log.warn({ timeoutMs }, `requests still in flight after ${timeoutMs} ms: their connections are closed`);
      server.closeAllConnections();
    }, timeoutMs);
    await closed;
    clearTimeout(bound);
    await close().catch((error: unknown) => log.error({ err: error }, `closing: ${(error as Error).message}`));
    log.info({ signal }, cut ? "stopped, some requests cut" : "stopped: every request answered");
    const code = cut ? 1 : 0;
    flushLog(() => exit(code));
  }

  private update(): void {
    setReadyMetric(this.ready);
  }
}
