import { STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { Socket } from "node:net";
import type { Duplex } from "node:stream";
import type { ErrorRequestHandler, Request, RequestHandler, Response } from "express";
import onHeaders from "on-headers";
import { checkCrossSite } from "~/edge/cross-site.server";
import { headerValue } from "~/server/header-reader.server";
import { logForRequest, noteHost } from "~/server/access-log.server";
import { log } from "~/server/logger.server";
import { intoAccessLine, logClientError } from "~/server/log-server-error.server";
import { transportHeaders, type Transport } from "~/server/security-headers.server";

// The edge's first step: what a request must look like before static files or Remix see it. Each
// check answers with the status and a reason naming the field at fault, and a refused request gets its
// 4xx and exactly one log line. Also the server-level cases Express never sees (a request Node's parser
// refuses, CONNECT, Expect: 100-continue) and the final error handler, so no client can provoke a 500
// or a stack trace in the log. Found by fuzzing and by hand: an unknown method (TRACE), a Host the URL
// parser refuses (a port over 65535, a space, "user@host") or a request target that is not a path
// ("http://evil.example/", "*/x") each made the adapter's `new URL()` or `new Request()` throw (a 500);
// a decoded path starting "/\" did the same in React Router. Why the steps look as they do: decision 027.

const MAX_URL_LENGTH = 4096;

export type GuardVerdict = { ok: true } | { ok: false; status: 400 | 403 | 405 | 411 | 413 | 414; reason: string; allow?: string };

/**
 * The paths that take a POST: the routes whose module exports an action, read from the server build
 * (action-routes.server.ts). A POST anywhere else is refused here: Remix would answer it with a 405 of
 * its own after running its cross-site check, which throws (a 500) on an Origin that does not match the
 * Host, and it logged that 405 twice.
 */
export type PostPaths = ReadonlySet<string>;

/**
 * A form post's body: the storefront's actions take a few short fields and a way back of at most 2048
 * characters, percent-encoded. A route whose form needs more would get a table keyed by route id.
 */
const ACTION_BODY_LIMIT_BYTES = 8 * 1024;
/** The cap on a declared body anywhere else: nothing else the storefront serves reads one. */
const BODY_LIMIT_BYTES = 64 * 1024;

export function bodyLimitFor(pathname: string, postPaths: PostPaths): number {
  return postPaths.has(pathname) ? ACTION_BODY_LIMIT_BYTES : BODY_LIMIT_BYTES;
}

/** Pages are read (GET, HEAD); the action paths also take a POST. */
export function allowedMethods(pathname: string, postPaths: PostPaths): string[] {
  return postPaths.has(pathname) ? ["GET", "HEAD", "POST"] : ["GET", "HEAD"];
}

export function checkMethod(method: string, pathname: string, postPaths: PostPaths): GuardVerdict {
  const allowed = allowedMethods(pathname, postPaths);
  return allowed.includes(method) ? { ok: true } : { ok: false, status: 405, reason: `method ${method} is not allowed here`, allow: allowed.join(", ") };
}

// RFC 3986 host: a registered name (letters, digits, "-", "_" in dot-separated labels) or an IP literal
// in brackets, then an optional port. Percent-encoding, "@", spaces, backslashes are not a host.
const LABEL = "[A-Za-z0-9_](?:[A-Za-z0-9_-]{0,61}[A-Za-z0-9_])?";
const HOST_PATTERN = new RegExp(`^(?:\\[[0-9A-Fa-f:.]{2,45}\\]|${LABEL}(?:\\.${LABEL})*\\.?)(?::0*(\\d{1,5}))?$`);

/**
 * The Host header: present once (RFC 9112 §3.2: a request with more than one Host line is a 400; Node keeps the
 * first and drops the rest, so two that differ would reach different readers differently), a host[:port] that
 * the URL parser reads as the same host, port 1-65535.
 */
export function checkHost(host: string | undefined, lines = 1): GuardVerdict {
  if (lines > 1) return { ok: false, status: 400, reason: "Host header is sent more than once" };
  if (host === undefined) return { ok: false, status: 400, reason: "Host header is missing" };
  const match = host.length <= 260 ? HOST_PATTERN.exec(host) : null;
  const port = match?.[1];
  if (!match || (port !== undefined && (Number(port) < 1 || Number(port) > 65535))) {
    return { ok: false, status: 400, reason: "Host header is not a host[:port]" };
  }
  try {
    // A name of digits and dots the URL parser reads as an IPv4 address it refuses ("1.2.3.999").
    new URL(`http://${host}/`);
  } catch {
    return { ok: false, status: 400, reason: "Host header is not a host[:port]" };
  }
  return { ok: true };
}

/**
 * The request target: a path (origin-form). Absolute-form ("http://evil.example/") is only for proxies
 * and would let the target name another host than Host; asterisk-form is only for OPTIONS, refused
 * anyway. Then the path itself: decodable, no backslash or control character, no leading "//" (which
 * URL parsers read as a host), at most 4096 characters.
 */
export function checkRequestTarget(originalUrl: string): GuardVerdict {
  if (originalUrl.length > MAX_URL_LENGTH) return { ok: false, status: 414, reason: "URL too long" };
  if (!originalUrl.startsWith("/")) return { ok: false, status: 400, reason: "request target is not a path" };
  const pathname = originalUrl.split("?")[0] ?? "/";
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return { ok: false, status: 400, reason: "malformed percent-encoding in path" };
  }
  // Backslashes, control characters and a leading "//" turn a path into something URL parsers read as a host.
  if (/[\\\u0000-\u001f\u007f]/.test(decoded) || decoded.startsWith("//")) {
    return { ok: false, status: 400, reason: "path contains characters that cannot be routed" };
  }
  return { ok: true };
}

