import express from "express";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
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

describe("shutdown", () => {
  it("turns not-ready at once, answers the request in flight, then closes and exits 0", async () => {
    const { lifecycle, server, origin } = await withLifecycle();
    lifecycle.markSitesIndexed();
    lifecycle.state.apiReached = true;
    const slow = fetch(`${origin}/slow`).then((response) => response.text());
    await new Promise((resolve) => setTimeout(resolve, 20));
    let closed = false;
    let exitCode: number | null = null;
    const done = lifecycle.shutdown("SIGTERM", {
      server,
      drainMs: 100,
      timeoutMs: 5_000,
      close: async () => {
        closed = true;
      },
      exit: (code) => (exitCode = code),
    });
    const draining = await fetch(`${origin}/readyz`);
    expect(draining.status).toBe(503);
    expect(await draining.json()).toMatchObject({ ready: false, draining: true });
    expect(await slow).toBe("done");
    await done;
    expect(closed).toBe(true);
    await expect.poll(() => exitCode).toBe(0);
  });
});
