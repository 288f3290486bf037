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

export function logServerError(error: unknown, { request, context }: { request: Request; context?: AppLoadContext }, log: Log = requestLog(context)): void {
  if (request.signal.aborted) return;
  if (!isRouteErrorResponse(error)) {
    log(error);
    return;
  }
  if (error.status === 404) return;
  // Remix's own errors (a 405 for PROPFIND or for a POST to a page without an action, a 400 for a data
  // request to a route without a loader) are error responses whose public `data` is their Error as text,
  // "Error: <message>" (the Error itself is a private field: the ledger in docs/decisions/README.md). Any
  // other data is not quoted, as a Response's body could hold what a visitor sent; nor is the query.
  const message = typeof error.data === "string" ? /^Error: (.+)/s.exec(error.data)?.[1] : undefined;
  const reason = message ?? error.statusText;
  const line = `${error.status} ${request.method} ${new URL(request.url).pathname}: ${reason}`;
  // A client error says what the client asked wrongly, not where our code failed: one line, without the
  // stack of Remix's router. A server error is logged as an error.
  log(error.status < 500 ? line : new Error(line));
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
