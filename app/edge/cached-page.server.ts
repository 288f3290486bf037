import { z } from "zod";
import type { RequestDevice } from "~/page/device.server";
import { pageQuery } from "~/page/page-query";
import { answersWith, type RequestAnswer } from "~/page/request-answer";
import { acceptableEncodings, compressBrotli, compressGzip } from "~/server/content-encoding.server";

// An in-process micro-cache of rendered pages (the same idea as a CDN's full-page cache or nginx
// micro-caching): rendering a page costs several times a bare document (decision 004), and the same page is asked for many times
// a second at peak. Only responses that a shared cache may keep are stored (200, `public` with
// s-maxage, no Set-Cookie), for at most PAGE_CACHE_TTL_MS and never longer than their s-maxage: pages, and the
// JSON of a page's data request, which a navigation inside the app (and its prefetch) asks for.
//
// The key holds everything the HTML depends on: host, path and the query parameters the page reads
// (page-query.ts; utm_* and click ids share one entry), the currency key, the visitor's country
// (consent defaults), and the device (bot, mobile or desktop; device.server.ts) with what decided it:
// X-Device or the server's own reading of User-Agent and client hints. The two give different Vary
// headers, and a stored page is served with its render's Vary, so one class never answers for the other
// (decision 020). A page holds no secret per response (its CSP allows its inline code by hash,
// decision 042), so it is stored once, with the headers it was rendered with, and compressed once, gzip
// and Brotli, when it is stored: a hit writes those bytes, and an `If-None-Match` that names its ETag
// gets a 304. Pages live in a cache store (app/cache): this process's LRU, bounded by PAGE_CACHE_MAX_MB,
// or with CACHE_URL the Redis every instance shares, so a page one instance rendered is served by all.

/** The headers a stored page keeps from its render, and sends with every hit. */
const KEPT_HEADERS = new Set(["content-type", "cache-control", "vary", "content-security-policy"]);

export interface CachedPage {
  status: number;
  /** The render's Content-Type, Cache-Control, Vary and Content-Security-Policy. */
  headers: Array<[string, string]>;
  /** The page's entity tag, without quotes or an encoding's suffix (etag.server.ts). */
  tag: string;
  /**
   * The HTML as UTF-8 bytes, and its gzip and Brotli forms. Bytes, not a string: they live outside V8's
   * heap, which sizes itself from what it holds, so a full cache of strings made the heap (and RSS) grow
   * by several times the cache (decision 020).
   */
  body: Buffer;
  gzip: Buffer;
  br: Buffer;
  expiresAt: number;
  bytes: number;
}

/** Bytes, or their base64 when they come back from a shared store's JSON. */
const BytesSchema = z.union([z.instanceof(Buffer), z.base64().transform((text) => Buffer.from(text, "base64"))]);

/** What a page read back from a shared store must look like (anything else is a miss); its bytes travel as base64. */
export const CachedPageSchema: z.ZodType<CachedPage> = z.object({
  status: z.number().int().min(100).max(599),
  headers: z.array(z.tuple([z.string(), z.string()])),
  tag: z.string().regex(/^[\w-]+$/),
  body: BytesSchema,
  gzip: BytesSchema,
  br: BytesSchema,
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
  /** What the request is answered with (request-answer.ts): the document, or a route's data. */
  answer: RequestAnswer;
}

/**
 * The page's variant: the entry a request reads and fills. It starts with the kind of answer it holds, from the
 * one reading of the request that Remix's own matches (request-answer.ts): a document, or a route's data (a
 * page's data for a navigation inside the app, or its fetch ahead), which is a variant of its own, the page's
 * plus the route it asks for (docs/decisions/045-client-navigation.md, 050-one-reading-of-a-request.md).
 */
export function pageVariant(input: PageCacheKeyInput): string {
  const kind = input.answer.kind === "document" ? "document" : `data:${encodeURIComponent(input.answer.route)}`;
  const page = `${input.url.host}${input.url.pathname}?${pageQuery(input.url.searchParams).toString()}`;
  return [kind, page, input.currencyKey, input.countryCode ?? "", input.device.device, input.device.decidedBy].join("|");
}

/**
 * How long a response may be kept: min(s-maxage, cap), or 0 when it must not be stored. Only a 200 of the
 * kind its key promises is ever stored (HTML for a document, JSON for a page's data): see `matchesKey`.
 */
export function storableForMs(answer: RequestAnswer, status: number, headers: Headers, capMs: number): number {
  if (status !== 200 || capMs <= 0 || headers.has("set-cookie")) return 0;
  if (!matchesKey(answer, status, headers.get("content-type"))) return 0;
  const cacheControl = (headers.get("cache-control") ?? "").toLowerCase();
  if (!/\bpublic\b/.test(cacheControl) || /\b(private|no-store|no-cache)\b/.test(cacheControl)) return 0;
  const sMaxAge = Number(/s-maxage=(\d+)/.exec(cacheControl)?.[1] ?? 0);
  return Math.min(sMaxAge * 1000, capMs);
}

/**
 * What is stored is what the key promises: a 200 of the key's kind. The store refuses anything else, and a
 * hit read back (from this process or from the Redis another instance writes) is checked again.
 */
export function matchesKey(answer: RequestAnswer, status: number, contentType: string | null): boolean {
  return status === 200 && answersWith(answer, contentType);
}

/** A stored page's Content-Type, as it was rendered. */
export function storedContentType(page: CachedPage): string | null {
  return page.headers.find(([name]) => name === "content-type")?.[1] ?? null;
}

/** What an entry costs besides its bytes: the object, its headers and its key, in the store's map. */
const ENTRY_OVERHEAD_BYTES = 1024;

/**
 * The stored form of a rendered page: its kept headers, its bytes and their gzip and Brotli forms, made
 * here, once (decision 042 chose the Brotli quality by measurement).
 */
export function toCachedPage(status: number, headers: Headers, body: Buffer, tag: string, ttlMs: number, now: number): CachedPage {
  const kept: Array<[string, string]> = [];
  for (const [name, value] of headers) if (KEPT_HEADERS.has(name)) kept.push([name, value]);
  const gzip = compressGzip(body);
  const br = compressBrotli(body, STORED_BROTLI_QUALITY);
  return { status, headers: kept, tag, body, gzip, br, expiresAt: now + ttlMs, bytes: body.length + gzip.length + br.length + ENTRY_OVERHEAD_BYTES };
}

/** Brotli quality of a stored page: compressed once, written by every hit (decision 042). */
const STORED_BROTLI_QUALITY = 5;

/** A stored page as one client takes it: the form it accepts, best first, or null when it accepts none we keep. */
export function storedForm(page: CachedPage, acceptEncoding: string | null | undefined): { bytes: Buffer; encoding: "br" | "gzip" | null } | null {
  const best = acceptableEncodings(acceptEncoding)[0];
  if (best === undefined) return null;
  if (best === "identity") return { bytes: page.body, encoding: null };
  return { bytes: page[best], encoding: best };
}
