import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import type { RequestHandler } from "express";
import onHeaders from "on-headers";
import type { Env } from "~/env.server";
import { encodeDocument } from "../content-encoding.server";
import { headerReader } from "../header-reader.server";
import { makeNonce, securityHeaders } from "../security-headers.server";
import { isOperatorRequest, OPERATOR_CACHE_CONTROL, responseServerTiming } from "../server-timing.server";
import type { StorePage } from "./page-cache.server";

// The edge's last steps: every answer after the static files gets its own CSP nonce and the security
// headers, and Server-Timing (a total for visitors; for an operator the loader's upstream entries and the
// page cache's hit or miss, server-timing.server.ts). Then one Remix handler renders pages, runs actions
// and answers data requests and errors (decision 027).

/** A fresh nonce and the document security headers, before the page cache and Remix. */
export function documentHeaders(): RequestHandler {
  return (_req, res, next) => {
    const nonce = makeNonce();
    res.locals.nonce = nonce;
    for (const [name, value] of Object.entries(securityHeaders(nonce))) res.setHeader(name, value);
    next();
  };
}

/** Server-Timing written as the headers go out, whoever answers (the page cache or Remix). */
export function serverTiming(env: Pick<Env, "SERVER_TIMING_KEY">): RequestHandler {
  return (req, res, next) => {
    const started = performance.now();
    const operator = isOperatorRequest(headerReader(req.headers), env.SERVER_TIMING_KEY);
    onHeaders(res, () => {
      const detail = res.getHeader("server-timing");
      const pageCache = res.locals.pageCache === "hit" || res.locals.pageCache === "miss" ? (res.locals.pageCache as "hit" | "miss") : null;
      res.setHeader(
        "Server-Timing",
        responseServerTiming({ operator, detail: typeof detail === "string" ? detail : null, pageCache, totalMs: performance.now() - started }),
      );
      if (operator) res.setHeader("Cache-Control", OPERATOR_CACHE_CONTROL);
    });
    next();
  };
}

/**
 * Remix, through its Express adapter. The load context carries the nonce, how to encode the document for
 * this client (whole, in one call: content-encoding.server.ts) and, on a page cache miss, where to store the page.
 */
export function render(build: ServerBuild): RequestHandler {
  return createRequestHandler({
    build,
    mode: build.mode,
    getLoadContext: (req, res) => ({
      nonce: res.locals.nonce as string,
      encodeDocument: (parts: readonly string[]) => encodeDocument(parts, req.headers["accept-encoding"]),
      storePage: res.locals.storePage as StorePage | undefined,
    }),
  });
}
