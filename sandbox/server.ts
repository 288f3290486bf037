import http from "node:http";
import type { AddressInfo } from "node:net";
import { catalogueResponse, isSecondaryPath } from "./catalogue-api";
import { decideDelayMs, decideOutcome, parseFaultSpec, type FaultSpec } from "./faults";

// The sandbox catalogue API: a real HTTP server (node:http) that stands in for the product's two API
// hosts (docs/requirements.md#7-upstream-calls). Two listeners, so the host split is real: the base listener answers 421 to paths
// that belong to the second host, and the second listener answers 421 to the rest.
// Control endpoints on both listeners: GET /__sandbox/stats, POST /__sandbox/reset,
// POST /__sandbox/fault (body: a fault spec, see faults.ts).

type ListenerName = "base" | "secondary";

interface RecordedRequest {
  listener: ListenerName;
  path: string;
  query: string;
  headers: Record<string, string>;
}

interface SandboxStats {
  total: number;
  /** Calls per path, e.g. { "/api/v1/collection/": 2 }. */
  calls: Record<string, number>;
  /** Calls per path and query, e.g. { "/api/v1/collection/?ids=5001&currency=EUR": 1 }. */
  callsByUrl: Record<string, number>;
  /** The last requests (newest last), for header assertions. */
  recent: RecordedRequest[];
}

export interface SandboxOptions {
  host?: string;
  /** 0 (the default) picks a free port. */
  port?: number;
  secondaryPort?: number;
  /** Process-wide default fault (e.g. from SANDBOX_FAULT). */
  defaultFault?: string | FaultSpec;
  random?: () => number;
  /** How long a "timeout" request hangs at most before the socket is closed. */
  hangMs?: number;
}

export interface Sandbox {
  baseUrl: string;
  secondaryUrl: string;
  stats(): SandboxStats;
  /**
   * Resolves once `count` calls have arrived since the last reset: how a test stepping a fake clock knows
   * that every call is in flight (vi.waitFor would move that clock itself).
   */
  received(count: number): Promise<void>;
  reset(): void;
  setDefaultFault(spec: string | FaultSpec): void;
  close(): Promise<void>;
}

const RECENT_LIMIT = 100;
const CONTROL_PREFIX = "/__sandbox/";

