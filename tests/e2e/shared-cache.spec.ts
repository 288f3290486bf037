import { expect, test } from "@playwright/test";
import { request } from "node:http";
import { startSandbox, type Sandbox } from "../../sandbox/server";
import { startRedisServer, type RedisServer } from "../setup/redis-server";
import { LTT_PRICES_UID, makePricesContent, PARIS_PRICES_UID } from "../unit/prices-fixtures";
import { messages, startStorefront, type StorefrontServer } from "./storefront-server";

// Instances that share a cache. One sandbox catalogue API, one real redis-server (with a
// password, to prove it never leaks), two production instances with the same CACHE_URL and API_BASE_URL.
// The assertions count upstream calls and compare what the pages show; nothing here is timed.

test.describe.configure({ mode: "serial", timeout: 180_000 });

const PASSWORD = "e2e-redis-password-9b2f71";
const OPERATOR_KEY = "e2e-shared-cache-timing-key-31c4";
let redis: RedisServer;
let sandbox: Sandbox;
let content: ReturnType<typeof makePricesContent>;
const instances: StorefrontServer[] = [];

function env(): Record<string, string> {
  return {
    CACHE_URL: redis.url,
    API_BASE_URL: sandbox.baseUrl,
    API_SECONDARY_URL: sandbox.secondaryUrl,
    CONTENT_DIR: content.dir,
    // Generous on a loaded machine: a page waits for its prices, and a Redis command is not given up on
    // while the host is busy (an outage is seen from the closed socket, not from a timeout).
    PRICE_BUDGET_MS: "10000",
    CACHE_TIMEOUT_MS: "5000",
    // Pages stay in the page cache as long as a CDN keeps them, so the second instance's visit finds it.
    PAGE_CACHE_TTL_MS: "60000",
    SERVER_TIMING_KEY: OPERATOR_KEY,
  };
}

async function startInstance(): Promise<StorefrontServer> {
  const instance = await startStorefront(env());
  instances.push(instance);
  return instance;
}

/** Waits (without a tight deadline) until the instance has logged a line containing `text`. */
async function logged(instance: StorefrontServer, text: string): Promise<void> {
  await expect.poll(() => instance.logs.some((line) => line.includes(text)), { timeout: 60_000, message: `log line "${text}"` }).toBe(true);
}

/** Each distinct `date` is its own page-cache entry (the booking links carry it) but the same price calls. */
let dates = 0;
function pagePath(uid: string, lang = "en"): string {
  dates += 1;
  return `/?uid=${uid}&lang=${lang}&date=2099-01-${String((dates % 28) + 1).padStart(2, "0")}`;
}

/** The prices a page shows, as "source=text", from the server's HTML (what a visitor sees before any script). */
function shownPrices(html: string): string[] {
  return html
    .split('data-price-source="')
    .slice(1)
    .map((chunk) => {
      const key = chunk.slice(0, chunk.indexOf('"'));
      const shown = /data-price-state="shown"/.test(chunk.slice(0, 200));
      return `${key}=${shown ? (/<strong>([^<]*)<\/strong>/.exec(chunk)?.[1] ?? "?") : "(unavailable)"}`;
    })
    .sort();
}

/**
 * GET a page from one instance as a CDN would ask for it: with the visitor's Host, the same whichever
 * instance answers (fetch cannot set Host, so node:http).
 */
function fetchPage(
  instance: StorefrontServer,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; html: string; headers: Headers }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port: instance.port, path, headers: { host: "localhost", ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => {
        const responseHeaders = new Headers();
        for (const [name, value] of Object.entries(res.headers))
          if (value !== undefined) responseHeaders.set(name, Array.isArray(value) ? value.join(", ") : value);
        resolve({ status: res.statusCode ?? 0, html: Buffer.concat(chunks).toString("utf8"), headers: responseHeaders });
      });
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

/** Every upstream URL the sandbox was asked for since the last reset, with its count. */
const upstreamCalls = () => sandbox.stats().callsByUrl;

test.beforeAll(async () => {
  redis = await startRedisServer({ password: PASSWORD });
  sandbox = await startSandbox({ host: "127.0.0.1", port: 0 });
  content = makePricesContent();
  await Promise.all([startInstance(), startInstance()]);
  for (const instance of instances) await logged(instance, "[cache] Shared cache: Redis at");
});

test.afterAll(async () => {
  await Promise.all(instances.map((instance) => instance.stop()));
  await sandbox?.close();
  await redis?.close();
  content?.cleanup();
});

