import type { RequestHandler, Response as ExpressResponse } from "express";
import type { CacheStore } from "~/cache/cache-store.server";
import type { Env } from "~/env.server";
import { notePageCache } from "~/server/access-log.server";
import { encodeDocument } from "~/server/content-encoding.server";
import { namesPage, pageTag, representationTag, type PageEncoding } from "~/edge/etag.server";
import { matchesKey, storableForMs, storedContentType, storedForm, toCachedPage, type CachedPage } from "~/edge/cached-page.server";
import { countPageCacheRefusal } from "~/server/metrics.server";
import { answersWith } from "~/page/request-answer";
import type { RequestContext } from "~/page/load-context";
import { requestContextOf } from "~/edge/request-context.server";

// The page micro-cache as an edge step (decision 004; the entry format is app/edge/cached-page.server.ts).
// A hit is answered here, before Remix. Every request that may render a document gets a `sendDocument`
// in the load context, which entry.server.tsx calls with the bytes it rendered: the page gets its ETag,
// is stored when a shared cache may keep it (compressed once, then), and is sent in the encoding the
// client takes, or as a 304 when the client already has it (decisions 027 and 042). The key is the
// page's variant, which the request context made from the same facts the loaders read.

/** What entry.server.tsx calls with a rendered document's bytes and headers (its CSP already set). */
export type SendDocument = (status: number, headers: Headers, body: Buffer) => globalThis.Response;

const senders = new WeakMap<ExpressResponse, SendDocument>();

/** How to send the document this response renders; none for a request that renders no document. */
export function sendDocumentOf(res: ExpressResponse): SendDocument | undefined {
  return senders.get(res);
}

export function pageCacheStep(env: Pick<Env, "PAGE_CACHE_TTL_MS">, pageCache: CacheStore<CachedPage>): RequestHandler {
  return (req, res, next) => {
    const request = requestContextOf(res);
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    // An operator's page is private, so storableForMs never keeps it; it still reads what visitors' requests stored.
    // A data request for a route that is not a page's own (root, an unknown or empty route) is never kept: it
    // is private (entry.server.tsx, docs/decisions/050-one-reading-of-a-request.md).
    const keyed = request.answer.kind === "document" || request.answer.pageRoute;
    const key = req.method === "GET" && env.PAGE_CACHE_TTL_MS > 0 && keyed ? request.variant : null;
    senders.set(res, documentSender(res, request, key, env.PAGE_CACHE_TTL_MS, pageCache));
    if (key === null) return next();
    pageCache.get(key).then((hit) => {
      // A stored answer is checked against its key on the way out too: one written by another instance (Redis)
      // that is not what the key promises is a miss, and is replaced.
      const usable = hit && matchesKey(request.answer, hit.status, storedContentType(hit));
      if (hit && !usable) refuse(request, "read");
      notePageCache(res, usable ? "hit" : "miss");
      if (!usable) return next();
      sendStored(res, hit, request);
    }, next);
  };
}

function documentSender(res: ExpressResponse, request: RequestContext, key: string | null, ttlCapMs: number, pageCache: CacheStore<CachedPage>): SendDocument {
  return (status, pageHeaders, body) => {
    // The document's own policy, with the hashes of its inline code, replaces the one every answer starts with.
    res.removeHeader("Content-Security-Policy");
    const tag = pageTag(request.variant, body);
    // An answer of another kind than the request's reading promised (JSON where a document was read) is a
    // disagreement with Remix: never stored here, and no shared cache in front may keep it either.
    if (!answersWith(request.answer, pageHeaders.get("Content-Type"))) {
      if (key !== null) refuse(request, "store");
      pageHeaders.set("Cache-Control", "private, no-store");
    }
    const ttlMs = key === null ? 0 : storableForMs(request.answer, status, pageHeaders, ttlCapMs);
    let form: { bytes: Buffer; encoding: PageEncoding } | null;
    if (ttlMs > 0) {
      const page = toCachedPage(status, pageHeaders, body, tag, ttlMs, Date.now());
      void pageCache.set(key!, page);
      form = storedForm(page, request.acceptEncoding);
    } else {
      const encoded = encodeDocument(body, request.acceptEncoding);
      form = encoded && { bytes: encoded.body, encoding: encoded.encoding };
    }
    // A client that takes none of our encodings (deflate only) gets it from the compression step, untagged.
    if (!form) return new Response(arrayView(body), { status, headers: pageHeaders });
    varyOnEncoding(pageHeaders);
    pageHeaders.set("ETag", representationTag(tag, form.encoding));
    // A precondition applies only to what would be a 200 (RFC 9110 §13.2.1).
    if (status === 200 && namesPage(request.ifNoneMatch, tag)) return new Response(null, { status: 304, headers: pageHeaders });
    if (form.encoding) pageHeaders.set("Content-Encoding", form.encoding);
    pageHeaders.set("Content-Length", String(form.bytes.length));
    return new Response(arrayView(form.bytes), { status, headers: pageHeaders });
  };
}

/** One line and a count for an answer whose kind is not its key's: refused when stored, a miss when read back. */
function refuse(request: RequestContext, at: "store" | "read"): void {
  countPageCacheRefusal(at);
  const promised = request.answer.kind === "document" ? "a document" : "a page's data";
  request.log("warn", at === "store" ? `page cache: refused an answer that is not ${promised}` : `page cache: dropped a stored answer that is not ${promised}`);
}

/** A stored page, written as it was stored: its headers, and the bytes of the form this client takes. */
function sendStored(res: ExpressResponse, page: CachedPage, request: RequestContext): void {
  res.status(page.status);
  for (const [name, value] of page.headers) res.setHeader(name, value);
  res.vary("Accept-Encoding");
  const form = storedForm(page, request.acceptEncoding);
  if (!form) {
    res.end(page.body);
    return;
  }
  res.setHeader("ETag", representationTag(page.tag, form.encoding));
  if (namesPage(request.ifNoneMatch, page.tag)) {
    res.status(304).end();
    return;
  }
  // The compression step leaves an encoded body alone (create-server.server.ts).
  if (form.encoding) res.setHeader("Content-Encoding", form.encoding);
  res.setHeader("Content-Length", form.bytes.length);
  res.end(form.bytes);
}

/**
 * The page's Vary plus Accept-Encoding: which form a client gets depends on it, and the compression step, which
 * says so for what it compresses, leaves what this step encoded alone.
 */
function varyOnEncoding(headers: Headers): void {
  const vary = headers.get("Vary");
  if (!vary) headers.set("Vary", "Accept-Encoding");
  else if (!/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(vary)) headers.set("Vary", `${vary}, Accept-Encoding`);
}

/** A Buffer as the Response body type takes it (the same memory). */
const arrayView = (buffer: Buffer) => new Uint8Array(buffer.buffer as ArrayBuffer, buffer.byteOffset, buffer.byteLength);
