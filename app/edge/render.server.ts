import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import type { RequestHandler } from "express";
import onHeaders from "on-headers";
import { pageCacheOf } from "~/server/access-log.server";
import { securityHeaders } from "~/server/security-headers.server";
import { OPERATOR_CACHE_CONTROL, responseServerTiming } from "~/server/server-timing.server";
import { sendDocumentOf } from "~/edge/page-cache.server";
import type { AppServices } from "~/page/load-context";
import { requestContextOf } from "~/edge/request-context.server";

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
export function serverTiming(): RequestHandler {
  return (_req, res, next) => {
    const started = performance.now();
    const { operator } = requestContextOf(res);
    onHeaders(res, () => {
      const detail = res.getHeader("server-timing");
      const cache = pageCacheOf(res);
      res.setHeader(
        "Server-Timing",
        responseServerTiming({
          operator,
          detail: typeof detail === "string" ? detail : null,
          pageCache: cache === "bypass" ? null : cache,
          totalMs: performance.now() - started,
        }),
      );
      if (operator) res.setHeader("Cache-Control", OPERATOR_CACHE_CONTROL);
    });
    next();
  };
}

/**
 * Remix, through its Express adapter. The load context is the request's facts, read once at the edge, with
 * the app's settings and services, and how to send a rendered document (the page cache step's `sendDocument`).
 */
export function render(build: ServerBuild, services: AppServices): RequestHandler {
  return createRequestHandler({
    build,
    mode: build.mode,
    getLoadContext: (_req, res) => ({ request: requestContextOf(res), services, sendDocument: sendDocumentOf(res) }),
  });
}
