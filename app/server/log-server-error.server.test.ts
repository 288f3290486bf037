import { createRequestHandler } from "@remix-run/node";
import { oneRouteBuild } from "../../tests/unit/one-route-build";
import { describe, expect, it, vi } from "vitest";
import { logClientError, logServerError } from "./log-server-error.server";

const request = (aborted = false) => {
  const controller = new AbortController();
  if (aborted) controller.abort();
  return new Request("http://localhost/x", { signal: controller.signal });
};

/**
 * What Remix's own request handler hands handleError for `request`, through a one-route build (a root at "/"
 * with a loader and no action): its errors as @remix-run/router makes them, so a Remix upgrade that changes
 * their public shape fails here.
 */
async function remixErrorsFor(request: Request): Promise<unknown[]> {
  const errors: unknown[] = [];
  const build = oneRouteBuild(() => ({ kind: "page" }), { handleError: (error) => void errors.push(error) });
  await createRequestHandler(build)(request);
  return errors;
}

/** The line logServerError writes for what Remix handed handleError for `request` (one error expected). */
async function loggedFor(request: Request): Promise<unknown[]> {
  const errors = await remixErrorsFor(request);
  expect(errors).toHaveLength(1);
  const log = vi.fn();
  logServerError(errors[0], { request }, log);
  return log.mock.calls.map(([what]) => what);
}

describe("logServerError", () => {
  it("logs a loader's or render's Error", () => {
    const log = vi.fn();
    const error = new Error("catalogue answered 500");
    logServerError(error, { request: request() }, log);
    expect(log).toHaveBeenCalledWith(error);
  });

  it("does not log a path no route matches (Remix's internal 404)", async () => {
    expect(await loggedFor(new Request("http://localhost/wp-login.php"))).toEqual([]);
  });

  it("logs another client error of Remix's as one line with its status, method, path and a reason in our words, without a stack or the query", async () => {
    expect(await loggedFor(new Request("http://localhost/?email=visitor%40example.com", { method: "PROPFIND" }))).toEqual([
      "405 PROPFIND /: the route takes no request with this method",
    ]);
    const post = new Request("http://localhost/?email=visitor%40example.com", { method: "POST", body: new URLSearchParams({ email: "visitor@example.com" }) });
    expect(await loggedFor(post)).toEqual(["405 POST /: the route takes no request with this method"]);
  });

  it("names the field, never the value, when _data names another route (the router's message quotes it)", async () => {
    const logged = await loggedFor(new Request("http://localhost/?_data=alice%40pii-example.com"));
    expect(logged).toEqual(["403 GET /: _data names a route that does not match the URL"]);
    expect(JSON.stringify(logged)).not.toContain("pii-example");
  });

  it("logs a server error response as an Error, quoting no data that is not Remix's own message", () => {
    const log = vi.fn();
    logServerError({ status: 502, statusText: "Bad Gateway", internal: false, data: "visitor@example.com" }, { request: request() }, log);
    expect(log).toHaveBeenCalledTimes(1);
    const logged = log.mock.calls[0]![0] as Error;
    expect(logged).toBeInstanceOf(Error);
    expect(logged.message).toBe("502 GET /x: Bad Gateway");
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
