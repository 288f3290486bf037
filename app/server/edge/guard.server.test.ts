import { describe, expect, it } from "vitest";
import {
  allowedMethods,
  bodyLimitFor,
  canonicalHost,
  checkContentLength,
  checkDeclaredLength,
  checkHost,
  checkMethod,
  checkNoBody,
  checkRequestTarget,
} from "./guard.server";

/** The action paths of today's routes (the edge reads them from the server build: action-routes.server.ts). */
const POST_PATHS = new Set(["/preferences/currency", "/consent"]);

describe("checkRequestTarget", () => {
  it("lets ordinary paths through", () => {
    for (const url of ["/", "/fr/shows/les-miserables/", "/?uid=a.b&lang=fr", "/%C3%A9t%C3%A9/"]) expect(checkRequestTarget(url), url).toEqual({ ok: true });
  });
  it("rejects paths that URL parsers would read as hosts, and broken encodings", () => {
    for (const url of ["/%5Cevil.example/x", "/\\x", "//evil.example/x", "/%2F%2Fevil", "/a%00b", "/%E0%A4%A"]) {
      expect(checkRequestTarget(url).ok, url).toBe(false);
    }
  });
  it("rejects URLs over 4096 characters with 414", () => {
    expect(checkRequestTarget(`/${"a".repeat(4095)}`)).toEqual({ ok: true });
    expect(checkRequestTarget(`/${"a".repeat(4096)}`)).toMatchObject({ ok: false, status: 414 });
  });
  it("leaves the query string to the page resolver", () => {
    expect(checkRequestTarget("/?uid=%5C%5C")).toEqual({ ok: true });
  });
});

describe("checkRequestTarget: only a path is a target", () => {
  it("refuses absolute-form and asterisk-form targets with 400", () => {
    for (const url of ["http://evil.example/", "https://evil.example/x", "*", "*/x", "evil.example:443", ""]) {
      expect(checkRequestTarget(url), url).toMatchObject({ ok: false, status: 400, reason: "request target is not a path" });
    }
  });
});

describe("checkMethod", () => {
  it("allows GET and HEAD everywhere, POST only where there is an action, and refuses the rest with 405 and Allow", () => {
    for (const method of ["GET", "HEAD"]) expect(checkMethod(method, "/x", POST_PATHS), method).toEqual({ ok: true });
    expect(checkMethod("POST", "/preferences/currency", POST_PATHS)).toEqual({ ok: true });
    expect(checkMethod("POST", "/", POST_PATHS)).toMatchObject({ ok: false, status: 405, allow: "GET, HEAD" });
    for (const method of ["TRACE", "PUT", "DELETE", "PATCH", "OPTIONS", "CONNECT", "PROPFIND", "get"]) {
      expect(checkMethod(method, "/", POST_PATHS), method).toMatchObject({ ok: false, status: 405, allow: "GET, HEAD" });
      expect(checkMethod(method, "/preferences/currency", POST_PATHS), method).toMatchObject({ ok: false, status: 405, allow: "GET, HEAD, POST" });
    }
    expect(allowedMethods("/preferences/currency", POST_PATHS)).toEqual(["GET", "HEAD", "POST"]);
    expect(allowedMethods("/consent", POST_PATHS)).toEqual(["GET", "HEAD", "POST"]);
  });
});

describe("checkHost", () => {
  it("accepts names, IP literals and ports 1-65535", () => {
    for (const host of [
      "www.paris-experiences.example",
      "WWW.PARIS-EXPERIENCES.EXAMPLE:443",
      "localhost:3210",
      "127.0.0.1",
      "[::1]:8080",
      "a_b.example",
      "www.example.",
      "x:65535",
      "localhost:035817",
      "0x7f.1",
    ]) {
      expect(checkHost(host), host).toEqual({ ok: true });
    }
  });
  it("refuses with 400 what is not a host[:port], naming the Host header", () => {
    const hostile = [
      undefined,
      "",
      "www.paris-experiences.example:99999",
      "x:0",
      "x:65536",
      "a b",
      "www.x.example%00",
      "x\\",
      "localhost@evil.example",
      "user:pw@localhost",
      "x:80:80",
      "[::1",
      "[zz]",
      "1.2.3.999",
      ":80",
      "x:",
      "x:-1",
      "-a.example",
      "a..b",
      "xn--",
      "é.example",
      "x/y",
      "x?y",
      "x#y",
      "*",
      `${"a".repeat(64)}.example`,
      "a".repeat(300),
      " x",
      "x\t",
    ];
    for (const host of hostile) {
      const verdict = checkHost(host);
      expect(verdict, JSON.stringify(host)).toMatchObject({ ok: false, status: 400 });
      if (!verdict.ok) expect(verdict.reason).toMatch(/^Host header/);
    }
  });
});

