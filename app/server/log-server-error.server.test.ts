import { describe, expect, it, vi } from "vitest";
import { logClientError, logServerError } from "./log-server-error.server";

/** The shape Remix hands to handleError for its own errors (@remix-run/router's ErrorResponseImpl). */
const internalErrorResponse = (status: number, statusText: string, error: Error) => ({ status, statusText, internal: true, data: error.toString(), error });

const request = (aborted = false) => {
  const controller = new AbortController();
  if (aborted) controller.abort();
  return new Request("http://localhost/x", { signal: controller.signal });
};

describe("logServerError", () => {
  it("logs a loader's or render's Error", () => {
    const log = vi.fn();
    const error = new Error("catalogue answered 500");
    logServerError(error, { request: request() }, log);
    expect(log).toHaveBeenCalledWith(error);
  });

  it("does not log a path no route matches (Remix's internal 404)", () => {
    const log = vi.fn();
    const noMatch = internalErrorResponse(404, "Not Found", new Error('No route matches URL "/wp-login.php"'));
    logServerError(noMatch, { request: request() }, log);
    expect(log).not.toHaveBeenCalled();
  });

  it("logs another client error as one line with its status, method and path, without a stack or the query", () => {
    const log = vi.fn();
    const inner = new Error('Invalid request method "PROPFIND"');
    const propfind = new Request("http://localhost/x?email=visitor%40example.com", { method: "PROPFIND" });
    logServerError(internalErrorResponse(405, "Method Not Allowed", inner), { request: propfind }, log);
    expect(log).toHaveBeenCalledWith("405 PROPFIND /x: the route takes no request with this method");
  });

  it("names the field, never the value, when _data names another route (the router's message quotes it)", () => {
    const log = vi.fn();
    const inner = new Error('Route "alice@pii-example.com" does not match URL "/"');
    const data = new Request("http://localhost/?_data=alice%40pii-example.com");
    logServerError(internalErrorResponse(403, "Forbidden", inner), { request: data }, log);
    expect(log).toHaveBeenCalledWith("403 GET /: _data names a route that does not match the URL");
    expect(JSON.stringify(log.mock.calls)).not.toContain("pii-example");
  });

  it("logs Remix's internal server errors as the Error they carry", () => {
    const log = vi.fn();
    const inner = new Error("Unexpected Server Error");
    logServerError(internalErrorResponse(500, "Internal Server Error", inner), { request: request() }, log);
    expect(log).toHaveBeenCalledWith(inner);
  });

  it("does not log a request the visitor abandoned", () => {
    const log = vi.fn();
    logServerError(new Error("aborted render"), { request: request(true) }, log);
    expect(log).not.toHaveBeenCalled();
  });
});

describe("logClientError", () => {
  it("is one line: status, method, path without the query, and the field at fault", () => {
    const log = vi.fn();
    logClientError(400, "GET", "/x?email=visitor%40example.com", "Host header is not a host[:port]", log);
    expect(log).toHaveBeenCalledTimes(1);
    expect(log).toHaveBeenCalledWith("400 GET /x: Host header is not a host[:port]");
  });

  it("escapes what the client sent so it cannot forge log lines", () => {
    const log = vi.fn();
    logClientError(400, "GET", "/a\n400 GET /forged\u0000", "reason", log);
    const line = log.mock.calls[0]![0] as string;
    expect(line).not.toMatch(/[\n\u0000]/);
    expect(line).toBe("400 GET /a\\u{a}400 GET /forged\\u{0}: reason");
  });
});
