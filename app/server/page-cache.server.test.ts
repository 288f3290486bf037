import { describe, expect, it } from "vitest";
import { bytesAsBase64 } from "~/cache/redis-store.server";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import {
  CachedPageSchema,
  compressPage,
  pageBody,
  pageCacheKey,
  pageEncodings,
  pageStorer,
  storableForMs,
  toCachedPage,
  type CachedPage,
} from "./page-cache.server";

/** The page as an identity response with this nonce. */
const bodyOf = (served: { chunks: Buffer[] }) => Buffer.concat(served.chunks);
const withNonce = (page: CachedPage, nonce: string) => bodyOf(pageBody(page, nonce, false));

const html = (headers: Record<string, string>) => new Headers({ "content-type": "text/html; charset=utf-8", ...headers });
const PUBLIC = "public, max-age=0, s-maxage=60, stale-while-revalidate=600";

describe("storableForMs", () => {
  it("keeps public HTML with s-maxage for min(s-maxage, cap)", () => {
    expect(storableForMs(200, html({ "cache-control": PUBLIC }), 5000)).toBe(5000);
    expect(storableForMs(200, html({ "cache-control": "public, s-maxage=2" }), 5000)).toBe(2000);
  });
  it("never keeps private, cookie-setting, non-200, non-HTML or uncapped responses", () => {
    expect(storableForMs(200, html({ "cache-control": "private, max-age=0, must-revalidate" }), 5000)).toBe(0);
    expect(storableForMs(200, html({ "cache-control": PUBLIC, "set-cookie": "currency=EUR" }), 5000)).toBe(0);
    expect(storableForMs(404, html({ "cache-control": PUBLIC }), 5000)).toBe(0);
    expect(storableForMs(200, new Headers({ "content-type": "application/json", "cache-control": PUBLIC }), 5000)).toBe(0);
    expect(storableForMs(200, html({ "cache-control": "public" }), 5000)).toBe(0);
    expect(storableForMs(200, html({ "cache-control": PUBLIC }), 0)).toBe(0);
  });
});

describe("pageCacheKey", () => {
  const base = {
    url: new URL("http://Localhost:3000/?uid=a&lang=en"),
    currencyKey: "/",
    countryCode: "FR",
    device: { device: "desktop", decidedBy: "signals" } as const,
  };
  const at = (url: string) => pageCacheKey({ ...base, url: new URL(url) });
  it("separates everything the HTML depends on", () => {
    const keys = new Set([
      pageCacheKey(base),
      at("http://localhost:3000/?uid=a&lang=fr"),
      at("http://localhost:3000/?uid=b&lang=en"),
      at("http://localhost:3000/?uid=a&lang=en&date=2099-01-01"),
      at("http://localhost:3000/?uid=a&lang=en&date="),
      at("http://localhost:3000/?uid=a&lang=en&date=2099-01-01&date=2099-01-02"),
      at("http://localhost:3000/fr/?uid=a&lang=en"),
      pageCacheKey({ ...base, currencyKey: "EUR/" }),
      pageCacheKey({ ...base, countryCode: "US" }),
      pageCacheKey({ ...base, countryCode: null }),
      pageCacheKey({ ...base, device: { device: "bot", decidedBy: "signals" } }),
      pageCacheKey({ ...base, device: { device: "mobile", decidedBy: "signals" } }),
      pageCacheKey({ ...base, device: { device: "desktop", decidedBy: "cdn" } }),
      at("http://www.paris-experiences.example/?uid=a&lang=en"),
    ]);
    expect(keys.size).toBe(14);
    expect(at("http://LOCALHOST:3000/?uid=a&lang=en")).toBe(pageCacheKey(base));
  });
  it("leaves out the query parameters the page does not read", () => {
    expect(at("http://localhost:3000/?utm_source=mail&uid=a&gclid=1&lang=en&x=__PAGE_CACHE_NONCE__")).toBe(pageCacheKey(base));
    expect(at("http://localhost:3000/?uid=a&lang=en&ci=1&cm=2&fbclid=3&msclkid=4&inspect=stately")).toBe(pageCacheKey(base));
  });
  it("has no key for Remix data requests, which answer JSON at the same URL", () => {
    expect(at("http://localhost:3000/?uid=a&lang=en&_data=routes%2F_index")).toBeNull();
  });
});

