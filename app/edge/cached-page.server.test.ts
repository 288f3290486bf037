import { describe, expect, it } from "vitest";
import { bytesAsBase64 } from "~/cache/redis-store.server";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { CachedPageSchema, matchesKey, pageVariant, storableForMs, storedForm, toCachedPage } from "~/edge/cached-page.server";
import { requestAnswer } from "~/page/request-answer";

const DOCUMENT = requestAnswer(new URLSearchParams(""));
const PAGE_DATA = requestAnswer(new URLSearchParams("_data=routes%2F%24"));

const html = (headers: Record<string, string>) => new Headers({ "content-type": "text/html; charset=utf-8", ...headers });
const PUBLIC = "public, max-age=0, s-maxage=60, stale-while-revalidate=600";

describe("storableForMs", () => {
  it("keeps public HTML with s-maxage for min(s-maxage, cap)", () => {
    expect(storableForMs(DOCUMENT, 200, html({ "cache-control": PUBLIC }), 5000)).toBe(5000);
    expect(storableForMs(DOCUMENT, 200, html({ "cache-control": "public, s-maxage=2" }), 5000)).toBe(2000);
  });
  it("keeps a page's data (JSON) as it keeps the page", () => {
    const json = (headers: Record<string, string>) => new Headers({ "content-type": "application/json; charset=utf-8", ...headers });
    expect(storableForMs(PAGE_DATA, 200, json({ "cache-control": PUBLIC }), 5000)).toBe(5000);
    expect(storableForMs(PAGE_DATA, 200, json({ "cache-control": "private, max-age=0, must-revalidate" }), 5000)).toBe(0);
    expect(storableForMs(PAGE_DATA, 200, json({}), 5000)).toBe(0);
  });
  it("never keeps an answer of another kind than its key promises: JSON under a document's key, HTML under a data key", () => {
    const json = new Headers({ "content-type": "application/json; charset=utf-8", "cache-control": PUBLIC });
    expect(storableForMs(DOCUMENT, 200, json, 5000)).toBe(0);
    expect(storableForMs(PAGE_DATA, 200, html({ "cache-control": PUBLIC }), 5000)).toBe(0);
    expect(storableForMs(DOCUMENT, 200, new Headers({ "cache-control": PUBLIC }), 5000)).toBe(0);
    expect(matchesKey(DOCUMENT, 200, "text/html; charset=utf-8")).toBe(true);
    expect(matchesKey(DOCUMENT, 200, "application/json")).toBe(false);
    expect(matchesKey(DOCUMENT, 302, "text/html")).toBe(false);
    expect(matchesKey(DOCUMENT, 404, "text/html")).toBe(false);
    expect(matchesKey(PAGE_DATA, 200, "Application/JSON; charset=utf-8")).toBe(true);
    expect(matchesKey(PAGE_DATA, 500, "application/json")).toBe(false);
  });
  it("never keeps private, cookie-setting, non-200, other types' or uncapped responses", () => {
    expect(storableForMs(DOCUMENT, 200, html({ "cache-control": "private, max-age=0, must-revalidate" }), 5000)).toBe(0);
    expect(storableForMs(DOCUMENT, 200, html({ "cache-control": PUBLIC, "set-cookie": "currency=EUR" }), 5000)).toBe(0);
    expect(storableForMs(DOCUMENT, 404, html({ "cache-control": PUBLIC }), 5000)).toBe(0);
    expect(storableForMs(DOCUMENT, 200, new Headers({ "content-type": "text/plain", "cache-control": PUBLIC }), 5000)).toBe(0);
    expect(storableForMs(DOCUMENT, 200, html({ "cache-control": "public" }), 5000)).toBe(0);
    expect(storableForMs(DOCUMENT, 200, html({ "cache-control": PUBLIC }), 0)).toBe(0);
  });
});

