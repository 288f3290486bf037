import { z } from "zod";
import { compressSegments, joinBrotli, joinGzip, type GzipForm } from "~/server/compressed-page.server";
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
// A stored page is also compressed once, gzip and Brotli, and a hit joins the compressed pieces with
// its nonce (compressed-page.server.ts, decision 028).

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
  /** The render's nonce length: the compressed forms take a nonce of exactly this length. */
  nonceLength: number;
  gzip: GzipForm | null;
  /** The Brotli stream's pieces between the nonces. */
  br: Buffer[] | null;
  expiresAt: number;
  bytes: number;
}

/** Bytes, or their base64 when they come back from a shared store's JSON. */
const BytesSchema = z.union([z.instanceof(Buffer), z.base64().transform((text) => Buffer.from(text, "base64"))]);
const crcSchema = z.number().int().min(0).max(0xffffffff);

/** What a page read back from a shared store must look like (anything else is a miss); its bytes travel as base64. */
export const CachedPageSchema: z.ZodType<CachedPage> = z.object({
  status: z.number().int().min(100).max(599),
  headers: z.array(z.tuple([z.string(), z.string()])),
  body: BytesSchema,
  cuts: z.array(z.number().int().min(0)),
  nonceLength: z.number().int().min(0).max(0xffff),
  gzip: z
    .object({ parts: z.array(BytesSchema).min(1), crcs: z.array(crcSchema), shifts: z.array(crcSchema), size: z.number().int().min(0) })
    .refine((form) => form.crcs.length === form.parts.length && form.shifts.length === form.parts.length, "one CRC and shift per part")
    .nullable(),
  br: z.array(BytesSchema).min(1).nullable(),
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

/** The stored form of a rendered page: cut where its render's nonce was (compressed later: compressPage). */
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
  const nonceLength = Buffer.byteLength(nonce);
  return { status, headers: kept, body, cuts, nonceLength, gzip: null, br: null, expiresAt: now + ttlMs, bytes: body.length + ENTRY_OVERHEAD_BYTES };
}

/** The page with its gzip and Brotli forms, made in the thread pool. */
export async function compressPage(page: CachedPage): Promise<CachedPage> {
  const segments = [...page.cuts, page.body.length].map((cut, i, cuts) => page.body.subarray(i === 0 ? 0 : cuts[i - 1], cut));
  const { gzip, br } = await compressSegments(segments, page.nonceLength);
  const compressedBytes = [...(gzip?.parts ?? []), ...(br ?? [])].reduce((sum, part) => sum + part.length, 0);
  return { ...page, gzip, br, bytes: page.body.length + compressedBytes + ENTRY_OVERHEAD_BYTES };
}

/** Pages being compressed at once, at most: past that a page is kept uncompressed (a later miss compresses it). */
const MAX_COMPRESSING = 4;

/**
 * Stores rendered pages: at once as they are, so the next request is a hit, then again with their
 * compressed forms. Concurrent misses of one page compress it once, and compression waiting in the
 * thread pool is bounded, so a burst of misses cannot queue more work than the pages are worth.
 */
export function pageStorer(set: (key: string, page: CachedPage) => Promise<void>) {
  const compressing = new Set<string>();
  /** Resolves once the compressed forms are stored too (or were not made); callers need not wait. */
  return (key: string, ...rendered: Parameters<typeof toCachedPage>): Promise<void> => {
    const page = toCachedPage(...rendered);
    void set(key, page);
    if (compressing.has(key) || compressing.size >= MAX_COMPRESSING) return Promise.resolve();
    compressing.add(key);
    return compressPage(page)
      .then((compressed) => set(key, compressed))
      .catch(() => undefined)
      .finally(() => compressing.delete(key));
  };
}

/** The encodings a stored page can be sent in without compressing it again, best first. */
export function pageEncodings(page: CachedPage): Array<"br" | "gzip"> {
  return [...(page.br ? (["br"] as const) : []), ...(page.gzip ? (["gzip"] as const) : [])];
}

/**
 * The page to send for this request, with this response's nonce where the render put its own, in
 * `encoding` when the page has that form (the caller negotiates it from `pageEncodings`); otherwise
 * the HTML as it is (encoding null).
 */
export function pageBody(page: CachedPage, nonce: string, encoding: string | false): PageBody {
  const nonceBytes = Buffer.from(nonce, "utf8");
  // Every nonce this process makes has one length; a form made for another length would not decode.
  if (nonceBytes.length === page.nonceLength || page.cuts.length === 0) {
    if (encoding === "br" && page.br) return pieces(joinBrotli(page.br, nonceBytes), "br");
    if (encoding === "gzip" && page.gzip) return pieces(joinGzip(page.gzip, nonceBytes), "gzip");
  }
  return pieces(withNonce(page, nonceBytes), null);
}

/**
 * A response's body in the pieces it is written in: the stored page's buffers (or views of them) and this
 * response's few bytes, never joined into a new buffer. A hit used to allocate its whole body again; at
 * 2,000 hits a second those buffers made V8 run ten full collections a second.
 */
export interface PageBody {
  chunks: Buffer[];
  length: number;
  encoding: "br" | "gzip" | null;
}

function pieces(chunks: Buffer[], encoding: PageBody["encoding"]): PageBody {
  let length = 0;
  for (const chunk of chunks) length += chunk.length;
  return { chunks, length, encoding };
}

/** The HTML with `nonce` at every cut, as views of the stored page around it. */
function withNonce(page: CachedPage, nonceBytes: Buffer): Buffer[] {
  if (!page.cuts.length) return [page.body];
  const chunks: Buffer[] = [];
  let from = 0;
  for (const cut of page.cuts) {
    chunks.push(page.body.subarray(from, cut), nonceBytes);
    from = cut;
  }
  chunks.push(page.body.subarray(from));
  return chunks;
}
