import type { AppLoadContext } from "@remix-run/node";
import { isRouteErrorResponse } from "@remix-run/react";
import { logForRequest } from "./access-log.server";
import { log as logger } from "./logger.server";

// Remix's handleError (exported by entry.server): what the server logs when something goes wrong.
// Remix's default logged every request for a path no route matches with a stack trace ("No route
// matches URL ..."): on a public storefront that is bots probing and mistyped links, answered with the
// site's 404 page, not a fault. Requests the visitor abandoned are not faults either. What is logged goes
// into the request's access line (access-log.server.ts): one request, one line.

type Log = (error: unknown) => void;

/** What Remix's router refuses, in our words: its own messages carry the method, path and `_data` value. */
const ROUTER_REASONS: Readonly<Record<number, string>> = {
  400: "the route has no loader for this request",
  403: "_data names a route that does not match the URL",
  405: "the route takes no request with this method",
};

export function logServerError(error: unknown, { request, context }: { request: Request; context?: AppLoadContext }, log: Log = requestLog(context)): void {
  if (request.signal.aborted) return;
  if (!isRouteErrorResponse(error)) {
    log(error);
    return;
  }
  if (error.status === 404) return;
  // A client error (a 405 for PROPFIND or for a POST to a page without an action, a 400 for a data request
  // to a route without a loader, a 403 for a `_data` naming another route) says what the client asked
  // wrongly, not where our code failed: one line, without the stack of Remix's router, and in our words:
  // the router's own quote the request (`Route "<the _data value>" does not match URL …`). The path only,
  // as the query may carry what a visitor typed. `internal` marks the router's own refusals (it is what
  // isRouteErrorResponse checks for).
  const path = printable(new URL(request.url).pathname, 200);
  if (error.status < 500) {
    const reason = (error as { internal?: boolean }).internal ? (ROUTER_REASONS[error.status] ?? error.statusText) : error.statusText;
    log(`${error.status} ${printable(request.method, 20)} ${path}: ${reason}`);
    return;
  }
  // A server error's public `data` is its Error as text ("Error: <message>"; the Error itself is a private
  // field: the ledger in docs/decisions/README.md). Other data is not quoted: a Response's body could hold
  // what a visitor sent.
  const message = typeof error.data === "string" ? /^Error: (.+)/s.exec(error.data)?.[1] : undefined;
  log(new Error(`${error.status} ${printable(request.method, 20)} ${path}: ${message ?? error.statusText}`));
}

/**
 * One line for a request the client got wrong (a refused method, Host, target, body or returnTo): its
 * status, method and path, never the query, and which field was at fault. No stack: the fault is the
 * request's, not our code's. Control characters in what the client sent are escaped.
 */
export function logClientError(status: number, method: string, path: string, reason: string, log: (line: string) => void = (line) => logger.warn(line)): void {
  log(`${status} ${printable(method, 20)} ${printable(path.split("?")[0] ?? "", 200)}: ${reason}`);
}

function printable(value: string, max: number): string {
  const escaped = value.replace(/[^\x20-\x7e]/gu, (c) => `\\u{${c.codePointAt(0)!.toString(16)}}`);
  return escaped.length > max ? `${escaped.slice(0, max)}…` : escaped;
}

/**
 * The default of logServerError: a line (a client's error) as a warning, anything else as an error with its
 * stack, into the request's access line (its context's logger) when there is one.
 */
function requestLog(context: AppLoadContext | undefined): Log {
  const log = context?.request?.log ?? ((level, message, err) => logForRequest(null, level, message, err));
  return (what) => (typeof what === "string" ? log("warn", what) : log("error", errorMessage(what), what));
}

/** For logClientError: the line goes into the access line of the request with this X-Request-Id. */
export function intoAccessLine(requestId: string | string[] | null | undefined): (line: string) => void {
  const id = typeof requestId === "string" ? requestId : null;
  return (line) => logForRequest(id, "warn", line);
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