describe("pageVariant", () => {
  const base = {
    url: new URL("http://Localhost:3000/?uid=a&lang=en"),
    currencyKey: "/",
    countryCode: "FR",
    device: { device: "desktop", decidedBy: "signals" } as const,
    answer: DOCUMENT,
  };
  const at = (url: string) => pageVariant({ ...base, url: new URL(url) });
  it("separates everything the HTML depends on", () => {
    const keys = new Set([
      pageVariant(base),
      at("http://localhost:3000/?uid=a&lang=fr"),
      at("http://localhost:3000/?uid=b&lang=en"),
      at("http://localhost:3000/?uid=a&lang=en&date=2099-01-01"),
      at("http://localhost:3000/?uid=a&lang=en&date="),
      at("http://localhost:3000/?uid=a&lang=en&date=2099-01-01&date=2099-01-02"),
      at("http://localhost:3000/fr/?uid=a&lang=en"),
      pageVariant({ ...base, currencyKey: "EUR/" }),
      pageVariant({ ...base, countryCode: "US" }),
      pageVariant({ ...base, countryCode: null }),
      pageVariant({ ...base, device: { device: "bot", decidedBy: "signals" } }),
      pageVariant({ ...base, device: { device: "mobile", decidedBy: "signals" } }),
      pageVariant({ ...base, device: { device: "desktop", decidedBy: "cdn" } }),
      at("http://www.paris-experiences.example/?uid=a&lang=en"),
    ]);
    expect(keys.size).toBe(14);
    expect(at("http://LOCALHOST:3000/?uid=a&lang=en")).toBe(pageVariant(base));
  });
  it("leaves out the query parameters the page does not read", () => {
    expect(at("http://localhost:3000/?utm_source=mail&uid=a&gclid=1&lang=en&x=1")).toBe(pageVariant(base));
    expect(at("http://localhost:3000/?uid=a&lang=en&ci=1&cm=2&fbclid=3&msclkid=4&inspect=stately")).toBe(pageVariant(base));
  });
  it("gives a Remix data request (JSON at the page's URL) a variant of its own per route, the page's parameters read as for the page", () => {
    const dataOf = (url: string, route: string, extra = {}) =>
      pageVariant({ ...base, url: new URL(url), answer: requestAnswer(new URLSearchParams({ _data: route })), ...extra });
    const data = dataOf("http://localhost:3000/?uid=a&lang=en", "routes/_index");
    expect(
      new Set([
        pageVariant(base),
        data,
        dataOf("http://localhost:3000/?uid=a&lang=en", "root"),
        dataOf("http://localhost:3000/?uid=b&lang=en", "routes/_index"),
      ]).size,
    ).toBe(4);
    expect(dataOf("http://localhost:3000/?utm_source=x&uid=a&lang=en", "routes/_index")).toBe(data);
    expect(dataOf("http://localhost:3000/?uid=a&lang=en", "routes/_index", { currencyKey: "EUR/" })).not.toBe(data);
  });
  it("never gives a data request the document's variant, whatever its `_data` holds: empty, blank or repeated", () => {
    for (const query of ["_data=", "_data", "_data=%20", "_data=&_data=routes%2F%24", "_data=&index", "index&_data="]) {
      const url = new URL(`http://localhost:3000/?uid=a&lang=en&${query}`);
      expect(pageVariant({ ...base, url, answer: requestAnswer(url.searchParams) }), query).not.toBe(pageVariant(base));
    }
  });
});

describe("a stored page", () => {
  const rendered = Buffer.from(
    `<!DOCTYPE html><html><head><style>p{color:red}</style><script>1</script></head>` +
      `<body>${"<p>Eiffel Tower – déjà vu 東京 😀</p>".repeat(400)}<script>2</script></body></html>`,
  );
  const CSP = "script-src 'sha256-abc' 'strict-dynamic'";
  const stored = toCachedPage(
    200,
    html({ "cache-control": PUBLIC, vary: "X-Currency", "content-security-policy": CSP, "server-timing": "x", "set-cookie": "a=b", "x-request-id": "r" }),
    rendered,
    "tag1",
    5000,
    0,
  );

  it("keeps the headers that belong to the page, its CSP among them, and none that belong to one response", () => {
    expect(Object.fromEntries(stored.headers)).toEqual({
      "cache-control": PUBLIC,
      "content-type": "text/html; charset=utf-8",
      "content-security-policy": CSP,
      vary: "X-Currency",
    });
  });

  it("is compressed once, when stored: gzip and Brotli each decode to the page", () => {
    expect(gunzipSync(stored.gzip).equals(rendered)).toBe(true);
    expect(brotliDecompressSync(stored.br).equals(rendered)).toBe(true);
    // Compressed for real: the repeated paragraph is a few hundred bytes, not 20 KB.
    expect(stored.gzip.length).toBeLessThan(1500);
    expect(stored.br.length).toBeLessThan(1500);
    expect(stored.bytes).toBe(rendered.length + stored.gzip.length + stored.br.length + 1024);
  });

  it("is written in the form the client takes, best first, and never in one it did not accept", () => {
    expect(storedForm(stored, "gzip, deflate, br")).toEqual({ bytes: stored.br, encoding: "br" });
    expect(storedForm(stored, "gzip, br;q=0")).toEqual({ bytes: stored.gzip, encoding: "gzip" });
    expect(storedForm(stored, undefined)).toEqual({ bytes: stored.body, encoding: null });
    expect(storedForm(stored, "identity")).toEqual({ bytes: stored.body, encoding: null });
    expect(storedForm(stored, "deflate, identity;q=0")).toBeNull();
  });

  it("survives a shared store's JSON, and anything else read back is refused", () => {
    const back = CachedPageSchema.parse(JSON.parse(JSON.stringify(stored, bytesAsBase64)));
    expect(back).toEqual(stored);
    expect(CachedPageSchema.safeParse({ ...back, body: "not base64!" }).success).toBe(false);
    expect(CachedPageSchema.safeParse({ ...back, headers: [["content-type"]] }).success).toBe(false);
    expect(CachedPageSchema.safeParse({ ...back, status: "200" }).success).toBe(false);
    expect(CachedPageSchema.safeParse({ ...back, tag: 'a"b' }).success).toBe(false);
    expect(CachedPageSchema.safeParse({ ...back, br: null }).success).toBe(false);
  });
});
