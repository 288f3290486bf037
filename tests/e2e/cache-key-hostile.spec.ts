import fc from "fast-check";
import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { startRedisServer, type RedisServer } from "../setup/redis-server";
import { startVarnish, type VarnishServer } from "../setup/varnish";
import { expect, LTT, PARIS, test, VISITOR_AGENTS } from "./fixtures";
import { startStorefront, type StorefrontServer } from "./storefront-server";

// What is stored is what the key promises (docs/decisions/050-one-reading-of-a-request.md), driven by hostile
// URLs. Two production instances share one redis-server (so a page one of them stores is the other's too), and
// Varnish with the reference VCL stands in front of the first. Random requests carry `_data` present, empty,
// blank, repeated, encoded or naming other routes, `index`, attribution keys and dates, in random orders and
// through any of the three; then each variant they touched asks for its plain document through all three, and
// must get HTML every time. The root's data, which names the visitor's country and device, is never kept.

test.describe.configure({ mode: "serial", timeout: 300_000 });

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** One request as the bytes come (no client decoding, no cookies of its own). */
function ask(origin: string, path: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const sent = httpRequest(`${origin}${path}`, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks).toString() }));
    });
    sent.on("error", reject);
    sent.end();
  });
}

/** Pages in both URL forms: the query form on the serving host, and the production form on the site's own Host. */
const PAGES = [
  { host: null, path: "/", params: [`uid=${PARIS}.day-trips`, "lang=de"] },
  { host: null, path: "/", params: [`uid=${PARIS}`, "lang=en"] },
  { host: null, path: "/", params: [`uid=${LTT}.shows.les-miserables`, "lang=fr"] },
  { host: null, path: "/", params: [`uid=${PARIS}.nope`, "lang=en"] },
  { host: PARIS, path: "/fr/", params: [] },
  { host: PARIS, path: "/de/day-trips/", params: [] },
  { host: LTT, path: "/shows/les-miserables/", params: [] },
];
/** Everything Remix or a hostile client may put in `_data`, as sent on the wire. */
const DATA_FORMS = [
  "_data=",
  "_data",
  "_data=%20",
  "_data=+",
  "_data=root",
  "_data=routes%2F%24",
  "_data=routes/$",
  "_data=routes%2F_index",
  "_data=routes%2Fnope",
  "_data=%00",
];
const EXTRAS = ["gclid=abc", "utm_source=mail", "ci=1", "date=2099-01-05", "date=", "lang=it", "_DATA=", "_data%3D="];
const COUNTRIES = ["DE", "US", ""];
const DEVICES = Object.keys(VISITOR_AGENTS) as Array<keyof typeof VISITOR_AGENTS>;

const requestArbitrary = fc.record({
  page: fc.constantFrom(...PAGES),
  // An empty or bare `_data` with `index` is the leaf's data at a site root: the forms most likely to be misread get
  // the most weight.
  data: fc.array(fc.oneof({ arbitrary: fc.constantFrom("_data=", "_data"), weight: 2 }, { arbitrary: fc.constantFrom(...DATA_FORMS), weight: 3 }), {
    maxLength: 2,
  }),
  index: fc.constantFrom([], ["index"], ["index="]),
  extras: fc.array(fc.constantFrom(...EXTRAS), { maxLength: 3 }),
  device: fc.constantFrom(...DEVICES),
  country: fc.constantFrom(...COUNTRIES),
  via: fc.integer({ min: 0, max: 2 }),
  seed: fc.nat(),
});
type Hostile = typeof requestArbitrary extends fc.Arbitrary<infer T> ? T : never;