describe("CachedPageSchema", () => {
  it("reads back what toCachedPage stores, and refuses anything else", async () => {
    const stored = toCachedPage(200, html({ "cache-control": PUBLIC }), `<p nonce="N1">a</p>`, "N1", 5000, 0);
    expect(CachedPageSchema.parse(JSON.parse(JSON.stringify(stored, bytesAsBase64)))).toEqual(stored);
    expect(CachedPageSchema.safeParse({ ...stored, body: "not base64!" }).success).toBe(false);
    expect(CachedPageSchema.safeParse({ ...stored, headers: [["content-type"]] }).success).toBe(false);
    expect(CachedPageSchema.safeParse({ ...stored, status: "200" }).success).toBe(false);
    expect(CachedPageSchema.safeParse({ ...stored, gzip: { ...stored.gzip, crcs: [] } }).success).toBe(false);
    expect(CachedPageSchema.safeParse({ ...stored, br: [] }).success).toBe(false);
  });
});

describe("nonces", () => {
  it("a stored page carries no nonce and each served copy gets the new one", async () => {
    const stored = toCachedPage(
      200,
      html({ "cache-control": PUBLIC, "server-timing": "x", "set-cookie": "a=b" }),
      `<script nonce="N1">a</script><style nonce="N1"></style>`,
      "N1",
      5000,
      0,
    );
    expect(stored.body.toString()).not.toContain("N1");
    expect(stored.headers.map(([name]) => name).sort()).toEqual(["cache-control", "content-type"]);
    expect(withNonce(stored, "N2").toString()).toBe(`<script nonce="N2">a</script><style nonce="N2"></style>`);
  });

  it("text of several bytes a character before and between the nonces comes back whole", async () => {
    const rendered = `<p>€ “déjà” 東京</p><script nonce="N1">a</script><p>😀</p><style nonce="N1"></style>—`;
    const stored = toCachedPage(200, html({ "cache-control": PUBLIC }), rendered, "N1", 5000, 0);
    expect(withNonce(stored, "N2").toString()).toBe(rendered.replaceAll("N1", "N2"));
    expect(stored.bytes).toBeGreaterThanOrEqual(Buffer.byteLength(rendered) - 4);
  });

  it("a visitor's text that looks like a placeholder comes back as written", async () => {
    const rendered = `<script nonce="N1">a</script><input value="/?x=__PAGE_CACHE_NONCE__"/><p>__PAGE_CACHE_NONCE__ {nonce}</p>`;
    const stored = toCachedPage(200, html({ "cache-control": PUBLIC }), rendered, "N1", 5000, 0);
    expect(withNonce(stored, "N2").toString()).toBe(rendered.replace(`nonce="N1"`, `nonce="N2"`));
    expect(withNonce(stored, "N3").toString()).toBe(rendered.replace(`nonce="N1"`, `nonce="N3"`));
  });

  it("a page rendered without a nonce is served as it was", async () => {
    const stored = toCachedPage(200, html({ "cache-control": PUBLIC }), "<p>__PAGE_CACHE_NONCE__</p>", "", 5000, 0);
    expect(withNonce(stored, "N2").toString()).toBe("<p>__PAGE_CACHE_NONCE__</p>");
  });

  it("a page rendered without a nonce is also served compressed", async () => {
    const stored = await compressPage(toCachedPage(200, html({ "cache-control": PUBLIC }), "<p>plain</p>", "", 5000, 0));
    expect(pageEncodings(stored)).toEqual(["br", "gzip"]);
    expect(gunzipSync(bodyOf(pageBody(stored, "N2", "gzip"))).toString()).toBe("<p>plain</p>");
    expect(brotliDecompressSync(bodyOf(pageBody(stored, "N2", "br"))).toString()).toBe("<p>plain</p>");
  });
});

