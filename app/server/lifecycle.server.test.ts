import express from "express";
import { Agent, createServer, request, type Server } from "node:http";
import { connect, type AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { Lifecycle } from "./lifecycle.server";

// Readiness as a load balancer sees it, over real HTTP: the storefront opens its port only after it has
// indexed the sites, so the state before indexing is checked here, on the same handler.

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

async function listen(handler: Parameters<typeof createServer>[1]): Promise<{ server: Server; origin: string }> {
  const server = createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

async function withLifecycle() {
  const lifecycle = new Lifecycle({ sharedCache: () => "not configured" });
  const app = express();
  app.get("/readyz", lifecycle.readyz());
  app.get("/slow", (_req, res) => void setTimeout(() => res.send("done"), 300));
  const { server, origin } = await listen(app);
  return { lifecycle, server, origin };
}

describe("/readyz", () => {
  it("is 503 before the sites are indexed and before the API has answered, 200 once both are true", async () => {
    const { lifecycle, origin } = await withLifecycle();
    const first = await fetch(`${origin}/readyz`);
    expect(first.status).toBe(503);
    expect(await first.json()).toEqual({ ready: false, sites: "not indexed", api: "not reached", draining: false, sharedCache: "not configured" });

    const api = await listen((_req, res) => res.writeHead(404).end());
    lifecycle.probeApi(api.origin, 1000);
    await expect.poll(() => lifecycle.state.apiReached).toBe(true);
    expect((await fetch(`${origin}/readyz`)).status).toBe(503);

    lifecycle.markSitesIndexed();
    const ready = await fetch(`${origin}/readyz`);
    expect(ready.status).toBe(200);
    expect(ready.headers.get("cache-control")).toBe("no-store");
    expect(await ready.json()).toMatchObject({ ready: true, sites: "indexed", api: "reached" });
  });
});

/** GET over `agent` (a keep-alive agent reuses its open connection), with the answer's status, Connection header and body. */
function get(url: string, agent: Agent): Promise<{ status: number; connection: string | undefined; body: string }> {
  return new Promise((resolve, reject) => {
    request(url, { agent }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body }));
    })
      .on("error", reject)
      .end();
  });
}

describe("shutdown", () => {
  it("turns not-ready and refuses new connections at once, answers on the open ones (closing each), then closes and exits 0", async () => {
    const { lifecycle, server, origin } = await withLifecycle();
    lifecycle.watch(server);
    lifecycle.markSitesIndexed();
    lifecycle.state.apiReached = true;
    // A load balancer's connection, open before the signal.
    const balancer = new Agent({ keepAlive: true, maxSockets: 1 });
    expect((await get(`${origin}/readyz`, balancer)).status).toBe(200);
    const slow = fetch(`${origin}/slow`).then((response) => response.text());
    await new Promise((resolve) => setTimeout(resolve, 20));
    let closed = false;
    let exitCode: number | null = null;
    const done = lifecycle.shutdown("SIGTERM", {
      server,
      drainMs: 1000,
      timeoutMs: 5_000,
      close: async () => {
        closed = true;
      },
      exit: (code) => (exitCode = code),
    });
    const draining = await get(`${origin}/readyz`, balancer);
    expect(draining.status).toBe(503);
    expect(draining.connection).toBe("close");
    expect(JSON.parse(draining.body)).toMatchObject({ ready: false, draining: true });
    await expect(fetch(`${origin}/readyz`)).rejects.toThrow();
    expect(await slow).toBe("done");
    // Both connections closed after their answers: the drain ends before its 1000 ms.
    const started = Date.now();
    expect(await done).toEqual({ answered: 2, clientsLeft: 0, idleClosed: 0, cut: 0 });
    expect(Date.now() - started).toBeLessThan(900);
    expect(closed).toBe(true);
    await expect.poll(() => exitCode).toBe(0);
    balancer.destroy();
  });

  it("a client that leaves during the drain is counted as such, not as cut: exit 0", async () => {
    const lifecycle = new Lifecycle({ sharedCache: () => "not configured" });
    const app = express();
    app.get("/never", () => undefined);
    const { server, origin } = await listen(app);
    lifecycle.watch(server);
    const leaving = new AbortController();
    const request = fetch(`${origin}/never`, { signal: leaving.signal }).catch(() => "left");
    await new Promise((resolve) => setTimeout(resolve, 20));
    let exitCode: number | null = null;
    const done = lifecycle.shutdown("SIGTERM", { server, drainMs: 1000, timeoutMs: 5000, close: async () => undefined, exit: (code) => (exitCode = code) });
    leaving.abort();
    expect(await request).toBe("left");
    expect(await done).toEqual({ answered: 0, clientsLeft: 1, idleClosed: 0, cut: 0 });
    await expect.poll(() => exitCode).toBe(0);
  });

  it("cuts what is still in flight after the bound, says how many, and exits 1", async () => {
    const lifecycle = new Lifecycle({ sharedCache: () => "not configured" });
    const app = express();
    app.get("/never", () => undefined);
    const { server, origin } = await listen(app);
    lifecycle.watch(server);
    const hanging = fetch(`${origin}/never`).catch(() => "cut");
    await new Promise((resolve) => setTimeout(resolve, 20));
    let exitCode: number | null = null;
    const tally = await lifecycle.shutdown("SIGTERM", { server, drainMs: 0, timeoutMs: 100, close: async () => undefined, exit: (code) => (exitCode = code) });
    expect(tally).toEqual({ answered: 0, clientsLeft: 0, idleClosed: 0, cut: 1 });
    expect(await hanging).toBe("cut");
    await expect.poll(() => exitCode).toBe(1);
  });

  it("ends once every connection has closed, even with responses queued behind another on a pipelined connection that never close themselves", async () => {
    const lifecycle = new Lifecycle({ sharedCache: () => "not configured" });
    const app = express();
    app.get("/slow", (_req, res) => void setTimeout(() => res.send("done"), 200));
    const { server } = await listen(app);
    lifecycle.watch(server);
    // Three requests in one write; the client leaves while the first is still being made.
    const socket = connect((server.address() as AddressInfo).port, "127.0.0.1");
    await new Promise((resolve) => socket.once("connect", resolve));
    socket.write("GET /slow HTTP/1.1\r\nHost: a\r\n\r\n".repeat(3));
    await new Promise((resolve) => setTimeout(resolve, 50));
    socket.destroy();
    let exitCode: number | null = null;
    const tally = await lifecycle.shutdown("SIGTERM", { server, drainMs: 0, timeoutMs: 5000, close: async () => undefined, exit: (code) => (exitCode = code) });
    expect(tally?.cut).toBe(0);
    await expect.poll(() => exitCode).toBe(0);
  });

  it("a last resort exits 1 when something still holds the process after the drain, the timeout and the margin", async () => {
    const lifecycle = new Lifecycle({ sharedCache: () => "not configured" });
    const { server } = await listen(express());
    lifecycle.watch(server);
    let exitCode: number | null = null;
    // What the process holds never finishes closing.
    void lifecycle.shutdown("SIGTERM", {
      server,
      drainMs: 0,
      timeoutMs: 50,
      lastResortMarginMs: 50,
      close: () => new Promise<void>(() => undefined),
      exit: (code) => (exitCode = code),
    });
    await expect.poll(() => exitCode).toBe(1);
  });
});
