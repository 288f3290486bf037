import { expect, test } from "@playwright/test";
import { readFileSync } from "node:fs";
import { request } from "node:http";
import { startSandbox, type Sandbox } from "../../sandbox/server";
import { freePort } from "../setup/free-port";
import { startRedisServer, type RedisServer } from "../setup/redis-server";
import { PARIS } from "./fixtures";
import { header, RawConnection, requestBytes } from "./raw-http";
import { listeningAddresses, parseLogLine, startStorefront, type StorefrontServer } from "./storefront-server";

// What an operator of the fleet relies on (docs/operations.md), over real HTTP against production
// servers of their own: the metrics port's counters after pages, a page-cache hit, upstream faults and a
// stopped redis-server; the public port never serving metrics; JSON access lines without query values
// or cookies; /readyz; the metrics port's address; and a SIGTERM during a slow request.

test.describe.configure({ mode: "serial", timeout: 120_000 });

const PAGE = `/?uid=${PARIS}&lang=en`;
let dates = 0;
/** The same page under a new page-cache key (the booking links carry the date), with the same price calls. */
const freshPage = () => `${PAGE}&date=2099-02-${String((dates++ % 28) + 1).padStart(2, "0")}`;

type Samples = Array<{ name: string; labels: Record<string, string>; value: number }>;

