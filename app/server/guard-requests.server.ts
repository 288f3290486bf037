import { STATUS_CODES, type IncomingMessage, type Server } from "node:http";
import type { Duplex } from "node:stream";
import type { ErrorRequestHandler, Request, RequestHandler, Response } from "express";
import { checkCrossSite } from "./cross-site.server";
import { logForRequest } from "./access-log.server";
import { log } from "./logger.server";
import { intoAccessLine, logClientError } from "./log-server-error.server";
import {
  allowedMethods,
  badRequestHtml,
  bodyLimitFor,
  checkContentLength,
  checkHost,
  checkMethod,
  checkRequestTarget,
  type GuardVerdict,
} from "./request-guard.server";
import { transportHeaders, type Transport } from "./security-headers.server";

// The HTTP edge (issue 20 §2, §3): every request is checked before static files or Remix see it, and
// a refused one gets its 4xx and exactly one log line. Also the server-level cases Express never sees
// (a request Node's parser refuses, CONNECT, Expect: 100-continue) and the final error handler, so no
// client can provoke a 500 or a stack trace in the log.

/** A refusal page has no script, style or subresource, and may not be framed elsewhere. */
const REFUSAL_CSP = "default-src 'none'; frame-ancestors 'self'";

/** A request refused with a client-error status; thrown by the body reader, answered by `clientErrors`. */
class ClientError extends Error {
  constructor(
    readonly status: number,
    readonly reason: string,
  ) {
    super(reason);
  }
}

/** A refusal: status, the headers every answer carries, a small page naming the reason, one log line. */
function refuse(req: Request, res: Response, transport: Transport, status: number, reason: string, allow?: string) {
  logClientError(status, req.method, req.originalUrl, reason, intoAccessLine(req.headers["x-request-id"]));
  res.status(status);
  for (const [name, value] of Object.entries(transportHeaders(transport))) res.setHeader(name, value);
  res.setHeader("Cache-Control", "no-store");
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("Content-Security-Policy", REFUSAL_CSP);
  if (status === 405) res.setHeader("Allow", allow ?? allowedMethods(req.path).join(", "));
  if (hasBody(req)) closeAfterAnswer(req, res);
  res.type("html").send(badRequestHtml(reason, STATUS_CODES[status]));
}

function hasBody(req: IncomingMessage): boolean {
  return req.headers["transfer-encoding"] !== undefined || Number(req.headers["content-length"] ?? 0) > 0;
}

const LINGER_MS = 1000;
const LINGER_BYTES = 1024 * 1024;

/**
 * A refused request's body is not read, and the connection closes after the answer. Closed at once
 * with the client still sending, the socket would answer that data with a reset, on which the client
 * may lose our answer before reading it; so the close lingers (RFC 9112 §9.6): our side ends once the
 * answer is out, what still arrives is dropped, and the socket is destroyed after LINGER_MS or
 * LINGER_BYTES. For "Connection: close" Node ends the socket and destroys it as soon as the end is
 * flushed (net.Socket#destroySoon); the destroy is taken back here, or, if Node has already done it,
 * the close was immediate, as without this.
 */
function closeAfterAnswer(req: IncomingMessage, res: Response) {
  res.setHeader("Connection", "close");
  res.once("finish", () => {
    const socket = req.socket;
    socket.removeListener("finish", socket.destroy);
    if (socket.destroyed) return;
    if (socket.writable) socket.end();
    req.removeAllListeners("data");
    req.resume();
    const start = socket.bytesRead;
    const started = Date.now();
    const timer = setInterval(() => {
      if (socket.destroyed || Date.now() - started >= LINGER_MS || socket.bytesRead - start > LINGER_BYTES) {
        clearInterval(timer);
        socket.destroy();
      }
    }, 50);
    timer.unref();
  });
}

