import type { RequestHandler } from "express";
import type { CacheStore } from "~/cache/cache-store.server";
import type { Env } from "~/env.server";
import { readCountryCode } from "~/page/build-page-context.server";
import { requestDevice } from "~/page/device.server";
import { readCookie } from "../cookies.server";
import { headerReader } from "../header-reader.server";
import { pageBody, pageCacheKey, pageEncodings, pageStorer, storableForMs, type CachedPage } from "../page-cache.server";

// The page micro-cache as an edge step (decision 004; the entry format is app/server/page-cache.server.ts).
// A hit is answered here, before Remix. On a miss the render step hands Remix a `storePage` callback in
// the load context, which entry.server.tsx calls with the HTML it made; the page is kept when
// `storableForMs` says a shared cache may keep it (decision 027).

/** What entry.server.tsx calls with a rendered document; stored only when storable. */
export type StorePage = (status: number, headers: Headers, html: string) => void;

export function pageCacheStep(env: Pick<Env, "PAGE_CACHE_TTL_MS" | "COUNTRY_HEADER">, pageCache: CacheStore<CachedPage>): RequestHandler {
  const storeCompressed = pageStorer((key, page) => pageCache.set(key, page));
  return (req, res, next) => {
    if (req.method !== "GET" || env.PAGE_CACHE_TTL_MS <= 0) return next();
    const nonce = res.locals.nonce as string;
    const headers = headerReader(req.headers);
    // The URL as the render sees it: the guard has checked the Host (and spelt it one way) and that the target is a path.
    const url = new URL(`${req.protocol}://${req.headers.host ?? "localhost"}${req.originalUrl}`);
    const key = pageCacheKey({
      url,
      currencyKey: `${req.get("x-currency") ?? ""}/${readCookie(req.get("cookie") ?? null, "currency") ?? ""}`,
      countryCode: readCountryCode(headers, env.COUNTRY_HEADER),
      device: requestDevice(headers),
    });
    if (key === null) return next();
    const now = Date.now();
    pageCache.get(key).then((hit) => {
      if (hit) {
        res.locals.pageCache = "hit";
        res.status(hit.status);
        for (const [name, value] of hit.headers) res.setHeader(name, value);
        // Compressed when it was stored (decision 028): the compression step leaves an encoded body alone.
        // Ours, best first, among those the client accepts: browsers list gzip before br at the same weight.
        const accepted = pageEncodings(hit).find((offered) => req.acceptsEncodings(offered) === offered) ?? false;
        const { chunks, length, encoding } = pageBody(hit, nonce, accepted);
        res.vary("Accept-Encoding");
        if (encoding) res.setHeader("Content-Encoding", encoding);
        // No ETag: every response carries its own nonce, so no two bodies are equal and none could match.
        res.setHeader("Content-Length", length);
        // The pieces go to the socket together (one writev), without being copied into one buffer. Uncorked on
        // the next tick, not only by end(): a page kept before its compressed forms are made goes through the
        // compression step, whose stream writes after end() and waits for a drain a corked socket never gives.
        res.cork();
        for (const chunk of chunks) res.write(chunk);
        res.end();
        process.nextTick(() => res.uncork());
        return;
      }
      res.locals.pageCache = "miss";
      const storePage: StorePage = (status, pageHeaders, html) => {
        const ttlMs = storableForMs(status, pageHeaders, env.PAGE_CACHE_TTL_MS);
        if (ttlMs > 0) void storeCompressed(key, status, pageHeaders, html, nonce, ttlMs, now);
      };
      res.locals.storePage = storePage;
      next();
    }, next);
  };
}
