import { randomUUID } from "node:crypto";
import type { RequestHandler, Response } from "express";
import { log } from "./logger.server";
import { observeHttpRequest, routeKind, type PageCacheResult } from "./metrics.server";

// One access line per request, and the HTTP metrics, both written when the response is done
// (docs/operations.md#logs, decision 022). The line carries method, the resolved host, path without query
// values (and without names the storefront does not read), status, duration, page-cache result and request id;
// never a cookie, a query value or name a visitor chose, or a Host as sent. What else the
// request's handling has to say (a refusal, Remix's 4xx, an error of ours) is folded into that same line,
// so one bad request is still one line. The request id is the client's X-Request-Id when well-formed,
// else made here, and echoed in the response.

/**
 * What a load balancer or CDN sends as an id: letters, digits, `.`, `_` and `-`, 64 at most. Anything else (an
 * address with `@`, a long token) may be a visitor's data, and is replaced by an id of ours.
 */
const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

type Level = "warn" | "error";

interface Note {
  level: Level | null;
  messages: string[];
  err?: unknown;
}

/** Notes of the requests in flight, by request id (the handlers that see only a fetch Request find it in its headers). */
const notes = new Map<string, Note>();

/**
 * The path for a log line: each query value dropped, the names the storefront reads kept (`/?uid=&lang=`), and
 * every other name, which a visitor chose and may have written anything in, replaced by their count
 * (`/?uid=&lang=&+2`).
 */
export function loggablePath(url: string, ourNames: ReadonlySet<string>): string {
  const cut = url.indexOf("?");
  const path = cut < 0 ? url : url.slice(0, cut);
  let text = path;
  if (cut >= 0) {
    const names = url
      .slice(cut + 1)
      .split("&")
      .map((pair) => pair.split("=")[0]!);
    const ours = names.filter((name) => ourNames.has(name));
    const others = names.length - ours.length;
    text = `${path}?${[...ours.map((name) => `${name}=`), ...(others ? [`+${others}`] : [])].join("&")}`;
  }
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
}

/** The request id a response should carry: the client's when well-formed and not in flight, else a new one. */
function requestId(sent: string | string[] | undefined): string {
  return typeof sent === "string" && REQUEST_ID.test(sent) && !notes.has(sent) ? sent : randomUUID();
}

/**
 * Mounted first. The page cache step says whether it found the page (notePageCache) when it looked one up; the
 * guard, which host it resolved (noteHost). `queryNames`: the query parameter names the storefront reads, logged
 * as they are; others are counted.
 */
export function accessLog({ queryNames }: { queryNames: readonly string[] }): RequestHandler {
  const ourNames = new Set(queryNames);
  return (req, res, next) => {
    const started = performance.now();
    const id = requestId(req.headers["x-request-id"]);
    // Handlers downstream (Remix's, through the fetch Request built from these headers) find their note by it.
    req.headers["x-request-id"] = id;
    res.setHeader("X-Request-Id", id);
    const note: Note = { level: null, messages: [] };
    notes.set(id, note);
    let logged = false;
    // "finish" when the answer is handed to the socket (a refused request's connection may linger a
    // while after); "close" alone when the client went away first (nginx's 499).
    const done = () => {
      if (logged) return;
      logged = true;
      notes.delete(id);
      const status = res.writableFinished ? res.statusCode : 499;
      const ms = performance.now() - started;
      const cache = pageCacheOf(res);
      const path = req.originalUrl;
      observeHttpRequest(routeKind(req.method, path.split("?")[0] ?? ""), status, cache, ms);
      const fields = {
        requestId: id,
        method: req.method,
        // The host the guard resolved; a Host it refused is not written as sent (null).
        host: resolvedHosts.get(res) ?? null,
        path: loggablePath(path, ourNames),
        status,
        durationMs: Math.round(ms * 10) / 10,
        cache,
        ...(note.err === undefined ? {} : { err: note.err }),
      };
      const message = note.messages.length ? note.messages.join("; ") : "request";
      log[note.level ?? "info"](fields, message);
    };
    res.once("finish", done).once("close", done);
    next();
  };
}

const resolvedHosts = new WeakMap<Response, string>();

/** The guard's one spelling of the request's host, once it accepted the Host header: what the access line says. */
export function noteHost(res: Response, host: string): void {
  resolvedHosts.set(res, host);
}

const pageCacheResults = new WeakMap<Response, "hit" | "miss">();

/** The page cache step's answer for this response: it found the page or not (otherwise it never looked). */
export function notePageCache(res: Response, result: "hit" | "miss"): void {
  pageCacheResults.set(res, result);
}

export function pageCacheOf(res: Response): PageCacheResult {
  return pageCacheResults.get(res) ?? "bypass";
}

/**
 * Logs a line about one request: folded into its access line while the request is in flight (found by
 * its X-Request-Id header). Once that line is written (the client left: 499; or the edge answered and
 * closed a request whose body never came), a handler still running may report what it then sees, such
 * as the unreadable body of a form: a warning about the client's request adds nothing and is dropped, so
 * one request stays one line; an error of ours is still written, on its own, with the request's id.
 * Without a request id, the line is written on its own.
 */
export function logForRequest(requestIdHeader: string | null | undefined, level: Level, message: string, err?: unknown): void {
  const note = requestIdHeader ? notes.get(requestIdHeader) : undefined;
  if (!note) {
    if (requestIdHeader && level === "warn") return;
    const fields = { ...(requestIdHeader ? { requestId: requestIdHeader } : {}), ...(err === undefined ? {} : { err }) };
    log[level](fields, message);
    return;
  }
  if (note.level !== "error") note.level = level;
  note.messages.push(message);
  if (err !== undefined) note.err ??= err;
}