/** Mounted first: HSTS where the site is https-only, then method, Host, target, origin and declared body size. */
export function guardRequests(transport: Transport): RequestHandler {
  return (req, res, next) => {
    for (const [name, value] of Object.entries(transportHeaders(transport))) res.setHeader(name, value);
    // trust proxy is off, but Remix's Express adapter still takes a port from X-Forwarded-Host (a
    // port over 65535 made its `new URL()` throw). No proxy of ours sends it; it is not read anywhere.
    delete req.headers["x-forwarded-host"];
    const checks: Array<() => GuardVerdict> = [
      () => checkMethod(req.method, req.path),
      () => checkHost(req.headers.host),
      () => checkRequestTarget(req.originalUrl),
      () => {
        const verdict = checkCrossSite({
          method: req.method,
          host: req.headers.host,
          origin: req.headers.origin,
          secFetchSite: header(req.headers["sec-fetch-site"]),
        });
        return verdict.ok ? verdict : { ok: false, status: 403, reason: `cross-site request refused: ${verdict.reason}` };
      },
      () => checkContentLength(req.headers["content-length"], bodyLimitFor(req.path)),
    ];
    for (const check of checks) {
      const verdict = check();
      if (!verdict.ok) return refuse(req, res, transport, verdict.status, verdict.reason, verdict.allow);
    }
    next();
  };
}

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(", ") : value;
}

/**
 * The request body, read up to `limit` bytes; over it, a 413 is thrown while the body streams (a
 * chunked body has no Content-Length to refuse it by), and the rest is never read. A client waiting on
 * Expect: 100-continue is told to go on only here, after the guard has accepted the request.
 */
export function readBody(req: IncomingMessage, res: { writeContinue: () => void }, limit: number): Promise<Buffer> {
  if (/^100-continue$/i.test(req.headers.expect ?? "")) res.writeContinue();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = (error?: Error) => {
      req.off("data", onData).off("end", onEnd).off("error", onError).off("aborted", onAborted);
      if (error) {
        req.pause();
        reject(error);
      } else resolve(Buffer.concat(chunks, size));
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) done(new ClientError(413, `body is over the ${limit}-byte limit`));
      else chunks.push(chunk);
    };
    const onEnd = () => done();
    const onError = (error: Error) => done(new ClientError(400, `body could not be read (${error.message})`));
    const onAborted = () => done(new ClientError(400, "body was cut off"));
    req.on("data", onData).on("end", onEnd).on("error", onError).on("aborted", onAborted);
  });
}

/**
 * Last in the chain. A ClientError (or an Express error carrying a 4xx status) is the client's: its
 * status and one line. Anything else is ours: logged with its stack, answered 500.
 */
export function clientErrors(transport: Transport): ErrorRequestHandler {
  return (error: unknown, req, res, _next) => {
    const status = error instanceof ClientError ? error.status : clientStatus(error);
    if (res.headersSent) {
      // Too late for a status: end the connection (Express's own handler would log the stack again).
      if (status === null) logForRequest(header(req.headers["x-request-id"]), "error", (error as Error).message, error);
      res.destroy();
      return;
    }
    if (status !== null) return refuse(req, res, transport, status, (error as Error).message);
    logForRequest(header(req.headers["x-request-id"]), "error", (error as Error).message, error);
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
 * - CONNECT, which Node hands to a 'connect' listener or else drops without an answer: 405;
 * - Expect: 100-continue, which Node would answer with 100 before the guard could refuse the request.
 * Node's own 400 for an HTTP/1.1 request without Host is turned off so the guard answers it instead.
 */
export function guardServer(server: Server, app: (req: IncomingMessage, res: import("node:http").ServerResponse) => void, transport: Transport): void {
  const extra = Object.entries(transportHeaders(transport))
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join("");
  const answer = (socket: Duplex, status: number, headers = "") =>
    socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${headers}${extra}Connection: close\r\nContent-Length: 0\r\n\r\n`);

  server.on("clientError", (error: NodeJS.ErrnoException, socket: Duplex) => {
    // A client that went away, or a connection with an answer under way: nothing more to say.
    if (error.code === "ECONNRESET" || error.code === "EPIPE" || !socket.writable || (socket as { _httpMessage?: unknown })._httpMessage) {
      socket.destroy();
      return;
    }
    const status = error.code === "HPE_HEADER_OVERFLOW" ? 431 : error.code === "ERR_HTTP_REQUEST_TIMEOUT" ? 408 : 400;
    log.warn({ status, code: error.code }, `${status} (request not parsed): ${error.code ?? "error"}`);
    answer(socket, status);
  });
  server.on("connect", (req: IncomingMessage, socket: Duplex) => {
    logClientError(405, "CONNECT", req.url ?? "", "method CONNECT is not allowed");
    answer(socket, 405, `Allow: ${allowedMethods("").join(", ")}\r\n`);
  });
  server.on("checkContinue", app);
}
