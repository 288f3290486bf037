import { expect, test, type APIRequestContext, type APIResponse } from "@playwright/test";
import { PARIS } from "./fixtures";

// The contract with a CDN in front of the fleet (docs/cdn-contract.md), over HTTP against the production
// build and its page micro-cache: whatever changes the HTML is named by Vary (or by a header the CDN
// computes), a cached copy is the same bytes and headers as the render it came from, and visitors see no
// upstream detail. tests/e2e/shared-cache-varnish.spec.ts checks the same contract through a real shared cache.
// HTTP only, so no browser starts.

const TIMING_KEY = process.env.E2E_SERVER_TIMING_KEY ?? "e2e-server-timing-key-5d1e8b2a";
const DESKTOP = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36";
const IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const COUNTRY = "cloudfront-viewer-country";

const PAGE = `/?uid=${PARIS}&lang=en`;
const NOT_FOUND = `/?uid=${PARIS}.missing&lang=en`;
const DIRECTORY = "/_directory";
const TRACKING_PLAN = "/tracking";

async function get(request: APIRequestContext, url: string, headers: Record<string, string> = {}): Promise<{ response: APIResponse; body: string }> {
  const response = await request.get(url, { headers: { "user-agent": DESKTOP, ...headers }, failOnStatusCode: false, maxRedirects: 0 });
  return { response, body: await response.text() };
}

const varyOf = (response: APIResponse) => (response.headers().vary ?? "").split(",").map((name) => name.trim().toLowerCase());
const isPrivate = (response: APIResponse) => /\b(private|no-store)\b/.test(response.headers()["cache-control"] ?? "");
/** A shared cache may hand this response to a request that differs in `header` only if Vary names it. */
const covers = (response: APIResponse, header: string) => isPrivate(response) || varyOf(response).includes(header);

interface Input {
  input: string;
  header: string;
  base?: string;
  variant: string;
  /** What the rest of both requests carries, e.g. the CDN's device header. */
  alongside?: Record<string, string>;
  /** The header Vary must name: the input itself, or the normalised header the CDN computes from it. */
  coveredBy?: string;
  changesPage: boolean;
}

const INPUTS: Input[] = [
  { input: "a bot's user agent", header: "user-agent", base: DESKTOP, variant: GOOGLEBOT, changesPage: true },
  { input: "a phone's user agent", header: "user-agent", base: DESKTOP, variant: IPHONE, changesPage: true },
  { input: "the mobile client hint", header: "sec-ch-ua-mobile", variant: "?1", changesPage: true },
  { input: "the viewport width client hint", header: "sec-ch-viewport-width", variant: "390", changesPage: true },
  { input: "the CDN's currency header", header: "x-currency", variant: "GBP", changesPage: true },
  { input: "the currency cookie (the CDN copies it into X-Currency)", header: "cookie", variant: "currency=GBP", coveredBy: "x-currency", changesPage: true },
  { input: "the country header", header: COUNTRY, base: "US", variant: "FR", changesPage: true },
  // Read in the browser (the head script hides the consent banner), so one copy serves both (decision 017).
  { input: "a stored consent choice", header: "cookie", variant: "consent-state=ad_storage%3Adenied", alongside: { [COUNTRY]: "DE" }, changesPage: false },
  { input: "the CDN's device header: mobile", header: "x-device", base: "desktop", variant: "mobile", changesPage: true },
  { input: "the CDN's device header: bot", header: "x-device", base: "desktop", variant: "bot", changesPage: true },
  // Behind a CDN that computes the device, the raw signals no longer decide the copy.
  {
    input: "a bot's user agent with the device header",
    header: "user-agent",
    base: DESKTOP,
    variant: GOOGLEBOT,
    alongside: { "x-device": "desktop" },
    changesPage: false,
  },
  {
    input: "a phone's user agent with the device header",
    header: "user-agent",
    base: DESKTOP,
    variant: IPHONE,
    alongside: { "x-device": "desktop" },
    changesPage: false,
  },
  {
    input: "the mobile client hint with the device header",
    header: "sec-ch-ua-mobile",
    variant: "?1",
    alongside: { "x-device": "desktop" },
    changesPage: false,
  },
];