/** How many Host lines the request had (Node's `headers` keep only the first). */
function hostLines(rawHeaders: string[]): number {
  let count = 0;
  for (let i = 0; i < rawHeaders.length; i += 2) if (rawHeaders[i]!.toLowerCase() === "host") count += 1;
  return count;
}

/**
 * The serving host as every URL a page writes and the page cache key spell it (decision 020): lower
 * case, no trailing dot, no leading zeros in the port, and no port that is the default of the scheme
 * the request came in on (http) or of the URLs pages write (`pageScheme`). Takes a Host that
 * `checkHost` accepted; the URL parser does the lower-casing, IPv4 and IPv6 forms and the port digits.
 */
export function canonicalHost(host: string, pageScheme: "http" | "https"): string {
  const url = new URL(`http://${host}/`);
  const hostname = url.hostname.endsWith(".") ? url.hostname.slice(0, -1) : url.hostname;
  const port = url.port === "" || (pageScheme === "https" && url.port === "443") ? "" : `:${url.port}`;
  return `${hostname}${port}`;
}

type BodyHeaders = { "content-length"?: string; "transfer-encoding"?: string };

/**
 * GET and HEAD carry no body here: one declared (a Content-Length above 0, or any Transfer-Encoding) is
 * refused at the headers, before a byte of it is read. Node would otherwise read a body nobody asked
 * for to its end to reach the next request on the connection, however long, chunked or not.
 */
export function checkNoBody(method: string, headers: BodyHeaders): GuardVerdict {
  if (method !== "GET" && method !== "HEAD") return { ok: true };
  if (headers["transfer-encoding"] !== undefined) return { ok: false, status: 400, reason: `a ${method} request carries no body (Transfer-Encoding)` };
  if (Number(headers["content-length"] ?? 0) !== 0) return { ok: false, status: 400, reason: `a ${method} request carries no body (Content-Length)` };
  return { ok: true };
}

