import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { Server as NetServer, type Socket } from "node:net";
import type { RequestHandler } from "express";
import { flushLog, log } from "./logger.server";
import { setReadyMetric } from "./metrics.server";

// Readiness and shutdown (docs/operations.md#readiness-and-shutdown, decision 022).
//  - /healthz is liveness: the process answers. /readyz is readiness: 200 only once the sites are indexed,
//    the product API (the embedded sandbox or API_BASE_URL) has answered once, and the instance is not
//    draining. The shared cache is reported, never failed: without Redis an instance still serves.
//  - On SIGTERM the instance turns not-ready and stops accepting connections at once, answers what is
//    asked on the connections it has (each then closes), closes what it holds (Redis, the embedded
//    sandbox, the metrics port) and exits 0, or 1 if requests had to be cut (shutdown, below); a last-resort
//    timer exits 1 if anything still holds it after the drain, the timeout and a margin.

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
  /** How long past the drain and the timeout the last resort waits before it ends the process (default below). */
  lastResortMarginMs?: number;
}

/** What became of the requests after the signal (the exit line's fields). */
export interface ShutdownTally {
  answered: number;
  clientsLeft: number;
  idleClosed: number;
  cut: number;
}

const PROBE_INTERVAL_MS = 1000;
/** The last resort's margin past SHUTDOWN_DRAIN_MS + SHUTDOWN_TIMEOUT_MS: closing Redis, the sandbox and the metrics port. */
const LAST_RESORT_MARGIN_MS = 5000;

export class Lifecycle {
  readonly state: ReadinessState = { sitesIndexed: false, apiReached: false, draining: false };
  private shuttingDown = false;
  private connections: ConnectionWatch | null = null;

  /** What else /readyz reports without failing on it (the collector's sink): name → state. */
  private readonly reported = new Map<string, () => string>();

  constructor(private readonly options: LifecycleOptions) {}

  /** Reports a part's state in /readyz's body; like the shared cache, a part that is down never makes the instance unready. */
  report(name: string, state: () => string): void {
    this.reported.set(name, state);
  }

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
        ...Object.fromEntries([...this.reported].map(([name, state]) => [name, state()])),
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

  /**
   * The drain (decision 043). Every request either gets its answer or finds the port closed before a byte
   * of it is read:
   *  1. at once: not ready, and the port stops accepting (a new connection is refused, so a load balancer
   *     tries another instance); the open connections are kept;
   *  2. every answer from now on carries `Connection: close`, so a keep-alive connection closes after the
   *     answer its client is waiting for, and a request already on its way on an idle connection is still
   *     read and answered;
   *  3. when no connection is left, or after `drainMs`, the connections still idle are closed (their
   *     clients had the whole drain to send), and requests in flight get `timeoutMs` more; then they are cut;
   *  4. what it holds is closed, and one line says what happened: answered, idle closed, clients that
   *     left, cut. The exit code is 1 only if requests had to be cut.
   * Node's own http `close()` would also close every idle connection at once, and with it a request its
   * client had just sent on one: the port is closed with net.Server's `close()`, which keeps them.
   */
  async shutdown(
    signal: string,
    { server, drainMs, timeoutMs, close, exit = (code) => process.exit(code), lastResortMarginMs = LAST_RESORT_MARGIN_MS }: ShutdownOptions,
  ): Promise<ShutdownTally | null> {
    if (this.shuttingDown) return null;
    this.shuttingDown = true;
    // The last resort: whatever a step below waits on, the process ends, saying what kept it (resource types
    // only, never a request's data), with 1. Unreferenced, so it never keeps the process alive itself.
    const lastResortMs = drainMs + timeoutMs + lastResortMarginMs;
    const lastResort = setTimeout(() => {
      log.error(
        { signal, lastResortMs, stillOpen: process.getActiveResourcesInfo() },
        `not stopped ${lastResortMs} ms after ${signal} (drain, timeout and margin): exiting 1 with what is still open`,
      );
      flushLog(() => exit(1));
    }, lastResortMs);
    lastResort.unref();
    this.state.draining = true;
    this.update();
    const watch = this.connections ?? this.watch(server);
    watch.drain();
    log.info(
      { signal, drainMs, connections: watch.open.size },
      `${signal}: not ready, new connections refused; the ${watch.open.size} open connection(s) are answered for up to ${drainMs} ms, each closing after its answer`,
    );
    const allClosed = new Promise<void>((resolve) => NetServer.prototype.close.call(server, () => resolve()));
    await Promise.race([allClosed, delay(drainMs)]);

    // The drain is over: idle connections close (Node's own test of idle: no request begun on it).
    const open = [...watch.open.keys()].filter((socket) => !socket.destroyed);
    server.closeIdleConnections();
    const idleClosed = open.filter((socket) => socket.destroyed).length;
    let cut = 0;
    const bound = setTimeout(() => {
      cut = watch.cut();
      log.warn({ timeoutMs, cut }, `${cut} request(s) still in flight after ${timeoutMs} ms: their connections are closed`);
      server.closeAllConnections();
    }, timeoutMs);
    await allClosed;
    clearTimeout(bound);
    // Every connection is closed; the responses' own close events, which the tally counts, come just after.
    await watch.settled();
    await close().catch((error: unknown) => log.error({ err: error }, `closing: ${(error as Error).message}`));
    const { answered, left } = watch.outcomes;
    const tally = `${answered} answered after ${signal}${left ? `, ${left} whose client left first` : ""}, ${idleClosed} idle connection(s) closed`;
    const outcome = cut
      ? `stopped, ${cut} request(s) cut after SHUTDOWN_TIMEOUT_MS`
      : left
        ? "stopped: every request answered, but for those whose client left first"
        : "stopped: every request answered";
    const counts = { answered, clientsLeft: left, idleClosed, cut };
    log.info({ signal, ...counts }, `${outcome} (${tally})`);
    const code = cut ? 1 : 0;
    clearTimeout(lastResort);
    flushLog(() => exit(code));
    return counts;
  }

