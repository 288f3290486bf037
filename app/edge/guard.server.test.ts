import express from "express";
import { createServer, type Server } from "node:http";
import { connect, type AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { transportFor } from "~/server/security-headers.server";
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
  guardServer,
} from "~/edge/guard.server";

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
  it("refuses with 400 a request with more than one Host line, whatever they say", () => {
    expect(checkHost("www.paris-experiences.example", 2)).toEqual({ ok: false, status: 400, reason: "Host header is sent more than once" });
    expect(checkHost("localhost", 1)).toEqual({ ok: true });
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

describe("guardServer: a connection on which nothing moves (server.timeout)", () => {
  const servers: Server[] = [];
  afterEach(() => {
    for (const server of servers.splice(0)) {
      server.closeAllConnections();
      server.close();
    }
  });

  /** A server like the edge's, with short clocks: nothing moving for 300 ms, keep-alive 200 ms, a request within 1 s. */
  async function start(): Promise<{ port: number; connections: () => Promise<number> }> {
    const app = express();
    app.get("/quick", (_req, res) => void res.send("quick"));
    app.get("/slow", (_req, res) => void setTimeout(() => res.send("slow"), 1200));
    // More than the kernel's socket buffers take at once, so a client that reads nothing stops the answer.
    app.get("/big", (_req, res) => void res.end(Buffer.alloc(96 * 1024 * 1024)));
    const server = createServer({ requestTimeout: 1000, headersTimeout: 1000, connectionsCheckingInterval: 100 }, app);
    server.timeout = 300;
    server.keepAliveTimeout = 200;
    guardServer(server, app, { transport: transportFor("development"), postPaths: new Set() });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const connections = () => new Promise<number>((resolve, reject) => server.getConnections((error, count) => (error ? reject(error) : resolve(count))));
    return { port: (server.address() as AddressInfo).port, connections };
  }

  /** A raw connection that sends `request`; settles with what it read once the server closes it. */
  function client(port: number, request: string): Promise<{ text: string; ms: number }> {
    return new Promise((resolve, reject) => {
      const started = Date.now();
      const socket = connect({ port, host: "127.0.0.1" });
      let text = "";
      socket.on("data", (data: Buffer) => (text += data.toString("latin1")));
      socket.on("error", () => undefined);
      socket.on("close", () => resolve({ text, ms: Date.now() - started }));
      socket.once("connect", () => socket.write(request));
      setTimeout(() => reject(new Error("still open after 4 s")), 4000).unref();
    });
  }

  it("an answer still being made takes its time: the clock starts again", async () => {
    const { port } = await start();
    const { text } = await client(port, "GET /slow HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n");
    expect(text).toMatch(/^HTTP\/1\.1 200 /);
    expect(text).toContain("slow");
  });

  it("a client that takes none of its answer is closed", async () => {
    const { port, connections } = await start();
    const socket = connect({ port, host: "127.0.0.1" });
    socket.on("error", () => undefined);
    // It reads nothing: 96 MB wait in the server's buffers for ever, unless the server lets go.
    socket.pause();
    socket.write("GET /big HTTP/1.1\r\nHost: localhost\r\n\r\n");
    await expect.poll(connections).toBe(1);
    await expect.poll(connections, { timeout: 3000 }).toBe(0);
    socket.destroy();
  });

  it("an idle keep-alive connection is still closed, and one that never sends a request gets the request timeout's 408", async () => {
    const { port } = await start();
    const idle = await client(port, "GET /quick HTTP/1.1\r\nHost: localhost\r\n\r\n");
    expect(idle.text).toMatch(/^HTTP\/1\.1 200 /);
    const silent = await client(port, "");
    expect(silent.text).toMatch(/^HTTP\/1\.1 408 /);
  });
});