async function comparePair(request: APIRequestContext, url: string, row: Input) {
  const baseHeaders = { ...row.alongside, ...(row.base === undefined ? {} : { [row.header]: row.base }) };
  const a = await get(request, url, baseHeaders);
  const b = await get(request, url, { ...baseHeaders, [row.header]: row.variant });
  const differs = a.body !== b.body;
  const coveredBy = row.coveredBy ?? row.header;
  return { differs, covered: covers(a.response, coveredBy) && covers(b.response, coveredBy), vary: [a.response.headers().vary, b.response.headers().vary] };
}

test.describe("Vary names everything that changes the HTML", () => {
  test("on a page: each input changes the HTML as expected, and only with Vary covering it", async ({ request }) => {
    await get(request, PAGE); // warm the price cache, so no copy below is rendered without prices
    for (const row of INPUTS) {
      const { differs, covered, vary } = await comparePair(request, PAGE, row);
      expect.soft(differs, `${row.input} changes the page`).toBe(row.changesPage);
      if (differs) expect.soft(covered, `${row.input} changes the page; Vary: ${vary.join(" / ")}`).toBe(true);
    }
  });

  test("on a 404 with the site's shell, the directory and the tracking plan: HTML changes only with Vary covering it", async ({ request }) => {
    for (const url of [NOT_FOUND, DIRECTORY, TRACKING_PLAN]) {
      for (const row of INPUTS) {
        const { differs, covered, vary } = await comparePair(request, url, row);
        if (differs) expect.soft(covered, `${url}: ${row.input} changes the HTML; Vary: ${vary.join(" / ")}`).toBe(true);
      }
    }
  });

  test("the server asks for the client hint it reads", async ({ request }) => {
    const { response } = await get(request, PAGE);
    const accepted = (response.headers()["accept-ch"] ?? "").split(",").map((name) => name.trim().toLowerCase());
    expect(accepted).toContain("sec-ch-ua-mobile");
  });
});

test.describe("one page, one body", () => {
  const PAGE_HEADERS = ["content-security-policy", "etag", "cache-control", "vary", "content-type"] as const;

  test("a render and the copies the page cache serves after it are the same bytes under the same headers, with the visitor's text as written", async ({
    request,
  }) => {
    const url = `${PAGE}&date=2099-01-01&x=__PAGE_CACHE_NONCE__`;
    // The first response may be rendered, the next two come from the micro-cache (5 s).
    const responses = [await get(request, url), await get(request, url), await get(request, url)];
    for (const { response, body } of responses) {
      expect(body).toBe(responses[0]!.body);
      for (const name of PAGE_HEADERS) expect(response.headers()[name], name).toBe(responses[0]!.response.headers()[name]);
    }
    expect(responses[0]!.response.headers()["content-security-policy"]).toContain("'sha256-");
    expect(responses[0]!.response.headers().etag).toMatch(/^"[\w-]{22}(-br|-gzip)?"$/);
  });

  test("If-None-Match with the page's ETag gets a 304, from a render and from the cache; another tag gets the page", async ({ request }) => {
    // The operator asks first: its requests read the cache but never fill it, so both are rendered. A
    // visitor's first request fills the cache and its second is a hit.
    for (const operator of [true, false]) {
      const headers: Record<string, string> = operator ? { "x-server-timing-key": TIMING_KEY } : {};
      const url = `${PAGE}&date=2099-01-02`;
      const first = await get(request, url, headers);
      const etag = first.response.headers().etag!;
      const again = await get(request, url, { ...headers, "if-none-match": etag });
      expect(again.response.status(), `${operator ? "rendered" : "cached"}: 304`).toBe(304);
      expect(again.body).toBe("");
      expect(again.response.headers().etag).toBe(etag);
      expect(again.response.headers()["cache-control"]).toBe(first.response.headers()["cache-control"]);
      if (operator) expect(again.response.headers()["server-timing"]).toContain('page-cache;desc="miss"');
      const other = await get(request, url, { ...headers, "if-none-match": '"not-this-page"' });
      expect(other.response.status()).toBe(200);
      expect(other.body).toBe(first.body);
    }
  });

  test("each variant has its own ETag, and a 404 page is never a 304", async ({ request }) => {
    const tags = new Set<string>();
    for (const headers of [{}, { "user-agent": IPHONE }, { "user-agent": GOOGLEBOT }, { [COUNTRY]: "DE" }, { "x-currency": "EUR" }] as Array<
      Record<string, string>
    >) {
      tags.add((await get(request, PAGE, headers)).response.headers().etag!);
    }
    expect(tags.size).toBe(5);
    const missing = await get(request, NOT_FOUND);
    expect(missing.response.status()).toBe(404);
    expect((await get(request, NOT_FOUND, { "if-none-match": missing.response.headers().etag ?? "*" })).response.status()).toBe(404);
  });
});