test("two instances make one upstream call per key between them and show the same prices", async () => {
  const [a, b] = instances as [StorefrontServer, StorefrontServer];
  sandbox.reset();
  // Both instances at once, several requests each: in-process merging and the Redis lock both at work.
  const pages = await Promise.all([a, b, a, b, a, b].map((instance) => fetchPage(instance, pagePath(PARIS_PRICES_UID))));
  for (const page of pages) expect(page.status).toBe(200);

  const calls = upstreamCalls();
  expect(Object.keys(calls).length, "the page needs several upstream calls").toBeGreaterThanOrEqual(4);
  for (const [url, count] of Object.entries(calls)) expect(count, url).toBe(1);

  const prices = pages.map((page) => shownPrices(page.html));
  expect(prices[0]).toContain("collection:5001=€29.50");
  expect(prices[0]!.filter((price) => price.endsWith("(unavailable)"))).toEqual([]);
  for (const shown of prices) expect(shown).toEqual(prices[0]);

  // Later visits on either instance ask upstream nothing more.
  await Promise.all([fetchPage(a, pagePath(PARIS_PRICES_UID)), fetchPage(b, pagePath(PARIS_PRICES_UID))]);
  expect(upstreamCalls()).toEqual(calls);
});

test("a page one instance rendered is served by the other from the shared page cache", async () => {
  const [a, b] = instances as [StorefrontServer, StorefrontServer];
  const url = `/?uid=${PARIS_PRICES_UID}&lang=fr`;
  const first = await fetchPage(a, url);
  expect(first.status).toBe(200);
  // The operator's key shows the page cache's answer in Server-Timing (and is never stored itself). The
  // first instance stores the page as it sends it, so the other may ask a moment before it is there.
  let second = await fetchPage(b, url, { "x-server-timing-key": OPERATOR_KEY });
  await expect
    .poll(async () => {
      second = await fetchPage(b, url, { "x-server-timing-key": OPERATOR_KEY });
      return second.headers.get("server-timing");
    })
    .toContain('page-cache;desc="hit"');
  expect(second.status).toBe(200);
  expect(shownPrices(second.html)).toEqual(shownPrices(first.html));
});

test("with Redis stopped pages are still 200 with their prices, and Redis back is picked up again", async () => {
  const [a, b] = instances as [StorefrontServer, StorefrontServer];
  const before = shownPrices((await fetchPage(a, pagePath(PARIS_PRICES_UID))).html);

  await redis.stop();
  for (const instance of instances) await logged(instance, "unavailable");
  // Known prices come from each instance's own copy; a page never asked for before goes upstream.
  for (const instance of [a, b, a, b]) {
    const page = await fetchPage(instance, pagePath(PARIS_PRICES_UID));
    expect(page.status).toBe(200);
    expect(shownPrices(page.html)).toEqual(before);
  }
  const theatre = await fetchPage(b, pagePath(LTT_PRICES_UID));
  expect(theatre.status).toBe(200);
  expect(shownPrices(theatre.html)).toContain("collection:5101=£21.25");
  expect(shownPrices(theatre.html).filter((price) => price.endsWith("(unavailable)"))).toEqual([]);

  // An instance that starts while Redis is down starts and serves all the same.
  const late = await startInstance();
  const lateHtml = (await fetchPage(late, pagePath(PARIS_PRICES_UID))).html;
  expect(shownPrices(lateHtml)).toEqual(before);

  await redis.start();
  for (const instance of instances) await logged(instance, "is back: the cache is shared again");

  // Shared again: prices never asked for in this Redis (French) make one upstream call between the instances.
  sandbox.reset();
  const pages = await Promise.all([a, b, late, a, b, late].map((instance) => fetchPage(instance, pagePath(PARIS_PRICES_UID, "fr"))));
  for (const page of pages) expect(page.status).toBe(200);
  const calls = upstreamCalls();
  expect(Object.keys(calls).length).toBeGreaterThanOrEqual(4);
  for (const [url, count] of Object.entries(calls)) expect(count, url).toBe(1);
  for (const page of pages) expect(shownPrices(page.html)).toEqual(shownPrices(pages[0]!.html));

  for (const instance of instances) {
    // One line when Redis went away, one when it came back: reconnection attempts are not logged.
    const cacheLines = messages(instance.logs).filter((line) => line.startsWith("[cache]"));
    expect(
      cacheLines.filter((line) => line.includes(" unavailable (")),
      cacheLines.join("\n"),
    ).toHaveLength(1);
    expect(
      cacheLines.filter((line) => line.includes(" is back: ")),
      cacheLines.join("\n"),
    ).toHaveLength(1);
    expect(instance.logs.join("\n")).not.toContain(PASSWORD);
  }
  for (const page of pages) expect(page.html).not.toContain(PASSWORD);
});
