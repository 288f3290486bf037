import { get, type IncomingHttpHeaders } from "node:http";
import { brotliDecompressSync, gunzipSync, inflateSync } from "node:zlib";
import { watchViolations } from "./csp";
import { E2E_PORT, expect, PARIS, test, VISITOR_AGENTS } from "./fixtures";

// A cached page is stored once, compressed once (gzip and Brotli), and a hit writes those bytes under the
// headers it was rendered with (docs/decisions/042-hashes-not-nonces.md). These read the bytes on the wire,
// decode them with Node's own decoders, and let a browser run a page served from a hit.

const TIMING_KEY = process.env.E2E_SERVER_TIMING_KEY ?? "e2e-server-timing-key-5d1e8b2a";
const DESKTOP_UA = VISITOR_AGENTS.desktop;
const PAGE = `/?uid=${PARIS}.eiffel-tower&lang=en`;
const cacheIn = (headers: IncomingHttpHeaders) => /page-cache;desc="(\w+)"/.exec(String(headers["server-timing"] ?? ""))?.[1];

/** One GET as the bytes arrive (no client decoding); an operator's (with Server-Timing) reads the cache but never fills it. */
function rawGet(acceptEncoding: string, operator = true, path = PAGE): Promise<{ headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const headers = {
      "accept-encoding": acceptEncoding,
      "cloudfront-viewer-country": "US",
      "user-agent": DESKTOP_UA,
      ...(operator ? { "x-server-timing-key": TIMING_KEY } : {}),
    };
    get({ host: "localhost", port: E2E_PORT, path, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
    }).on("error", reject);
  });
}

/** A page-cache hit sent in `encoding`: a visitor's request fills the cache, the operator's then reads it. */
async function hit(encoding: "br" | "gzip" | "identity", acceptEncoding: string = encoding) {
  await rawGet(acceptEncoding, false);
  const response = await rawGet(acceptEncoding);
  expect(cacheIn(response.headers)).toBe("hit");
  expect(response.headers["content-encoding"] ?? "identity").toBe(encoding);
  return response;
}

test.describe("rendered pages (misses)", () => {
  // An operator's request never fills the cache, so each of these is rendered (decision 036).
  const RENDERED = `${PAGE}&date=2099-03-14`;

  test("are compressed whole as the client accepts: Brotli first, gzip when br is refused, as they are without Accept-Encoding, deflate by the compression step", async () => {
    const identity = await rawGet("", true, RENDERED);
    expect(cacheIn(identity.headers)).toBe("miss");
    expect(identity.headers["content-encoding"]).toBeUndefined();
    const plain = identity.body.toString();
    expect(plain.startsWith("<!DOCTYPE html><html")).toBe(true);
    for (const [encoding, acceptEncoding, decode] of [
      ["br", "gzip, deflate, br, zstd", brotliDecompressSync],
      ["gzip", "gzip, deflate, br;q=0", gunzipSync],
      ["deflate", "deflate", inflateSync],
    ] as const) {
      const response = await rawGet(acceptEncoding, true, RENDERED);
      expect(cacheIn(response.headers)).toBe("miss");
      expect(response.headers["content-encoding"]).toBe(encoding);
      expect(response.headers["vary"]).toContain("Accept-Encoding");
      expect(response.body.length, "sent compressed").toBeLessThan(Buffer.byteLength(plain) / 3);
      expect(decode(response.body).toString()).toBe(plain);
      expect(response.headers["content-security-policy"]).toBe(identity.headers["content-security-policy"]);
    }
  });
});

test.describe("compressed page-cache hits", () => {
  test("Brotli (preferred) and gzip (when br is refused) hits decode to the page, under the same CSP, each with its own ETag", async () => {
    const identity = await hit("identity");
    const plain = identity.body.toString();
    const tags = new Set([identity.headers.etag]);
    for (const [encoding, acceptEncoding, decode] of [
      ["br", "gzip, deflate, br, zstd", brotliDecompressSync],
      ["gzip", "gzip, deflate, br;q=0", gunzipSync],
    ] as const) {
      const response = await hit(encoding, acceptEncoding);
      expect(response.headers["vary"]).toContain("Accept-Encoding");
      expect(response.body.length, "sent compressed").toBeLessThan(Buffer.byteLength(plain) / 3);
      expect(decode(response.body).toString()).toBe(plain);
      expect(response.headers["content-length"]).toBe(String(response.body.length));
      expect(response.headers["content-security-policy"]).toBe(identity.headers["content-security-policy"]);
      tags.add(response.headers.etag);
    }
    expect(tags.size, "each encoding is its own representation").toBe(3);
  });

  test.describe("in a browser", () => {
    test.use({ userAgent: DESKTOP_UA });
    test("a page served from a Brotli hit runs: its scripts pass that response's CSP and it hydrates", async ({ page }) => {
      const violations = await watchViolations(page);
      await page.setExtraHTTPHeaders({ "cloudfront-viewer-country": "US", "x-server-timing-key": TIMING_KEY });
      // A visitor's request (as the browser sends it) fills the cache; the operator's reads it.
      await rawGet("gzip, deflate, br, zstd", false);
      const response = await page.goto(PAGE);
      const headers = (await response?.allHeaders()) ?? {};
      expect({ encoding: headers["content-encoding"], cache: /page-cache;desc="(\w+)"/.exec(headers["server-timing"] ?? "")?.[1] }).toEqual({
        encoding: "br",
        cache: "hit",
      });
      await expect(page.locator("h1")).toBeVisible();
      await page.waitForFunction(() =>
        (window as unknown as { dataLayer?: Array<{ event?: string }> }).dataLayer?.some((entry) => entry.event === "page_viewed"),
      );
      expect(violations).toEqual([]);
    });
  });
});