test.describe("what visitors see", () => {
  test("Server-Timing shows visitors a total only; the operator key shows upstream calls and the page cache", async ({ request }) => {
    for (const headers of [{}, { "x-server-timing-key": "not-the-key-0000000000" }] as Array<Record<string, string>>) {
      const { response } = await get(request, PAGE, headers);
      expect(response.headers()["server-timing"]).toMatch(/^total;dur=\d+(\.\d+)?$/);
    }
    // A date no other test asks for, so the page is rendered for this request.
    const fresh = `${PAGE}&date=2099-${String(1 + (Date.now() % 12)).padStart(2, "0")}-${String(1 + (Date.now() % 28)).padStart(2, "0")}`;
    const { response } = await get(request, fresh, { "x-server-timing-key": TIMING_KEY });
    const timing = response.headers()["server-timing"] ?? "";
    expect(timing).toMatch(/prices;desc="[^"]+";dur=/);
    expect(timing).toContain('page-cache;desc="miss"');
    expect(timing).toMatch(/total;dur=/);
    // Detail is for the operator's request alone: no shared cache may keep it.
    expect(response.headers()["cache-control"]).toMatch(/private/);
    expect(response.headers()["cache-control"]).toMatch(/no-store/);
  });

  test("query parameters the page does not read share one page-cache entry and leave the HTML alone", async ({ request }) => {
    // A booking date no other test asks for, so the first request below is rendered, not served from the cache.
    const page = `${PAGE}&date=2098-${String(1 + (Date.now() % 12)).padStart(2, "0")}-15`;
    const campaign = await get(request, `${page}&utm_source=newsletter-7f3&gclid=Cj0-click-7f3&x=visitor-only-7f3`);
    for (const visitorOnly of ["newsletter-7f3", "Cj0-click-7f3", "visitor-only-7f3"])
      expect(campaign.body.includes(visitorOnly), `the HTML holds ${visitorOnly}`).toBe(false);
    const operator = await get(request, `${page}&utm_source=other&fbclid=xyz`, { "x-server-timing-key": TIMING_KEY });
    expect(operator.response.headers()["server-timing"]).toContain('page-cache;desc="hit"');
    const plain = await get(request, page);
    expect(plain.body).toBe(campaign.body);
  });

  test("a Remix data request at a cached page's URL still gets its JSON", async ({ request }) => {
    await get(request, `${PAGE}&utm_source=warm`);
    const data = await get(request, `${PAGE}&_data=routes%2F_index`);
    expect(data.response.headers()["content-type"]).toContain("application/json");
    expect(JSON.parse(data.body)).toMatchObject({ kind: "page" });
  });

  test("the parameters the page reads still make their own copies", async ({ request }) => {
    const plain = await get(request, PAGE);
    const dated = await get(request, `${PAGE}&date=2099-06-01`);
    const french = await get(request, `/?uid=${PARIS}&lang=fr`);
    expect(dated.body).not.toBe(plain.body);
    expect(dated.body).toContain("2099-06-01");
    expect(french.body).not.toBe(plain.body);
  });
});