function sendJson(res: http.ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json; charset=utf-8", "content-length": Buffer.byteLength(text), "cache-control": "no-store" });
  res.end(text);
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let text = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => {
      if (text.length < 10_000) text += chunk;
    });
    req.on("end", () => resolve(text));
    req.on("error", () => resolve(text));
  });
}

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const host = options.host ?? "127.0.0.1";
  const random = options.random ?? Math.random;
  const hangMs = options.hangMs ?? 30_000;
  let defaultFault: FaultSpec =
    typeof options.defaultFault === "string" || options.defaultFault === undefined ? parseFaultSpec(options.defaultFault) : options.defaultFault;
  let stats: SandboxStats = { total: 0, calls: {}, callsByUrl: {}, recent: [] };
  const hanging = new Set<NodeJS.Timeout>();
  const waiters = new Set<{ count: number; resolve: () => void }>();
  const wakeWaiters = () => {
    for (const waiter of waiters) {
      if (stats.total < waiter.count) continue;
      waiters.delete(waiter);
      waiter.resolve();
    }
  };

  const reset = () => {
    stats = { total: 0, calls: {}, callsByUrl: {}, recent: [] };
  };

  async function control(req: http.IncomingMessage, res: http.ServerResponse, url: URL): Promise<void> {
    const action = url.pathname.slice(CONTROL_PREFIX.length);
    if (req.method === "GET" && action === "stats") return sendJson(res, 200, stats);
    if (req.method === "POST" && action === "reset") {
      reset();
      return sendJson(res, 200, { ok: true });
    }
    if (req.method === "POST" && action === "fault") {
      try {
        defaultFault = parseFaultSpec(await readBody(req));
        return sendJson(res, 200, { ok: true, fault: defaultFault });
      } catch (error) {
        return sendJson(res, 400, { error: "bad_fault", message: (error as Error).message });
      }
    }
    return sendJson(res, 404, { error: "not_found" });
  }

  function handler(listener: ListenerName) {
    return async (req: http.IncomingMessage, res: http.ServerResponse) => {
      const url = new URL(req.url ?? "/", "http://sandbox.invalid");
      if (url.pathname.startsWith(CONTROL_PREFIX)) return control(req, res, url);

      const faultText = (req.headers["x-sandbox-fault"] as string | undefined) ?? url.searchParams.get("__fault");
      if (url.searchParams.has("__fault")) url.searchParams.delete("__fault");
      let fault: FaultSpec;
      try {
        fault = faultText ? parseFaultSpec(faultText) : defaultFault;
      } catch (error) {
        return sendJson(res, 400, { error: "bad_fault", message: (error as Error).message });
      }

      stats.total += 1;
      stats.calls[url.pathname] = (stats.calls[url.pathname] ?? 0) + 1;
      const key = `${url.pathname}${url.search}`;
      stats.callsByUrl[key] = (stats.callsByUrl[key] ?? 0) + 1;
      stats.recent.push({
        listener,
        path: url.pathname,
        query: url.search,
        headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)])),
      });
      if (stats.recent.length > RECENT_LIMIT) stats.recent.shift();
      wakeWaiters();

      if (req.method !== "GET") return sendJson(res, 405, { error: "method_not_allowed" });
      if (isSecondaryPath(url.pathname) !== (listener === "secondary")) {
        return sendJson(res, 421, { error: "misdirected_request", message: `${url.pathname} is not served by the ${listener} host` });
      }

      const delayMs = decideDelayMs(fault, random);
      if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
      const outcome = decideOutcome(fault, random);
      if (outcome === "timeout") {
        // Hang until the client gives up (its timeout) or hangMs passes.
        const timer = setTimeout(() => {
          hanging.delete(timer);
          res.destroy();
        }, hangMs);
        hanging.add(timer);
        res.on("close", () => {
          clearTimeout(timer);
          hanging.delete(timer);
        });
        return;
      }
      if (outcome === "error") return sendJson(res, 500, { error: "injected_error" });
      if (outcome === "malformed") {
        res.writeHead(200, { "content-type": "application/json" });
        return void res.end('{"collections": [{"startingPrice": ');
      }

      const result = catalogueResponse(url);
      if (!result) return sendJson(res, 404, { error: "not_found", message: `no endpoint ${url.pathname}` });
      if (outcome === "shape") return sendJson(res, 200, { collections: "none", tourGroups: [{ id: "x" }], unFilteredMetaData: { minPrice: "free" } });
      return sendJson(res, result.status, result.body);
    };
  }

  const listen = (name: ListenerName, port: number) =>
    new Promise<http.Server>((resolve, reject) => {
      const server = http.createServer(handler(name));
      server.keepAliveTimeout = 5_000;
      server.once("error", reject);
      server.listen(port, host, () => resolve(server));
    });

  const base = await listen("base", options.port ?? 0);
  const secondary = await listen("secondary", options.secondaryPort ?? 0);
  const urlOf = (server: http.Server) => `http://${host}:${(server.address() as AddressInfo).port}`;

  return {
    baseUrl: urlOf(base),
    secondaryUrl: urlOf(secondary),
    stats: () => structuredClone(stats),
    received: (count) =>
      new Promise<void>((resolve) => {
        waiters.add({ count, resolve });
        wakeWaiters();
      }),
    reset,
    setDefaultFault(spec) {
      defaultFault = typeof spec === "string" ? parseFaultSpec(spec) : spec;
    },
    close: async () => {
      for (const timer of hanging) clearTimeout(timer);
      hanging.clear();
      await Promise.all(
        [base, secondary].map(
          (server) =>
            new Promise<void>((resolve) => {
              server.closeAllConnections();
              server.close(() => resolve());
            }),
        ),
      );
    },
  };
}