/**
 * A POST declares its length, so its limit is checked before a byte is read and Node's parser ends the
 * body there (more bytes are the next request, refused as framing). A chunked body has no length to
 * check: 411. Browsers always send Content-Length with a form (decision 027).
 */
export function checkDeclaredLength(method: string, headers: BodyHeaders): GuardVerdict {
  if (method !== "POST" || headers["content-length"] !== undefined) return { ok: true };
  return {
    ok: false,
    status: 411,
    reason:
      headers["transfer-encoding"] === undefined ? "a POST must declare its Content-Length" : "a POST must declare its Content-Length, not a Transfer-Encoding",
  };
}

/** A declared Content-Length over the limit is refused before a byte of the body is read. */
export function checkContentLength(contentLength: string | undefined, limit: number): GuardVerdict {
  if (contentLength === undefined) return { ok: true };
  const length = Number(contentLength);
  return Number.isFinite(length) && length > limit
    ? { ok: false, status: 413, reason: `body of ${length} bytes is over the ${limit}-byte limit` }
    : { ok: true };
}

function badRequestHtml(reason: string, title = "Bad request"): string {
  const safe = reason.replace(/[<>&"]/g, "");
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head><body><main><h1>${title}</h1><p>That request doesn't look right (${safe}).</p><p><a href="/">Go to the home page</a></p></main></body></html>`;
}

/** A refusal page has no script, style or subresource, and may not be framed elsewhere. */
const REFUSAL_CSP = "default-src 'none'; frame-ancestors 'self'";

/** A refusal: status, the headers every answer carries, a small page naming the reason, one log line. */
function refuse(req: Request, res: Response, guard: GuardOptions, status: number, reason: string, allow?: string) {
  logClientError(status, req.method, req.originalUrl, reason, intoAccessLine(req.headers["x-request-id"]));
  refused.add(res);
  res.status(status);
  for (const [name, value] of Object.entries(transportHeaders(guard.transport))) res.setHeader(name, value);
  res.setHeader("Cache-Control", "no-store");
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("Content-Security-Policy", REFUSAL_CSP);
  if (status === 405) res.setHeader("Allow", allow ?? allowedMethods(req.path, guard.postPaths).join(", "));
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

export interface GuardOptions {
  transport: Transport;
  postPaths: PostPaths;
  /** The event collector's path (app/collect/collector.server.ts): it takes a POST too, of up to 64 KB. */
  collectPath?: string;
}

/**
 * Mounted first: HSTS where the site is https-only, then method, Host, target, origin and declared body
 * size. Whoever answers, a response that sets a cookie is never stored (storeNothingThatSetsACookie).
 */
export function guardRequests(guard: GuardOptions): RequestHandler {
  const posts: PostPaths = guard.collectPath ? new Set([...guard.postPaths, guard.collectPath]) : guard.postPaths;
  return (req, res, next) => {
    for (const [name, value] of Object.entries(transportHeaders(guard.transport))) res.setHeader(name, value);
    onHeaders(res, storeNothingThatSetsACookie);
    // trust proxy is off, but Remix's Express adapter still takes a port from X-Forwarded-Host (a
    // port over 65535 made its `new URL()` throw). No proxy of ours sends it; it is not read anywhere.
    delete req.headers["x-forwarded-host"];
    const checks: Array<() => GuardVerdict> = [
      () => checkMethod(req.method, req.path, posts),
      () => checkHost(req.headers.host, hostLines(req.rawHeaders)),
      () => checkRequestTarget(req.originalUrl),
      () => {
        const verdict = checkCrossSite({
          method: req.method,
          host: req.headers.host,
          origin: req.headers.origin,
          secFetchSite: headerValue(req.headers["sec-fetch-site"]),
        });
        return verdict.ok ? verdict : { ok: false, status: 403, reason: `cross-site request refused: ${verdict.reason}` };
      },
      () => checkContentLength(req.headers["content-length"], bodyLimitFor(req.path, guard.postPaths)),
      () => checkDeclaredLength(req.method, req.headers),
      () => checkNoBody(req.method, req.headers),
    ];
    for (const check of checks) {
      const verdict = check();
      if (!verdict.ok) return refuse(req, res, guard, verdict.status, verdict.reason, verdict.allow);
    }
    // One spelling of the host for the page cache key and every URL a page writes (decision 020);
    // after the cross-site check, which compares Origin with the Host as the browser sent it.
    req.headers.host = canonicalHost(req.headers.host!, guard.transport.pageScheme);
    noteHost(res, req.headers.host);
    // A client waiting on Expect: 100-continue is told to go on only now, after the checks accepted it.
    if (/^100-continue$/i.test(req.headers.expect ?? "")) res.writeContinue();
    next();
  };
}

/**
 * docs/security.md: a shared cache that stored an answer carrying Set-Cookie would hand one visitor's
 * cookie to the next, so such an answer says no-store whatever the step that made it said. Registered
 * first, this listener runs last, after every step's own (on-headers calls the newest first).
 */
function storeNothingThatSetsACookie(this: ServerResponse): void {
  if (this.hasHeader("set-cookie")) this.setHeader("Cache-Control", "no-store");
}

/**
 * Last in the chain. An error carrying a 4xx status (Express's, serve-static's) is the client's: its
 * status and one line. Anything else is ours: logged with its stack, answered 500.
 */
export function clientErrors(guard: GuardOptions): ErrorRequestHandler {
  return (error: unknown, req, res, _next) => {
    const status = clientStatus(error);
    // The edge answered this request already (a refusal, or a request abandoned for its body, which
    // destroys the request under its handler): the handler's late answer has nowhere to go, and says
    // nothing new.
    if (refused.has(res)) return;
    if (res.headersSent) {
      // Too late for a status: end the connection (Express's own handler would log the stack again).
      if (status === null) logForRequest(headerValue(req.headers["x-request-id"]), "error", (error as Error).message, error);
      res.destroy();
      return;
    }
    if (status !== null) return refuse(req, res, guard, status, (error as Error).message);
    logForRequest(headerValue(req.headers["x-request-id"]), "error", (error as Error).message, error);
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
/** Connections whose parser failed; its later reports are ignored. */
const framingErrors = new WeakSet<Duplex>();
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
 * What Node answers before Express runs, made to follow the same rule (one answer, one line, a 4xx),
 * through the server's public events ('request', 'clientError', 'connect', 'checkContinue'):
 * - a request its parser refuses (a control character in a header, a bad method or version, headers
 *   over 16 KB): 400 or 431, instead of Node's silent default;
 * - bytes the parser refuses after a request it accepted (more body than Content-Length, a malformed
 *   chunk, a request pipelined after Connection: close): every accepted request still gets its answer,
 *   the last one with Connection: close, and the connection ends after it; one line names the fault
 *   (none more when the answer is itself a logged refusal). Node's default destroyed the connection,
 *   and with it the answers under way (decision 020);
 * - CONNECT, which Node hands to a 'connect' listener or else drops without an answer: 405;
 * - Expect: 100-continue, which Node would answer with 100 before the guard could refuse the request.
 * Node's own 400 for an HTTP/1.1 request without Host is turned off (createServer) so the guard answers it.
 */
export function guardServer(server: Server, app: (req: IncomingMessage, res: ServerResponse) => void, guard: GuardOptions): void {
  const extra = Object.entries(transportHeaders(guard.transport))
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
    framingErrors.add(socket);
    const reason = framingReason(error.code);
    const last = lastResponses.get(socket);
    // The request in flight never got its whole body (its client ended its side, or the request timeout
    // passed): it can never complete, so it is answered here and its connection closed (abandon).
    if (last && !last.writableFinished && !last.req.complete) {
      abandon(last, guard, error.code === "ERR_HTTP_REQUEST_TIMEOUT" ? 408 : 400, incompleteReason(error.code, server.requestTimeout));
      return;
    }
    // Answers are under way on this connection, or the last one said it closes it: each is sent, the
    // last one closes it, and one line is logged once it is out (unless it was a logged refusal).
    if (last && (!last.writableFinished || last.getHeader("connection") === "close" || !last.shouldKeepAlive)) {
      if (!last.headersSent) last.setHeader("Connection", "close");
      const message = `400 (request not parsed) after ${printableRequest(last.req)}: ${reason}`;
      // While its answer is under way the line goes into that request's access line: one line in all.
      const inFlight = !last.writableFinished;
      if (inFlight) logForRequest(headerValue(last.req.headers["x-request-id"]), "warn", message);
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
  // A connection on which nothing has moved for `server.timeout` (REQUEST_TIMEOUT_MS; a write still
  // draining counts as moving). With this listener Node no longer closes it by itself, so every case is
  // decided here (decision 043):
  server.on("timeout", (socket: Socket) => {
    const last = lastResponses.get(socket);
    const inFlight = last && !last.writableFinished ? last : undefined;
    // Its answer has started and the client takes none of it: closed, and its access line says so (499).
    if (inFlight?.headersSent) {
      logForRequest(
        headerValue(inFlight.req.headers["x-request-id"]),
        "warn",
        `${printableRequest(inFlight.req)}: the client took none of its answer for ${server.timeout} ms; its connection is closed`,
      );
      socket.destroy();
      return;
    }
    // No request yet (the request timeout answers it with 408), or one still being answered (its own
    // budgets bound it): the clock starts again.
    if (!last || inFlight) {
      socket.setTimeout(server.timeout);
      return;
    }
    // Idle after its answers: Node's keep-alive timeout, which closes it, as Node would.
    socket.destroy();
  });
  server.on("connect", (req: IncomingMessage, socket: Duplex) => {
    logClientError(405, "CONNECT", req.url ?? "", "method CONNECT is not allowed");
    answer(socket, 405, `Allow: ${allowedMethods("", guard.postPaths).join(", ")}\r\n`);
  });
  server.on("checkContinue", app);
}

/** Why a request's body will never arrive in full, naming the field (never a value the client sent). */
function incompleteReason(code: string | undefined, requestTimeoutMs: number): string {
  if (code === "ERR_HTTP_REQUEST_TIMEOUT") return `body: not received in full within ${requestTimeoutMs} ms (REQUEST_TIMEOUT_MS)`;
  if (code === "HPE_INVALID_EOF_STATE") return "body: the client closed its side before sending the Content-Length it declared";
  return `body: ${framingReason(code)}`;
}

/**
 * A request whose body will never complete. Node would wait for the rest forever (its request timeout
 * reports it, once, to 'clientError', and nothing more): the socket stayed in CLOSE-WAIT with no answer,
 * no log line and its handler waiting. Here it gets its 400 or 408 (the refusal page, one access line, no
 * keep-alive), its connection closes once the answer is out (linger), and when the socket is gone the
 * request is destroyed, so the handler still reading the body (Remix's, for a form post) sees it fail
 * and lets go. What that handler does next is about a request that is over: its late warning is dropped
 * (access-log.server.ts) and its late answer is not written (clientErrors). Decision 043.
 */
function abandon(res: ServerResponse, guard: GuardOptions, status: 400 | 408, reason: string) {
  const req = res.req;
  const socket = req.socket;
  socket.once("close", () => req.destroy(new Error(reason)));
  if (!res.headersSent) {
    // Express's request and response: the 'request' listener that tracked them ran after Express's own.
    refuse(req as Request, res as Response, guard, status, reason);
    return;
  }
  // Too late for a status: the line says why, and the connection ends after what was sent.
  logForRequest(headerValue(req.headers["x-request-id"]), "warn", `${status} ${printableRequest(req)}: ${reason}`);
  linger(socket);
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