  /**
   * Keeps count of the server's connections and the requests in flight on each, from start-up on (the
   * drain needs the ones opened before the signal). Called once by the edge when it creates the server.
   */
  watch(server: Server): ConnectionWatch {
    this.connections = new ConnectionWatch(server);
    return this.connections;
  }

  private update(): void {
    setReadyMetric(this.ready);
  }
}

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

/** The server's open connections and the requests in flight on each; once draining, how requests ended. */
class ConnectionWatch {
  readonly open = new Map<Socket, Set<ServerResponse>>();
  readonly outcomes = { answered: 0, left: 0 };
  private draining = false;
  /** Set when the shutdown bound closes every connection: what ends then was cut, not left. */
  private cutting = false;
  /**
   * Requests whose response has not ended yet; the drain waits on them for its tally. A response ends when it
   * closes, or when its connection closes: a response queued behind another on a pipelined connection never
   * emits `close` of its own once the connection is gone, and waiting on it would keep the process alive.
   */
  private readonly pending = new Set<ServerResponse>();
  private whenSettled: (() => void) | null = null;

  constructor(server: Server) {
    server.on("connection", (socket: Socket) => {
      const inFlight = new Set<ServerResponse>();
      this.open.set(socket, inFlight);
      socket.once("close", () => {
        this.open.delete(socket);
        for (const res of inFlight) this.ended(res);
      });
    });
    const onRequest = (req: IncomingMessage, res: ServerResponse) => {
      const inFlight = this.open.get(req.socket as Socket);
      if (this.draining) res.setHeader("Connection", "close");
      inFlight?.add(res);
      this.pending.add(res);
      res.once("close", () => {
        inFlight?.delete(res);
        this.ended(res);
      });
    };
    // First, so an answer is marked before any step writes it.
    server.prependListener("request", onRequest);
    server.prependListener("checkContinue", onRequest);
  }

  /** A response is over (its own close, or its connection's), counted once. */
  private ended(res: ServerResponse): void {
    if (!this.pending.delete(res)) return;
    if (this.draining) {
      if (res.writableFinished) this.outcomes.answered += 1;
      else if (!this.cutting) this.outcomes.left += 1;
    }
    if (this.pending.size === 0) this.whenSettled?.();
  }

  /** From now on every answer closes its connection, the ones under way included when they can still say so. */
  drain(): void {
    this.draining = true;
    for (const inFlight of this.open.values()) for (const res of inFlight) if (!res.headersSent) res.setHeader("Connection", "close");
  }

  /** Settles once every response has closed (a response closes a little after its connection does). */
  settled(): Promise<void> {
    return this.pending.size === 0 ? Promise.resolve() : new Promise((resolve) => (this.whenSettled = resolve));
  }

  /** Requests in flight; from now on, what ends unanswered was cut by us. */
  cut(): number {
    this.cutting = true;
    let count = 0;
    for (const inFlight of this.open.values()) count += inFlight.size;
    return count;
  }
}
