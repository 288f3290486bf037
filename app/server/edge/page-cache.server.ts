import type { RequestHandler, Response as ExpressResponse } from "express";
import type { CacheStore } from "~/cache/cache-store.server";
import type { Env } from "~/env.server";
import { readCountryCode } from "~/page/build-page-context.server";
import { requestDevice } from "~/page/device.server";
import { encodeDocument } from "../content-encoding.server";
import { readCookie } from "../cookies.server";
import { namesPage, pageTag, representationTag, type PageEncoding } from "../etag.server";
import { headerReader } from "../header-reader.server";
import { pageCacheKey, storableForMs, storedForm, toCachedPage, type CachedPage } from "../page-cache.server";

// The page micro-cache as an edge step (decision 004; the entry format is app/server/page-cache.server.ts).
// A hit is answered here, before Remix. Every request that may render a document gets a `sendDocument`
// in the load context, which entry.server.tsx calls with the bytes it rendered: the page gets its ETag,
// is stored when a shared cache may keep it (compressed once, then), and is sent in the encoding the
// client takes, or as a 304 when the client already has it (decisions 027 and 042).

/** What entry.server.tsx calls with a rendered document's bytes and headers (its CSP already set). */
export type SendDocument = (status: number, headers: Headers, body: Buffer) => globalThis.Response;

export function pageCacheStep(env: Pick<Env, "PAGE_CACHE_TTL_MS" | "COUNTRY_HEADER">, pageCache: CacheStore<CachedPage>): RequestHandler {
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const headers = headerReader(req.headers);
    // The URL as the render sees it: the guard has checked the Host (and spelt it one way) and that the target is a path.
    const url = new URL(`${req.protocol}://${req.headers.host ?? "localhost"}${req.originalUrl}`);
    // The page's variant: everything its HTML depends on. It keys the cache and goes into the ETag.
    const variant = pageCacheKey({
      url,
      currencyKey: `${req.get("x-currency") ?? ""}/${readCookie(req.get("cookie") ?? null, "currency") ?? ""}`,
      countryCode: readCountryCode(headers, env.COUNTRY_HEADER),
      device: requestDevice(headers),
    });
    if (variant === null) return next();
    const acceptEncoding = req.get("accept-encoding");
    const ifNoneMatch = req.get("if-none-match");
    const key = req.method === "GET" && env.PAGE_CACHE_TTL_MS > 0 ? variant : null;
    const sendDocument: SendDocument = (status, pageHeaders, body) => {
      // The document's own policy, with the hashes of its inline code, replaces the one every answer starts with.
      res.removeHeader("Content-Security-Policy");
      const tag = pageTag(variant, body);
      const ttlMs = key === null ? 0 : storableForMs(status, pageHeaders, env.PAGE_CACHE_TTL_MS);
      let form: { bytes: Buffer; encoding: PageEncoding } | null;
      if (ttlMs > 0) {
        const page = toCachedPage(status, pageHeaders, body, tag, ttlMs, Date.now());
        void pageCache.set(key!, page);
        form = storedForm(page, acceptEncoding);
      } else {
        const encoded = encodeDocument(body, acceptEncoding);
        form = encoded && { bytes: encoded.body, encoding: encoded.encoding };
      }
      // A client that takes none of our encodings (deflate only) gets it from the compression step, untagged.
      if (!form) return new Response(arrayView(body), { status, headers: pageHeaders });
      pageHeaders.set("ETag", representationTag(tag, form.encoding));
      // A precondition applies only to what would be a 200 (RFC 9110 §13.2.1).
      if (status === 200 && namesPage(ifNoneMatch, tag)) return new Response(null, { status: 304, headers: pageHeaders });
      if (form.encoding) pageHeaders.set("Content-Encoding", form.encoding);
      pageHeaders.set("Content-Length", String(form.bytes.length));
      return new Response(arrayView(form.bytes), { status, headers: pageHeaders });
    };
    res.locals.sendDocument = sendDocument;
    if (key === null) return next();
    pageCache.get(key).then((hit) => {
      if (!hit) {
        res.locals.pageCache = "miss";
        return next();
      }
      res.locals.pageCache = "hit";
      sendStored(res, hit, acceptEncoding, ifNoneMatch);
    }, next);
  };
}

/** A stored page, written as it was stored: its headers, and the bytes of the form this client takes. */
function sendStored(res: ExpressResponse, page: CachedPage, acceptEncoding: string | undefined, ifNoneMatch: string | undefined): void {
  res.status(page.status);
  for (const [name, value] of page.headers) res.setHeader(name, value);
  res.vary("Accept-Encoding");
  const form = storedForm(page, acceptEncoding);
  if (!form) {
    res.end(page.body);
    return;
  }
  res.setHeader("ETag", representationTag(page.tag, form.encoding));
  if (namesPage(ifNoneMatch, page.tag)) {
    res.status(304).end();
    return;
  }
  // The compression step leaves an encoded body alone.
  if (form.encoding) res.setHeader("Content-Encoding", form.encoding);
  res.setHeader("Content-Length", form.bytes.length);
  res.end(form.bytes);
}

/** A Buffer as the Response body type takes it (the same memory). */
const arrayView = (buffer: Buffer) => new Uint8Array(buffer.buffer as ArrayBuffer, buffer.byteOffset, buffer.byteLength);
