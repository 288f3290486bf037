import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import type { RequestHandler } from "express";
import onHeaders from "on-headers";
import type { Env } from "~/env.server";
import { headerReader } from "../header-reader.server";
import { securityHeaders } from "../security-headers.server";
import { isOperatorRequest, OPERATOR_CACHE_CONTROL, responseServerTiming } from "../server-timing.server";
import type { SendDocument } from "./page-cache.server";

// The edge's last steps: every answer after the static files gets the security headers (a document
// replaces the CSP with one allowing its own inline code, entry.server.tsx), and Server-Timing (a total for
// visitors; for an operator the loader's upstream entries and the page cache's hit or miss,
// server-timing.server.ts). Then one Remix handler renders pages, runs actions and answers data requests
// and errors (decision 027).

const SECURITY_HEADERS = Object.entries(securityHeaders());

/** The security headers, before the page cache and Remix. */
export function documentHeaders(): RequestHandler {
  return (_req, res, next) => {
    for (const [name, value] of SECURITY_HEADERS) res.setHeader(name, value);
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
 * Remix, through its Express adapter. The load context carries how to send a rendered document (tagged,
 * stored when it may be, encoded for this client: the page cache step's `sendDocument`).
 */
export function render(build: ServerBuild): RequestHandler {
  return createRequestHandler({
    build,
    mode: build.mode,
    getLoadContext: (_req, res) => ({ sendDocument: res.locals.sendDocument as SendDocument | undefined }),
  });
}
