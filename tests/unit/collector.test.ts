import { existsSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import express from "express";
import { createClient } from "redis";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createCollector, type Collector } from "~/collect/collector.server";
import { EVENTS_STREAM, FAILED_STREAM } from "~/collect/redis-sink.server";
import { guardRequests } from "~/edge/guard.server";
import { requestContextStep } from "~/edge/request-context.server";
import { parseEnv } from "~/env.server";
import { accessLog } from "~/server/access-log.server";
import { enableMetrics, startMetricsServer } from "~/server/metrics.server";
import { transportFor } from "~/server/security-headers.server";
import { getEventDefinition } from "../../tracking/catalogue";
import { ENVELOPE_VERSION } from "../../tracking/envelope";
import { newEventId } from "../../tracking/event-id";
import { SAMPLE_CONTEXT } from "../../tracking/test-fixtures";
import { startRedisServer, type RedisServer } from "../setup/redis-server";
import "./quiet-logger";

// The collector at its HTTP boundary, behind the edge's own guard and request context, with the sinks it
// writes to: a folder of NDJSON files, and a real redis-server.

const PHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";
const BOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

const version = (name: string) => getEventDefinition(name)!.version;

function pageViewed(id = newEventId()) {
  return { event: "page_viewed", event_id: id, page_title: "Eiffel Tower", page_path: "/eiffel-tower/", navigation_type: "navigate", page: SAMPLE_CONTEXT };
}
function currencyChanged(id = newEventId(), to = "EUR") {
  return { event: "currency_changed", event_id: id, from_currency: "USD", to_currency: to, page: SAMPLE_CONTEXT };
}
function batch(events: unknown[], versions: Record<string, string> = { page_viewed: version("page_viewed"), currency_changed: version("currency_changed") }) {
  return { envelope: ENVELOPE_VERSION, versions, events };
}

interface Running {
  url: string;
  collector: Collector;
  readyz: () => Record<string, string>;
  close: () => Promise<void>;
}

