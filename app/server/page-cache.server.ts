import { z } from "zod";
import type { RequestDevice } from "~/page/device.server";
import { pageQuery } from "~/page/page-query";

// An in-process micro-cache of rendered pages (the same idea as a CDN's full-page cache or nginx
// micro-caching): rendering a page costs ~4× a bare document, and the same page is asked for many times
// a second at peak. Only responses that a shared cache may keep are stored (200, `public` with
// s-maxage, no Set-Cookie), for at most PAGE_CACHE_TTL_MS and never longer than their s-maxage.
//
// The key holds everything the HTML depends on: host, path and the query parameters the page reads
// (page-query.ts; utm_* and click ids share one entry), the currency key, the visitor's country
// (consent defaults), and the device (bot, mobile or desktop; device.server.ts) with what decided it:
// X-Device or the server's own reading of User-Agent and client hints. The two give different Vary
// headers, and a stored page is served with its render's Vary, so one class never answers for the other
// (decision 020). Each response gets its own CSP nonce: a page is
// stored cut where its render put the nonce and served joined with a fresh one. The cuts come from the
// render's own nonce, 128 random bits made after the request arrived, so no visitor text (not even a
// former placeholder such as __PAGE_CACHE_NONCE__) can become a place where the live nonce is written.
// Pages live in a cache store (app/cache): this process's LRU, bounded by PAGE_CACHE_MAX_MB, or with
// CACHE_URL the Redis every instance shares, so a page one instance rendered is served by all.

export interface CachedPage {
  status: number;
  headers: Array<[string, string]>;
  /**
   * The HTML as UTF-8 bytes, without its render's nonce; the nonce goes back at each of `cuts` (byte
   * offsets). Bytes, not a string: they live outside V8's heap, which sizes itself from what it holds,
   * so a full cache of strings made the heap (and RSS) grow by several times the cache (decision 020).
   */
  body: Buffer;
  cuts: number[];
  expiresAt: number;
  bytes: number;
}

/** What a page read back from a shared store must look like (anything else is a miss); its bytes travel as base64. */
export const CachedPageSchema: z.ZodType<CachedPage> = z.object({
  status: z.number().int().min(100).max(599),
  headers: z.array(z.tuple([z.string(), z.string()])),
  body: z.union([z.instanceof(Buffer), z.base64().transform((text) => Buffer.from(text, "base64"))]),
  cuts: z.array(z.number().int().min(0)),
  expiresAt: z.number(),
  bytes: z.number().min(0),
});

export interface PageCacheKeyInput {
  /** The request URL as the render sees it (host from the Host header). */
  url: URL;
  currencyKey: string;
  countryCode: string | null;
  /** The device and what decided it (X-Device, or the request's signals): both shape Vary. */
  device: RequestDevice;
}

/** The entry a request reads and fills; null for a Remix data request (`_data`), JSON at the page's URL. */
export function pageCacheKey(input: PageCacheKeyInput): string | null {
  if (input.url.searchParams.has("_data")) return null;
  const page = `${input.url.host}${input.url.pathname}?${pageQuery(input.url.searchParams).toString()}`;
  return [page, input.currencyKey, input.countryCode ?? "", input.device.device, input.device.decidedBy].join("|");
}

/** How long a response may be kept: min(s-maxage, cap), or 0 when it must not be stored. */
export function storableForMs(status: number, headers: Headers, capMs: number): number {
  if (status !== 200 || capMs <= 0 || headers.has("set-cookie")) return 0;
  if (!(headers.get("content-type") ?? "").startsWith("text/html")) return 0;
  const cacheControl = (headers.get("cache-control") ?? "").toLowerCase();
  if (!/\bpublic\b/.test(cacheControl) || /\b(private|no-store|no-cache)\b/.test(cacheControl)) return 0;
  const sMaxAge = Number(/s-maxage=(\d+)/.exec(cacheControl)?.[1] ?? 0);
  return Math.min(sMaxAge * 1000, capMs);
}

/** What an entry costs besides its bytes: the object, its headers and its key, in the store's map. */
const ENTRY_OVERHEAD_BYTES = 1024;

/** The stored form of a rendered page: cut where its render's nonce was. */
export function toCachedPage(status: number, headers: Headers, html: string, nonce: string, ttlMs: number, now: number): CachedPage {
  const kept: Array<[string, string]> = [];
  for (const [name, value] of headers) {
    if (name === "content-type" || name === "cache-control" || name === "vary") kept.push([name, value]);
  }
  const parts = (nonce ? html.split(nonce) : [html]).map((part) => Buffer.from(part, "utf8"));
  const cuts: number[] = [];
  let offset = 0;
  for (const part of parts.slice(0, -1)) cuts.push((offset += part.length));
  const body = Buffer.concat(parts);
  return { status, headers: kept, body, cuts, expiresAt: now + ttlMs, bytes: body.length + ENTRY_OVERHEAD_BYTES };
}

/** The page to send for this request, with this response's nonce where the render put its own. */
export function withNonce(page: CachedPage, nonce: string): Buffer {
  if (!page.cuts.length) return page.body;
  const nonceBytes = Buffer.from(nonce, "utf8");
  const pieces: Buffer[] = [];
  let from = 0;
  for (const cut of page.cuts) {
    pieces.push(page.body.subarray(from, cut), nonceBytes);
    from = cut;
  }
  pieces.push(page.body.subarray(from));
  return Buffer.concat(pieces);
}