/** One scrape of the metrics port, parsed from Prometheus's text format. */
async function scrape(server: StorefrontServer): Promise<Samples> {
  const response = await fetch(`http://127.0.0.1:${server.metricsPort}/metrics`);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toContain("text/plain");
  const samples: Samples = [];
  for (const line of (await response.text()).split("\n")) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})?\s+(\S+)$/.exec(line);
    if (!match) continue;
    const labels: Record<string, string> = {};
    for (const [, name, value] of (match[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[name!] = value!;
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return samples;
}

/** The sum of every series of `name` whose labels include `labels`. */
function total(samples: Samples, name: string, labels: Record<string, string> = {}): number {
  return samples.filter((s) => s.name === name && Object.entries(labels).every(([key, value]) => s.labels[key] === value)).reduce((sum, s) => sum + s.value, 0);
}

/** GET with headers fetch would not let us set (Host, Cookie). */
function get(
  server: StorefrontServer,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string; headers: Record<string, string> }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port: server.port, path, headers: { host: "localhost", ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8"), headers: res.headers as Record<string, string> }),
      );
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

async function untilReady(server: StorefrontServer): Promise<void> {
  await expect.poll(async () => (await fetch(`${server.origin}/readyz`)).status, { timeout: 30_000 }).toBe(200);
}

test.describe("metrics and access lines", () => {
  let server: StorefrontServer;
  test.beforeAll(async () => {
    server = await startStorefront({ PAGE_CACHE_TTL_MS: "60000" });
    await untilReady(server);
  });
  test.afterAll(async () => server?.stop());

  test("a rendered page, then a page-cache hit, move the request, render, cache and upstream counters", async () => {
    const before = await scrape(server);
    const url = freshPage();
    expect((await get(server, url)).status).toBe(200);
    expect((await get(server, url)).status).toBe(200);
    const after = await scrape(server);
    const moved = (name: string, labels: Record<string, string> = {}) => total(after, name, labels) - total(before, name, labels);

    const requests = "storefront_http_request_duration_seconds_count";
    expect(moved(requests, { route: "page", status_class: "2xx", cache: "miss" })).toBe(1);
    expect(moved(requests, { route: "page", status_class: "2xx", cache: "hit" })).toBe(1);
    expect(moved("storefront_cache_lookups_total", { cache: "page", result: "miss" })).toBe(1);
    expect(moved("storefront_cache_lookups_total", { cache: "page", result: "hit" })).toBe(1);
    expect(moved("storefront_render_duration_seconds_count")).toBe(1);
    // The page asks for its prices: answered by the price cache or upstream, each counted.
    expect(moved("storefront_cache_lookups_total", { cache: "price" })).toBeGreaterThan(0);
    expect(total(after, "storefront_upstream_requests_total", { outcome: "ok" })).toBeGreaterThan(0);
    expect(total(after, "storefront_upstream_request_duration_seconds_count", { outcome: "ok" })).toBeGreaterThan(0);
    // The content store and the process.
    expect(total(after, "storefront_content_documents")).toBeGreaterThan(0);
    expect(total(after, "storefront_content_bytes")).toBeGreaterThan(0);
    expect(total(after, "storefront_content_sites")).toBeGreaterThan(0);
    expect(total(after, "storefront_content_invalid_documents")).toBe(0);
    // The content store revalidates what it holds once a second.
    await expect.poll(async () => total(await scrape(server), "storefront_content_revalidations_total"), { timeout: 10_000 }).toBeGreaterThan(0);
    expect(total(after, "storefront_ready")).toBe(1);
    for (const name of ["nodejs_eventloop_lag_p99_seconds", "nodejs_heap_size_used_bytes", "process_cpu_seconds_total"])
      expect(
        after.some((s) => s.name === name),
        name,
      ).toBe(true);
    // Garbage collections are counted from the first one on: a few more pages make one (a page allocates megabytes).
    await expect
      .poll(
        async () => {
          await get(server, freshPage());
          return (await scrape(server)).some((s) => s.name === "nodejs_gc_duration_seconds_count");
        },
        { timeout: 10_000 },
      )
      .toBe(true);
  });

  test("the public port does not serve metrics, and the metrics port serves nothing else", async () => {
    for (const path of ["/metrics", "/metrics/", "/metrics?x=1"]) {
      const response = await get(server, path);
      expect(response.status, path).not.toBe(200);
      expect(response.body, path).not.toContain("storefront_http_request_duration_seconds");
    }
    expect((await fetch(`http://127.0.0.1:${server.metricsPort}/`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${server.metricsPort}/?uid=${PARIS}`)).status).toBe(404);
  });

  test("labels stay bounded: no host, path or query value becomes a series", async () => {
    const token = `probe${Date.now()}`;
    for (let i = 0; i < 20; i++) await get(server, `/${token}-${i}/?uid=${token}.x${i}&lang=en`, { host: `www.${token}${i}.example` });
    const text = await (await fetch(`http://127.0.0.1:${server.metricsPort}/metrics`)).text();
    expect(text).not.toContain(token);
    const series = (await scrape(server)).filter((s) => s.name === "storefront_http_request_duration_seconds_count");
    expect(series.length).toBeLessThanOrEqual(6 * 5 * 3);
  });

  test("one JSON access line a request, with its fields, its request id echoed, and no query value or cookie", async () => {
    const from = server.logs.length;
    const secret = "visitor-secret-7d1c";
    const sent = await get(server, `${PAGE}&email=${secret}%40example.com`, { "x-request-id": "ops-test-42", cookie: `session=${secret}; currency=EUR` });
    expect(sent.status).toBe(200);
    expect(sent.headers["x-request-id"]).toBe("ops-test-42");
    // A malformed id is replaced by one of ours, and that one is echoed.
    const made = await get(server, PAGE, { "x-request-id": "not ok <script>" });
    expect(made.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);

    const lines = await server.logsSince(from);
    const access = lines.map(parseLogLine);
    expect(
      access.every((line) => line !== null),
      lines.join("\n"),
    ).toBe(true);
    const ours = access.find((line) => line?.requestId === "ops-test-42")!;
    expect(ours).toMatchObject({
      level: "info",
      method: "GET",
      host: "localhost",
      path: "/?uid=&lang=&+1",
      status: 200,
      cache: expect.stringMatching(/^(hit|miss)$/),
    });
    expect(typeof ours.durationMs).toBe("number");
    expect(typeof ours.time).toBe("string");
    expect(access.filter((line) => line?.requestId === made.headers["x-request-id"])).toHaveLength(1);
    const raw = lines.join("\n");
    expect(raw).not.toContain(secret);
    expect(raw).not.toContain(PARIS);
    expect(raw).not.toContain("not ok <script>");
    expect(lines, "one line per request").toHaveLength(2);
  });

  test("a refused request is still one line: its access line, at warn, names the refusal", async () => {
    const from = server.logs.length;
    const response = await fetch(`${server.origin}/?uid=${PARIS}`, { method: "DELETE" });
    expect(response.status).toBe(405);
    const lines = (await server.logsSince(from)).map(parseLogLine);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: "warn", method: "DELETE", status: 405, path: "/?uid=" });
    expect(lines[0]!.msg).toMatch(/^405 DELETE \/: method DELETE is not allowed/);
  });
});

test.describe("the metrics port is on loopback unless an operator opens it", () => {
  // The public port listens on every interface (HOST=0.0.0.0, the default); the metrics must not follow it.
  const cases: Array<{ env: Record<string, string>; address: string }> = [
    { env: {}, address: "127.0.0.1" },
    { env: { METRICS_HOST: "0.0.0.0" }, address: "0.0.0.0" },
  ];
  for (const { env, address } of cases) {
    test(`${JSON.stringify(env)}: bound on ${address}, and the start-up line names that address`, async () => {
      const server = await startStorefront({ HOST: "0.0.0.0", ...env });
      try {
        expect(listeningAddresses(server.pid, server.port), "the public port").toEqual(["0.0.0.0"]);
        expect(listeningAddresses(server.pid, server.metricsPort), "the metrics port").toEqual([address]);
        const started = server.logs.map(parseLogLine).find((line) => line?.msg.startsWith("Metrics on"));
        expect(started).toMatchObject({
          msg: `Metrics on http://${address}:${server.metricsPort}/metrics`,
          metricsHost: address,
          metricsPort: server.metricsPort,
        });
        expect((await fetch(`http://127.0.0.1:${server.metricsPort}/metrics`)).status).toBe(200);
      } finally {
        await server.stop();
      }
    });
  }
});

test.describe("upstream faults are counted by outcome", () => {
  const cases: Array<{ name: string; env: Record<string, string>; outcome: string }> = [
    { name: "errors", env: { SANDBOX_FAULT: "error=1" }, outcome: "error" },
    { name: "timeouts", env: { SANDBOX_FAULT: "timeout=1", API_TIMEOUT_MS: "200" }, outcome: "timeout" },
    { name: "calls joined in flight", env: { SANDBOX_FAULT: "latency=400", PRICE_BUDGET_MS: "5000" }, outcome: "coalesced" },
  ];
  for (const c of cases) {
    test(c.name, async () => {
      const server = await startStorefront({ ...c.env, PAGE_CACHE_TTL_MS: "0" });
      try {
        // Three visits at once to one page: one upstream call per price, the others join it.
        const pages = await Promise.all([0, 1, 2].map(() => get(server, PAGE)));
        for (const page of pages) expect(page.status).toBe(200);
        const after = await scrape(server);
        expect(total(after, "storefront_upstream_requests_total", { outcome: c.outcome })).toBeGreaterThan(0);
        if (c.outcome !== "coalesced") {
          expect(total(after, "storefront_upstream_request_duration_seconds_count", { outcome: c.outcome })).toBeGreaterThan(0);
          expect(total(after, "storefront_upstream_requests_total", { outcome: "ok" })).toBe(0);
        }
        // Endpoint groups, never ids or query values.
        for (const s of after.filter((s) => s.name === "storefront_upstream_requests_total")) expect(s.labels.endpoint).toMatch(/^[a-z-]+(\/[a-z-]+)*$/);
      } finally {
        await server.stop();
      }
    });
  }
});

test.describe("a stopped redis-server", () => {
  let redis: RedisServer;
  let server: StorefrontServer;
  test.beforeAll(async () => {
    redis = await startRedisServer();
    server = await startStorefront({ CACHE_URL: redis.url, PAGE_CACHE_TTL_MS: "60000" });
    await untilReady(server);
  });
  test.afterAll(async () => {
    await server?.stop();
    await redis?.close();
  });

  test("turns the shared-cache gauge down, counts fallbacks, and is reported by /readyz without failing it", async () => {
    await expect.poll(async () => total(await scrape(server), "storefront_shared_cache_up"), { timeout: 30_000 }).toBe(1);
    expect((await get(server, freshPage())).status).toBe(200);
    expect(await (await fetch(`${server.origin}/readyz`)).json()).toMatchObject({ ready: true, sharedCache: "up" });
    const before = await scrape(server);

    await redis.stop();
    await expect.poll(async () => total(await scrape(server), "storefront_shared_cache_up"), { timeout: 30_000 }).toBe(0);
    expect((await get(server, freshPage())).status).toBe(200);
    const after = await scrape(server);
    expect(total(after, "storefront_shared_cache_fallbacks_total") - total(before, "storefront_shared_cache_fallbacks_total")).toBeGreaterThan(0);
    const ready = await fetch(`${server.origin}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ ready: true, sharedCache: "down" });
  });

  test("every metric the Grafana dashboard queries is in a scrape", async () => {
    const dashboard = JSON.parse(readFileSync("docs/grafana/storefront.json", "utf8")) as {
      panels: Array<{ title: string; targets?: Array<{ expr: string }> }>;
    };
    const names = new Set((await scrape(server)).map((s) => s.name));
    const queried = dashboard.panels.flatMap((panel) =>
      (panel.targets ?? []).flatMap((target) =>
        [...target.expr.matchAll(/\b((?:storefront|nodejs|process)_\w+)/g)].map((m) => ({ panel: panel.title, name: m[1]! })),
      ),
    );
    expect(queried.length).toBeGreaterThan(10);
    for (const { panel, name } of queried) expect(names.has(name), `${panel}: ${name}`).toBe(true);
  });
});

test.describe("readiness and shutdown", () => {
  test("/readyz is 503 until the API host has answered once, while /healthz is 200", async () => {
    const apiPort = await freePort();
    const server = await startStorefront({ API_BASE_URL: `http://127.0.0.1:${apiPort}` });
    let sandbox: Sandbox | undefined;
    try {
      const waiting = await fetch(`${server.origin}/readyz`);
      expect(waiting.status).toBe(503);
      expect(waiting.headers.get("cache-control")).toBe("no-store");
      expect(await waiting.json()).toMatchObject({ ready: false, sites: "indexed", api: "not reached", draining: false, sharedCache: "not configured" });
      expect((await fetch(`${server.origin}/healthz`)).status).toBe(200);
      expect(total(await scrape(server), "storefront_ready")).toBe(0);

      sandbox = await startSandbox({ host: "127.0.0.1", port: apiPort });
      await untilReady(server);
      expect(total(await scrape(server), "storefront_ready")).toBe(1);
    } finally {
      await server.stop();
      await sandbox?.close();
    }
  });

  test("a SIGTERM during a slow request: new connections refused at once, not ready on an open one, that request answered, then exit 0", async () => {
    const server = await startStorefront({
      SANDBOX_FAULT: "latency=2500",
      API_TIMEOUT_MS: "6000",
      PRICE_BUDGET_MS: "6000",
      PAGE_CACHE_TTL_MS: "0",
      SHUTDOWN_DRAIN_MS: "1000",
    });
    await untilReady(server);
    // A load balancer's keep-alive connection, open before the signal.
    const balancer = await RawConnection.open(server.port);
    const probe = (target: string) =>
      requestBytes("GET", target, [
        ["Host", "localhost"],
        ["Connection", "keep-alive"],
      ]);
    expect((await balancer.send(probe("/healthz"))).status).toBe(200);
    const from = server.logs.length;
    const slow = get(server, freshPage());
    await new Promise((resolve) => setTimeout(resolve, 300));
    process.kill(server.pid, "SIGTERM");

    // The port stops accepting at once: a new connection is refused before a byte is sent (decision 043).
    await expect
      .poll(
        () =>
          RawConnection.open(server.port).then(
            (connection) => (connection.close(), "accepted"),
            (error: NodeJS.ErrnoException) => error.code,
          ),
        { timeout: 900, intervals: [50] },
      )
      .toBe("ECONNREFUSED");
    // On the connection it already had, the balancer learns the instance is draining, and that the connection closes.
    const draining = await balancer.send(probe("/readyz"));
    expect(draining.status).toBe(503);
    expect(JSON.parse(draining.body.toString("utf8"))).toMatchObject({ ready: false, draining: true });
    expect(header(draining, "connection")).toBe("close");
    await balancer.ended;

    const answered = await slow;
    expect(answered.status).toBe(200);
    expect(answered.body).toContain("</html>");
    expect(await server.exited).toBe(0);
    const lines = (await server.logsSince(from, 50)).map(parseLogLine);
    expect(lines.map((line) => line?.msg).find((msg) => msg?.startsWith("stopped"))).toMatch(/^stopped: every request answered \(2 answered after SIGTERM, /);
  });
});