describe("body limits", () => {
  it("gives a form post a few KB and everything else 64 KB", () => {
    expect(bodyLimitFor("/preferences/currency", POST_PATHS)).toBe(8 * 1024);
    expect(bodyLimitFor("/consent", POST_PATHS)).toBe(8 * 1024);
    expect(bodyLimitFor("/", POST_PATHS)).toBe(64 * 1024);
  });
  it("refuses a POST that does not declare its length with 411, chunked or not", () => {
    expect(checkDeclaredLength("POST", { "content-length": "12" })).toEqual({ ok: true });
    expect(checkDeclaredLength("POST", { "content-length": "0" })).toEqual({ ok: true });
    expect(checkDeclaredLength("POST", {})).toMatchObject({ ok: false, status: 411 });
    expect(checkDeclaredLength("POST", { "transfer-encoding": "chunked" })).toMatchObject({
      ok: false,
      status: 411,
      reason: expect.stringMatching(/Transfer-Encoding/),
    });
    expect(checkDeclaredLength("GET", {})).toEqual({ ok: true });
  });
  it("refuses a declared Content-Length over the limit with 413, before reading", () => {
    expect(checkContentLength(undefined, 10)).toEqual({ ok: true });
    expect(checkContentLength("10", 10)).toEqual({ ok: true });
    expect(checkContentLength("11", 10)).toMatchObject({ ok: false, status: 413 });
    expect(checkContentLength(String(100 * 1024 * 1024), 8192)).toMatchObject({ ok: false, status: 413 });
  });
});

describe("canonicalHost", () => {
  it("spells every accepted Host one way: lower case, no trailing dot, no zero padding, no default port", () => {
    const cases: Array<[string, "http" | "https", string]> = [
      ["www.paris-experiences.example:80", "http", "www.paris-experiences.example"],
      ["www.paris-experiences.example:080", "http", "www.paris-experiences.example"],
      ["WWW.Paris-Experiences.example.", "http", "www.paris-experiences.example"],
      ["localhost:03993", "http", "localhost:3993"],
      ["localhost:035817", "http", "localhost:35817"],
      ["localhost:443", "http", "localhost:443"],
      ["www.paris-experiences.example:443", "https", "www.paris-experiences.example"],
      ["www.paris-experiences.example:80", "https", "www.paris-experiences.example"],
      ["[0:0::1]:8080", "http", "[::1]:8080"],
      ["0x7f.1", "http", "127.0.0.1"],
    ];
    for (const [host, scheme, canonical] of cases) {
      expect(checkHost(host), host).toEqual({ ok: true });
      expect(canonicalHost(host, scheme), `${host} (${scheme})`).toBe(canonical);
      expect(canonicalHost(canonical, scheme), `${canonical} stays`).toBe(canonical);
    }
  });
});

describe("checkNoBody", () => {
  it("refuses any declared body on GET and HEAD, and leaves POST to its limit", () => {
    for (const method of ["GET", "HEAD"]) {
      expect(checkNoBody(method, {}), method).toEqual({ ok: true });
      expect(checkNoBody(method, { "content-length": "0" }), method).toEqual({ ok: true });
      expect(checkNoBody(method, { "content-length": "3" }), method).toMatchObject({ ok: false, status: 400 });
      expect(checkNoBody(method, { "transfer-encoding": "chunked" }), method).toMatchObject({ ok: false, status: 400 });
      expect(checkNoBody(method, { "transfer-encoding": "identity" }), method).toMatchObject({ ok: false, status: 400 });
    }
    expect(checkNoBody("POST", { "transfer-encoding": "chunked" })).toEqual({ ok: true });
  });
});
