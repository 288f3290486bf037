import { STATUS_CODES, type IncomingMessage, type Server } from "node:http";
import type { Duplex } from "node:stream";
import type { ErrorRequestHandler, Request, RequestHandler, Response } from "express";
import { logClientError } from "./log-server-error.server";
import { allowedMethods, badRequestHtml, checkHost, checkMethod, checkRequestTarget, type GuardVerdict } from "./request-guard.server";

// The HTTP edge (issue 20 §2): every request is checked before static files or Remix see it, and a
// refused one gets its 4xx and exactly one log line. Also the server-level cases Express never sees (a
// request Node's parser refuses, CONNECT) and the final error handler, so no client can provoke a 500
// or a stack trace in the log.

/** A refusal page has no script, style or subresource, and may not be framed elsewhere. */
const REFUSAL_CSP = "default-src 'none'; frame-ancestors 'self'";

/** A refusal: status, the headers every answer carries, a small page naming the reason, one log line. */
function refuse(req: Request, res: Response, status: number, reason: string, allow?: string) {
  logClientError(status, req.method, req.originalUrl, reason);
  res.status(status);
  res.setHeader("Cache-Control", "no-store");
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("Content-Security-Policy", REFUSAL_CSP);
  if (status === 405) res.setHeader("Allow", allow ?? allowedMethods(req.path).join(", "));
  res.type("html").send(badRequestHtml(reason, STATUS_CODES[status]));
}

/** Mounted first: method, Host and request target. */
export function guardRequests(): RequestHandler {
  return (req, res, next) => {
    // trust proxy is off, but Remix's Express adapter still takes a port from X-Forwarded-Host (a
    // port over 65535 made its `new URL()` throw). No proxy of ours sends it; it is not read anywhere.
    delete req.headers["x-forwarded-host"];
    const checks: Array<() => GuardVerdict> = [
      () => checkMethod(req.method, req.path),
      () => checkHost(req.headers.host),
      () => checkRequestTarget(req.originalUrl),
    ];
    for (const check of checks) {
      const verdict = check();
      if (!verdict.ok) return refuse(req, res, verdict.status, verdict.reason, verdict.allow);
    }
    next();
  };
}

/**
 * Last in the chain. An Express error carrying a 4xx status is the client's: its status and one line.
 * Anything else is ours: logged with its stack, answered 500.
 */
export function clientErrors(): ErrorRequestHandler {
  return (error: unknown, req, res, _next) => {
    const status = clientStatus(error);
    if (res.headersSent) {
      // Too late for a status: end the connection (Express's own handler would log the stack again).
      if (status === null) console.error(error);
      res.destroy();
      return;
    }
    if (status !== null) return refuse(req, res, status, (error as Error).message);
    console.error(error);
    res.status(500).setHeader("Cache-Control", "no-store");
    res.type("html").send(badRequestHtml("the server failed; please try again", "Server error"));
  };
}

function clientStatus(error: unknown): number | null {
  const status = (error as { status?: unknown; statusCode?: unknown } | null)?.status ?? (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === "number" && status >= 400 && status < 500 ? status : null;
}

/**
 * What Node answers before Express runs, made to follow the same rule (one line, a 4xx):
 * - a request its parser refuses (a control character in a header, a bad method or version, headers
 *   over 16 KB): 400 or 431, instead of Node's silent default;
 * - CONNECT, which Node hands to a 'connect' listener or else drops without an answer: 405.
 * Node's own 400 for an HTTP/1.1 request without Host is turned off so the guard answers it instead.
 */
export function guardServer(server: Server): void {
  const answer = (socket: Duplex, status: number, headers = "") =>
    socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${headers}Connection: close\r\nContent-Length: 0\r\n\r\n`);

  server.on("clientError", (error: NodeJS.ErrnoException, socket: Duplex) => {
    // A client that went away, or a connection with an answer under way: nothing more to say.
    if (error.code === "ECONNRESET" || error.code === "EPIPE" || !socket.writable || (socket as { _httpMessage?: unknown })._httpMessage) {
      socket.destroy();
      return;
    }
    const status = error.code === "HPE_HEADER_OVERFLOW" ? 431 : error.code === "ERR_HTTP_REQUEST_TIMEOUT" ? 408 : 400;
    console.warn(`${status} (request not parsed): ${error.code ?? "error"}`);
    answer(socket, status);
  });
  server.on("connect", (req: IncomingMessage, socket: Duplex) => {
    logClientError(405, "CONNECT", req.url ?? "", "method CONNECT is not allowed");
    answer(socket, 405, `Allow: ${allowedMethods("").join(", ")}\r\n`);
  });
}