/** The query in a shuffled order: `_data` may come first, last or between the page's own parameters. */
function query(parts: string[], seed: number, path = "/"): string {
  const shuffled = [...parts];
  let state = seed || 1;
  for (let i = shuffled.length - 1; i > 0; i -= 1) {
    state = (state * 1103515245 + 12345) % 2147483648;
    const j = state % (i + 1);
    [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
  }
  return `${path}?${shuffled.join("&")}`;
}

const headersOf = (hostile: Pick<Hostile, "device" | "country"> & { page?: Hostile["page"] }): Record<string, string> => ({
  ...(hostile.page?.host ? { host: hostile.page.host } : {}),
  "user-agent": VISITOR_AGENTS[hostile.device],
  "accept-encoding": "identity",
  ...(hostile.country ? { "cloudfront-viewer-country": hostile.country } : {}),
});

let redis: RedisServer;
let first: StorefrontServer;
let second: StorefrontServer;
let varnish: VarnishServer;

test.beforeAll(async () => {
  redis = await startRedisServer();
  // Entries live as long as a CDN keeps them, so what one request stored is still there for the checks.
  const env = { CACHE_URL: redis.url, PAGE_CACHE_TTL_MS: "60000", CACHE_TIMEOUT_MS: "5000", PRICE_BUDGET_MS: "200" };
  [first, second] = await Promise.all([startStorefront(env), startStorefront(env)]);
  varnish = await startVarnish(first.port);
});
test.afterAll(async () => {
  await varnish?.stop();
  await Promise.all([first?.stop(), second?.stop()]);
  await redis?.close();
});

/** Each run of the property gets keys of its own (a booking `date` of its own), so a failure shrinks to its own cause. */
let runs = 0;

test("after any mix of `_data` requests, every variant's plain document is HTML: from the origin, through Varnish, and on the other instance", async () => {
  const origins = () => [first.origin, varnish.origin, second.origin];
  await fc.assert(
    fc.asyncProperty(fc.array(requestArbitrary, { minLength: 1, maxLength: 6 }), async (hostiles) => {
      runs += 1;
      const own = `date=2100-${String(1 + Math.floor(runs / 28)).padStart(2, "0")}-${String(1 + (runs % 28)).padStart(2, "0")}`;
      for (const hostile of hostiles) {
        const path = query([...hostile.page.params, own, ...hostile.data, ...hostile.index, ...hostile.extras], hostile.seed, hostile.page.path);
        const answer = await ask(origins()[hostile.via]!, path, headersOf(hostile));
        // The request itself never fails on our side.
        expect(answer.status, path).toBeLessThan(500);
      }
      for (const hostile of hostiles) {
        // The plain document of the variant the request touched: the same page parameters and visitor, no `_data`.
        const plain = query([...hostile.page.params, own, ...hostile.extras.filter((extra) => !/^_data/i.test(extra))], hostile.seed, hostile.page.path);
        for (const origin of origins()) {
          const answer = await ask(origin, plain, headersOf(hostile));
          expect(answer.headers["content-type"], `${origin}${plain}`).toMatch(/^text\/html/);
          expect(answer.body.startsWith("<!DOCTYPE html>"), `${origin}${plain}`).toBe(true);
          expect([200, 404], `${origin}${plain}`).toContain(answer.status);
        }
      }
    }),
    { numRuns: 40, seed: Number(process.env.PROPERTY_SEED ?? Date.now() % 2147483647), verbose: true },
  );
});

test("the root's data (it names the visitor's country and device) is private, and no shared cache keeps it for the next visitor", async () => {
  const path = `/?uid=${PARIS}&lang=en&_data=root`;
  for (const origin of [first.origin, varnish.origin, second.origin]) {
    const german = await ask(origin, path, headersOf({ device: "desktop", country: "DE" }));
    expect(german.headers["cache-control"]).toBe("private, no-store");
    expect(german.body).toContain('"countryCode":"DE"');
    const american = await ask(origin, path, headersOf({ device: "bot", country: "US" }));
    expect(american.body).not.toContain('"countryCode":"DE"');
    // Through Varnish: passed, never a hit (a hit names two transactions in X-Varnish).
    expect(String(american.headers["x-varnish"] ?? "").split(" ").length).toBeLessThan(2);
  }
});

test("a page's own data is still kept as its page is: a second ask through Varnish is a hit, with the page's Vary", async () => {
  const path = `/?uid=${PARIS}&lang=en&date=2099-02-03&_data=routes%2F_index`;
  const headers = headersOf({ device: "phone", country: "DE" });
  const firstAsk = await ask(varnish.origin, path, headers);
  expect(firstAsk.headers["content-type"]).toMatch(/^application\/json/);
  expect(firstAsk.headers["cache-control"]).toMatch(/public/);
  const again = await ask(varnish.origin, path, headers);
  expect(String(again.headers["x-varnish"]).split(" ")).toHaveLength(2);
  expect(again.body).toBe(firstAsk.body);
});
