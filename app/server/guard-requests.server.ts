import { STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from "node:http";
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
  canonicalHost,
  checkContentLength,
  checkHost,
  checkMethod,
  checkNoBody,
  checkRequestTarget,
  type GuardVerdict,
} from "./request-guard.server";
import { transportHeaders, type Transport } from "./security-headers.server";

// The HTTP edge: every request is checked before static files or Remix see it, and
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
  refused.add(res);
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

/** A refused request's body is not read, and the connection closes after the answer (see linger). */
function closeAfterAnswer(req: IncomingMessage, res: Response) {
  res.setHeader("Connection", "close");
  res.once("finish", () => {
    req.removeAllListeners("data");
    req.resume();
    linger(req.socket);
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
      () => checkNoBody(req.method, req.headers),
    ];
    for (const check of checks) {
      const verdict = check();
      if (!verdict.ok) return refuse(req, res, transport, verdict.status, verdict.reason, verdict.allow);
    }
    // One spelling of the host for the page cache key and every URL a page writes (decision 020);
    // after the cross-site check, which compares Origin with the Host as the browser sent it.
    req.headers.host = canonicalHost(req.headers.host!, transport.pageScheme);
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
  return new Promise<Buffer>((resolve, reject) => {
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
    // Bytes after the body that are no request (more than Content-Length said, a broken chunk) make the
    // whole exchange suspect: the body is refused rather than acted on (see guardServer).
    const onEnd = () => {
      const framing = framingErrors.get(req.socket);
      done(framing ? new ClientError(400, framing) : undefined);
    };
    const onError = (error: Error) => done(new ClientError(400, `body could not be read (${error.message})`));
    const onAborted = () => done(new ClientError(400, "body was cut off"));
    const onFraming = (reason: string) => done(new ClientError(400, reason));
    bodyReaders.set(req, onFraming);
    req.on("data", onData).on("end", onEnd).on("error", onError).on("aborted", onAborted);
  }).finally(() => bodyReaders.delete(req));
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

/** Responses that are a refusal: it was logged, so the connection's framing error is not logged again. */
const refused = new WeakSet<ServerResponse>();
/** Why a connection's parser failed after it had accepted a request (the bytes after it are no request). */
const framingErrors = new WeakMap<Duplex, string>();
/** A body still being read, told when the parser fails in it (the body will never end). */
const bodyReaders = new WeakMap<IncomingMessage, (reason: string) => void>();
const lingering = new WeakSet<Duplex>();
/** The last response of each connection: the answer to the last request the parser accepted there. */
const lastResponses = new WeakMap<Duplex, ServerResponse>();

const printableRequest = (req: IncomingMessage) =>
  `${req.method ?? "?"} ${(req.url ?? "")
    .split("?")[0]!
    .slice(0, 200)
    .replace(/[^\x20-\x7e]/g, "?")}`;

/** The parser's error code in words, for the one log line. */
function framingReason(code: string | undefined): string {
  const known: Record<string, string> = {
    HPE_CLOSED_CONNECTION: "a request after Connection: close",
    HPE_INVALID_METHOD: "bytes after the request that are not a request",
    HPE_INVALID_CHUNK_SIZE: "a malformed chunked body",
    HPE_INVALID_TRANSFER_ENCODING: "a Transfer-Encoding that does not end in chunked",
    HPE_INVALID_CONTENT_LENGTH: "a malformed Content-Length",
    HPE_UNEXPECTED_CONTENT_LENGTH: "both Content-Length and Transfer-Encoding",
  };
  return `${known[code ?? ""] ?? "a request that cannot be parsed"} (${code ?? "error"})`;
}

/**
 * What Node answers before Express runs, made to follow the same rule (one answer, one line, a 4xx):
 * - a request its parser refuses (a control character in a header, a bad method or version, headers
 *   over 16 KB): 400 or 431, instead of Node's silent default;
 * - bytes the parser refuses after a request it accepted (more body than Content-Length, a malformed
 *   chunk, a request pipelined after Connection: close): every accepted request still gets its answer,
 *   the last one with Connection: close, and the connection ends after it; one line names the fault
 *   (none more when the answer is itself a logged refusal). Node's default destroyed the connection,
 *   and with it the answers under way (decision 020);
 * - CONNECT, which Node hands to a 'connect' listener or else drops without an answer: 405;
 * - Expect: 100-continue, which Node would answer with 100 before the guard could refuse the request.
 * Node's own 400 for an HTTP/1.1 request without Host is turned off so the guard answers it instead.
 */
export function guardServer(server: Server, app: (req: IncomingMessage, res: ServerResponse) => void, transport: Transport): void {
  const extra = Object.entries(transportHeaders(transport))
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join("");
  const answer = (socket: Duplex, status: number, headers = "") => {
    socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${headers}${extra}Connection: close\r\nContent-Length: 0\r\n\r\n`);
    linger(socket);
  };

  const track = (req: IncomingMessage, res: ServerResponse) => lastResponses.set(req.socket, res);
  server.on("request", track);
  server.on("checkContinue", track);

  server.on("clientError", (error: NodeJS.ErrnoException, socket: Duplex) => {
    // A client that went away: nothing more to say.
    if (error.code === "ECONNRESET" || error.code === "EPIPE" || !socket.writable) {
      socket.destroy();
      return;
    }
    // The failed parser reports again on every later packet; the first report is the one answered.
    if (framingErrors.has(socket)) return;
    const reason = framingReason(error.code);
    framingErrors.set(socket, reason);
    const last = lastResponses.get(socket);
    // Answers are under way on this connection, or the last one said it closes it: each is sent, the
    // last one closes it, and one line is logged once it is out (unless it was a logged refusal).
    if (last && (!last.writableFinished || last.getHeader("connection") === "close" || !last.shouldKeepAlive)) {
      const req = (last as ServerResponse & { req: IncomingMessage }).req;
      bodyReaders.get(req)?.(reason);
      if (!last.headersSent) last.setHeader("Connection", "close");
      const message = `400 (request not parsed) after ${printableRequest(req)}: ${reason}`;
      // While its answer is under way the line goes into that request's access line: one line in all.
      const inFlight = !last.writableFinished;
      if (inFlight) logForRequest(req.headers["x-request-id"] as string | undefined, "warn", message);
      const close = () => {
        if (!inFlight && !refused.has(last)) log.warn({ status: 400 }, message);
        linger(socket);
      };
      if (last.writableFinished) close();
      else last.once("finish", close);
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

/**
 * Ends a connection whose input is no longer read as requests: our side ends once the answers are out,
 * what still arrives is dropped, and the socket is destroyed after LINGER_MS or LINGER_BYTES (closing
 * with unread input would reset the connection, and the client could lose the answer; RFC 9112 §9.6).
 */
function linger(socket: Duplex) {
  const net = socket as Duplex & { bytesRead?: number };
  // For "Connection: close" Node ends the socket and destroys it as soon as the end is flushed
  // (net.Socket#destroySoon): the destroy is taken back here; if Node has already done it, so be it.
  socket.removeListener("finish", socket.destroy);
  if (socket.destroyed || lingering.has(socket)) return;
  lingering.add(socket);
  if (socket.writable) socket.end();
  socket.resume();
  const start = net.bytesRead ?? 0;
  const started = Date.now();
  const timer = setInterval(() => {
    if (socket.destroyed || Date.now() - started >= LINGER_MS || (net.bytesRead ?? 0) - start > LINGER_BYTES) {
      clearInterval(timer);
      socket.destroy();
    }
  }, 50);
  timer.unref();
}