async function start(sink: string): Promise<Running> {
  const env = parseEnv({ COLLECT_SINK: sink, COLLECT_RATE_PER_MINUTE: "40" });
  const reported = new Map<string, () => string>();
  const collector = createCollector(env, { report: (name, state) => void reported.set(name, state) });
  const app = express();
  app.use(accessLog({ queryNames: [] }));
  app.use(guardRequests({ transport: transportFor("development"), postPaths: new Set(), collectPath: env.COLLECT_PATH }));
  app.use(requestContextStep(env));
  app.use(collector.step);
  app.use((_req, res) => void res.status(404).end());
  const server: Server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/events`,
    collector,
    readyz: () => Object.fromEntries([...reported].map(([name, state]) => [name, state()])),
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await collector.sink.close();
    },
  };
}

function post(url: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(url, {
    method: "POST",
    headers: { "content-type": "text/plain;charset=UTF-8", "user-agent": PHONE, "cloudfront-viewer-country": "GB", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

const today = () => new Date().toISOString().slice(0, 10);
function lines(dir: string, kind: "events" | "failed"): Array<Record<string, unknown> & { event_id: string; payload: string }> {
  const file = path.join(dir, `${kind}-${today()}.ndjson`);
  if (!existsSync(file)) return [];
  return readFileSync(file, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line));
}

describe("the collector with the file sink", () => {
  let dir: string;
  let running: Running;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "collect-"));
    running = await start(`file:${dir}`);
  });
  afterAll(async () => {
    await running.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("stores each valid event with what it was sent with, when it came and what the server knows, never the address or user agent", async () => {
    const events = [pageViewed(), currencyChanged()];
    const response = await post(running.url, batch(events));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ stored: 2, failed: 0, duplicates: 0 });
    const stored = lines(dir, "events");
    expect(stored.map((line) => line.event_id)).toEqual(events.map((event) => event.event_id));
    expect(stored[0]).toEqual({
      event_id: events[0]!.event_id,
      event: "page_viewed",
      version: version("page_viewed"),
      received_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      sent: events[0],
      server: { country: "GB", device: "phone", host: expect.stringMatching(/^127\.0\.0\.1:\d+$/) },
    });
    const text = readFileSync(path.join(dir, `events-${today()}.ndjson`), "utf8");
    expect(text).not.toContain("iPhone");
    expect(text).not.toMatch(/"(ip|address|user_agent|ua)"/);
  });

  it("stores a replayed batch once: the copy adds nothing", async () => {
    const events = [pageViewed(), currencyChanged()];
    expect((await post(running.url, batch(events))).status).toBe(200);
    const before = lines(dir, "events").length;
    const replay = await post(running.url, batch(events));
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual({ stored: 0, failed: 0, duplicates: 2 });
    expect(lines(dir, "events")).toHaveLength(before);
  });

  it("keeps an invalid event as a failed event with its id, its reason and its payload cut to 10 KB", async () => {
    const invalid = currencyChanged(newEventId(), "euro");
    const unknown = { event: "no_such_event", event_id: newEventId(), page: SAMPLE_CONTEXT };
    const tooLarge = { ...pageViewed(), page_title: "x".repeat(20_000) };
    const noId = { ...pageViewed(), event_id: undefined };
    const response = await post(running.url, batch([invalid, unknown, tooLarge, noId]));
    expect(await response.json()).toEqual({ stored: 0, failed: 4, duplicates: 0 });
    const failed = lines(dir, "failed").slice(-4);
    expect(failed[0]).toMatchObject({
      event_id: invalid.event_id,
      event: "currency_changed",
      failure: "schema_violation",
      reason: expect.stringMatching(/^properties\.to_currency: /),
    });
    expect(JSON.parse(failed[0]!.payload)).toEqual(invalid);
    expect(failed[1]).toMatchObject({ event_id: unknown.event_id, failure: "unknown_event", reason: "unknown event" });
    expect(failed[2]).toMatchObject({ event_id: tooLarge.event_id, failure: "size_violation", reason: "too large" });
    expect(Buffer.byteLength(failed[2]!.payload)).toBeLessThanOrEqual(10 * 1024);
    expect(failed[3]).toMatchObject({ event_id: null, failure: "schema_violation", reason: expect.stringMatching(/^event_id: /) });
  });

  it("keeps an event of a version it cannot check as failed, 'unknown version'; an older ADDITION is checked with today's schema", async () => {
    const [model, revision, addition] = version("page_viewed").split("-").map(Number) as [number, number, number];
    const newer = pageViewed();
    const older = pageViewed();
    expect((await post(running.url, batch([newer], { page_viewed: `${model}-${revision}-${addition + 1}` }))).status).toBe(200);
    expect(lines(dir, "failed").at(-1)).toMatchObject({ event_id: newer.event_id, failure: "unknown_version", reason: "unknown version" });
    if (addition > 0) {
      await post(running.url, batch([older], { page_viewed: `${model}-${revision}-${addition - 1}` }));
      expect(lines(dir, "events").at(-1)?.event_id).toBe(older.event_id);
    }
    const otherEnvelope = pageViewed();
    await post(running.url, { ...batch([otherEnvelope]), envelope: "2-0-0" });
    expect(lines(dir, "failed").at(-1)).toMatchObject({ event_id: otherEnvelope.event_id, reason: "unknown version" });
  });

  it("refuses a body over 64 KB before reading it (413), more than 100 events (413), and a body that is not JSON (400)", async () => {
    const stored = lines(dir, "events").length;
    const big = await post(running.url, JSON.stringify(batch([{ padding: "x".repeat(70 * 1024) }])));
    expect(big.status).toBe(413);
    const many = await post(running.url, batch(Array.from({ length: 101 }, () => pageViewed())));
    expect(many.status).toBe(413);
    expect(await many.json()).toEqual({ error: "101 events: at most 100 in one batch" });
    const notJson = await post(running.url, "page_viewed,eiffel-tower");
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toEqual({ error: "body is not JSON" });
    const wrongShape = await post(running.url, { events: [] });
    expect(wrongShape.status).toBe(400);
    expect(lines(dir, "events")).toHaveLength(stored);
  });

  it("refuses a cross-site post (Sec-Fetch-Site, or an Origin of another host) with 403", async () => {
    expect((await post(running.url, batch([pageViewed()]), { "sec-fetch-site": "cross-site" })).status).toBe(403);
    expect((await post(running.url, batch([pageViewed()]), { origin: "https://evil.example" })).status).toBe(403);
    const host = new URL(running.url).host;
    expect((await post(running.url, batch([pageViewed()]), { origin: `http://${host}`, "sec-fetch-site": "same-origin" })).status).toBe(200);
  });

  it("answers a bot and keeps nothing of it", async () => {
    const before = lines(dir, "events").length;
    const response = await post(running.url, batch([pageViewed()]), { "user-agent": BOT });
    expect(response.status).toBe(202);
    expect(lines(dir, "events")).toHaveLength(before);
  });

  it("answers 503 with Retry-After while the sink cannot write, says so in /readyz, and stores the batch sent again after it recovers", async () => {
    const events = [pageViewed(), currencyChanged()];
    const held = `${dir}-held`;
    rmSync(held, { recursive: true, force: true });
    // The folder is gone and a file stands in its place: every append fails.
    renameSync(dir, held);
    writeFileSync(dir, "not a folder");
    try {
      const down = await post(running.url, batch(events));
      expect(down.status).toBe(503);
      expect(down.headers.get("retry-after")).toBe("5");
      expect(running.readyz()).toEqual({ collector: "sink down" });
    } finally {
      rmSync(dir);
      renameSync(held, dir);
    }
    const again = await post(running.url, batch(events));
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ stored: 2, failed: 0, duplicates: 0 });
    expect(running.readyz()).toEqual({ collector: "up" });
    expect(
      lines(dir, "events")
        .slice(-2)
        .map((line) => line.event_id),
    ).toEqual(events.map((event) => event.event_id));
  });

  it("reports the p75 of what it collected on the metrics port (/vitals.json, /vitals), per page type and device, and not on the public port", async () => {
    const lcp = (value: number) => ({
      ...getEventDefinition("web_vital_lcp")!.examples!.valid[0],
      metric_id: `v6-1764150000000-${1_000_000_000_000 + value}`,
      metric_value: value,
      value,
      metric_delta: value,
    });
    enableMetrics(); // recorded only while served
    const values = [1000, 2000, 3000, 5000];
    const events = values.map((value) => ({ event: "web_vital_lcp", event_id: newEventId(), ...lcp(value), page: SAMPLE_CONTEXT }));
    // A later report of the first page load's LCP replaces its value: 1000 → 2600.
    const grown = { ...events[0]!, event_id: newEventId(), metric_value: 2600, value: 1600, metric_delta: 1600 };
    expect((await post(running.url, batch([...events, grown], { web_vital_lcp: version("web_vital_lcp") }))).status).toBe(200);
    const metricsServer = await startMetricsServer(0, "127.0.0.1");
    try {
      const port = (metricsServer.address() as AddressInfo).port;
      const report = (await (await fetch(`http://127.0.0.1:${port}/vitals.json`)).json()) as { rows: Array<Record<string, unknown>> };
      const lcpRows = report.rows.filter((row) => row.metric === "LCP");
      // Nearest rank over 2000, 2600, 3000, 5000: the 3rd.
      expect(lcpRows).toEqual([
        { window: "24h", metric: "LCP", page_type: "collection", device: "phone", count: 4, p75: 3000, rating: "needs-improvement" },
        { window: "7d", metric: "LCP", page_type: "collection", device: "phone", count: 4, p75: 3000, rating: "needs-improvement" },
      ]);
      const page = await (await fetch(`http://127.0.0.1:${port}/vitals`)).text();
      expect(page).toContain("<svg");
      expect(page).toContain("3000ms (4)");
      const metrics = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
      expect(metrics).toMatch(/storefront_web_vital_seconds_count\{metric="lcp",page_type="collection",device="phone"\} 5/);
      expect((await fetch(running.url.replace("/events", "/vitals.json"))).status).toBe(404);
    } finally {
      metricsServer.close();
    }
  });

  it("answers a client over its rate 429 with Retry-After", async () => {
    let response: Response | undefined;
    for (let i = 0; i < 100; i++) {
      response = await post(running.url, "{");
      if (response.status === 429) break;
    }
    expect(response!.status).toBe(429);
    expect(Number(response!.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("lets one instance write a folder: another process's lock refuses the start, naming the folder", () => {
    const other = mkdtempSync(path.join(tmpdir(), "collect-locked-"));
    try {
      // pid 1 is always running: another process holds this folder.
      writeFileSync(path.join(other, "collector.lock"), "1\n");
      expect(() => createCollector(parseEnv({ COLLECT_SINK: `file:${other}` }))).toThrowError(/is written by process 1 .*one instance per folder/);
      // A lock left by a process that is gone is taken over.
      writeFileSync(path.join(other, "collector.lock"), "999999999\n");
      const collector = createCollector(parseEnv({ COLLECT_SINK: `file:${other}` }));
      expect(readFileSync(path.join(other, "collector.lock"), "utf8")).toBe(`${process.pid}\n`);
      void collector.sink.close();
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });
});

describe("the collector with the Redis sink (a real redis-server)", () => {
  let redis: RedisServer;
  let running: Running;
  let reader: ReturnType<typeof createClient>;
  beforeAll(async () => {
    redis = await startRedisServer();
    running = await start(redis.url);
    reader = createClient({ url: redis.url });
    reader.on("error", () => undefined); // the outage below is the test's own
    await reader.connect();
    await vi.waitFor(() => expect(running.collector.sink.status()).toBe("up"));
  });
  afterAll(async () => {
    await reader?.close().catch(() => undefined);
    await running?.close();
    await redis?.close();
  });

  const streamIds = async (stream: string) =>
    ((await reader.xRange(stream, "-", "+")) ?? []).map((entry) => JSON.parse(entry.message.event!).event_id as string | null);

  it("adds stored and failed events to their streams, once per event_id, and a consumer group reads them", async () => {
    const events = [pageViewed(), currencyChanged()];
    const invalid = currencyChanged(newEventId(), "euro");
    const first = await post(running.url, batch([...events, invalid]));
    expect(await first.json()).toEqual({ stored: 2, failed: 1, duplicates: 0 });
    const replay = await post(running.url, batch([...events, invalid]));
    expect(await replay.json()).toEqual({ stored: 0, failed: 0, duplicates: 3 });
    expect(await streamIds(EVENTS_STREAM)).toEqual(events.map((event) => event.event_id));
    expect(await streamIds(FAILED_STREAM)).toEqual([invalid.event_id]);
    expect(await reader.ttl(`storefront:collect:seen:${events[0]!.event_id}`)).toBeGreaterThan(23 * 60 * 60);
    await reader.xGroupCreate(EVENTS_STREAM, "analysts", "0");
    const read = await reader.xReadGroup("analysts", "loader-1", { key: EVENTS_STREAM, id: ">" });
    expect((read as Array<{ messages: unknown[] }>)[0]!.messages).toHaveLength(2);
  });

  it("answers 503 with Retry-After while Redis is down, and stores the batch sent again once it is back", { timeout: 30_000 }, async () => {
    const events = [pageViewed()];
    await redis.stop();
    await expect.poll(() => running.collector.sink.status()).toBe("down");
    const down = await post(running.url, batch(events));
    expect(down.status).toBe(503);
    expect(down.headers.get("retry-after")).toBe("5");
    expect(running.readyz()).toEqual({ collector: "sink down" });
    await redis.start();
    await expect.poll(() => running.collector.sink.status(), { timeout: 10_000 }).toBe("up");
    const again = await post(running.url, batch(events));
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ stored: 1, failed: 0, duplicates: 0 });
    await expect.poll(() => reader.isReady, { timeout: 10_000 }).toBe(true);
    expect(await streamIds(EVENTS_STREAM)).toEqual([events[0]!.event_id]);
  });
});