describe("compressed cache hits", () => {
  const rendered = (nonce: string) =>
    `<!DOCTYPE html><html><head><style nonce="${nonce}">p{color:red}</style><script nonce="${nonce}">1</script></head>` +
    `<body>${"<p>Eiffel Tower – déjà vu 東京 😀</p>".repeat(400)}<script nonce="${nonce}">2</script></body></html>`;
  const RENDER_NONCE = "bW9ja19ub25jZV8xMjM0NQ==";

  it("gzip and Brotli each decode to the page with the response's own nonce", async () => {
    const stored = await compressPage(toCachedPage(200, html({ "cache-control": PUBLIC }), rendered(RENDER_NONCE), RENDER_NONCE, 5000, 0));
    expect(pageEncodings(stored)).toEqual(["br", "gzip"]);
    for (const nonce of ["c2Vjb25kX25vbmNlX2FiY2Q=", "dGhpcmRfbm9uY2VfZWZnaA=="]) {
      const gzip = pageBody(stored, nonce, "gzip");
      const br = pageBody(stored, nonce, "br");
      expect([gzip.encoding, br.encoding]).toEqual(["gzip", "br"]);
      expect(gunzipSync(bodyOf(gzip)).toString()).toBe(rendered(nonce));
      expect(brotliDecompressSync(bodyOf(br)).toString()).toBe(rendered(nonce));
      // Compressed for real: the repeated paragraph is a few hundred bytes, not 20 KB.
      expect(gzip.length).toBe(bodyOf(gzip).length);
      expect(gzip.length).toBeLessThan(1500);
      expect(br.length).toBeLessThan(1500);
    }
  });

  it("a nonce of another length gets the page uncompressed rather than a broken stream", async () => {
    const stored = await compressPage(toCachedPage(200, html({ "cache-control": PUBLIC }), rendered(RENDER_NONCE), RENDER_NONCE, 5000, 0));
    const served = pageBody(stored, "short", "br");
    expect(served.encoding).toBeNull();
    expect(bodyOf(served).toString()).toBe(rendered("short"));
  });

  it("an encoding the client did not accept is never sent", async () => {
    const stored = await compressPage(toCachedPage(200, html({ "cache-control": PUBLIC }), rendered(RENDER_NONCE), RENDER_NONCE, 5000, 0));
    expect(pageBody(stored, RENDER_NONCE, false).encoding).toBeNull();
    expect(pageBody(stored, RENDER_NONCE, "identity").encoding).toBeNull();
  });

  it("counts the compressed forms in the entry's bytes", async () => {
    const stored = await compressPage(toCachedPage(200, html({ "cache-control": PUBLIC }), rendered(RENDER_NONCE), RENDER_NONCE, 5000, 0));
    const compressed = [...stored.gzip!.parts, ...stored.br!].reduce((sum, part) => sum + part.length, 0);
    expect(stored.bytes).toBe(stored.body.length + compressed + 1024);
  });

  it("survives a shared store's JSON with its compressed forms", async () => {
    const stored = await compressPage(toCachedPage(200, html({ "cache-control": PUBLIC }), rendered(RENDER_NONCE), RENDER_NONCE, 5000, 0));
    const back = CachedPageSchema.parse(JSON.parse(JSON.stringify(stored, bytesAsBase64)));
    expect(brotliDecompressSync(bodyOf(pageBody(back, "c2Vjb25kX25vbmNlX2FiY2Q=", "br"))).toString()).toBe(rendered("c2Vjb25kX25vbmNlX2FiY2Q="));
  });
});

describe("pageStorer", () => {
  const page = (n: number) => `<script nonce="N1">${n}</script>${"<p>Versailles</p>".repeat(50)}`;
  const storedPages = () => {
    const sets: Array<[string, CachedPage]> = [];
    return { sets, store: pageStorer((key, stored) => (sets.push([key, stored]), Promise.resolve())) };
  };

  it("keeps a page at once, uncompressed, then again with both compressed forms", async () => {
    const { sets, store } = storedPages();
    const compressed = store("a", 200, html({ "cache-control": PUBLIC }), page(1), "N1", 5000, Date.now());
    expect(sets.map(([key, stored]) => [key, pageEncodings(stored)])).toEqual([["a", []]]);
    await compressed;
    expect(sets.map(([key, stored]) => [key, pageEncodings(stored)])).toEqual([
      ["a", []],
      ["a", ["br", "gzip"]],
    ]);
  });

  it("compresses one page once for concurrent misses, and at most four pages at a time", async () => {
    const { sets, store } = storedPages();
    await Promise.all(["a", "a", "b", "c", "d", "e"].map((key) => store(key, 200, html({ "cache-control": PUBLIC }), page(1), "N1", 5000, Date.now())));
    const compressed = sets.filter(([, stored]) => stored.gzip !== null).map(([key]) => key);
    expect(compressed.sort()).toEqual(["a", "b", "c", "d"]);
    expect(sets.filter(([, stored]) => stored.gzip === null)).toHaveLength(6);
  });
});
