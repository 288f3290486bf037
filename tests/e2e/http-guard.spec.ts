import { expect, PARIS, test } from "./fixtures";
import { header, rawRequest, requestBytes, type RawResponse } from "./raw-http";
import { startStorefront, type StorefrontServer } from "./storefront-server";

// Issue 20 §2 over raw HTTP (fetch cannot send these requests): malformed methods, Host headers and
// request targets get a 4xx and one log line, never a 500 with a stack trace. A production server of
// its own, so the test reads what it logs.

test.describe.configure({ mode: "serial" });

let server: StorefrontServer;
test.beforeAll(async () => {
  server = await startStorefront();
});
test.afterAll(async () => {
  await server?.stop();
});

const STACK_FRAME = /^\s+at\s/;

/** Sends one request and returns its response and what the server logged for it. */
async function probe(bytes: Buffer, options: { head?: boolean } = {}): Promise<{ response: RawResponse; logged: string[] }> {
  const from = server.logs.length;
  const response = await rawRequest(server.port, bytes, options);
  return { response, logged: await server.logsSince(from) };
}

const get = (target: string, host: string | null, extra: Array<[string, string]> = []) =>
  requestBytes("GET", target, [...(host === null ? [] : ([["Host", host]] as Array<[string, string]>)), ["Connection", "close"], ...extra]);

test.describe("requests any client can send get a 4xx and one log line (issue 20 §2)", () => {
  const cases: Array<{ name: string; bytes: () => Buffer; status: number; allow?: string }> = [
    { name: "TRACE /", bytes: () => requestBytes("TRACE", "/", [["Host", "localhost"], ["Connection", "close"]]), status: 405 },
    { name: "TRACE /healthz", bytes: () => requestBytes("TRACE", "/healthz", [["Host", "localhost"], ["Connection", "close"]]), status: 405 },
    { name: "PROPFIND /", bytes: () => requestBytes("PROPFIND", "/", [["Host", "localhost"], ["Connection", "close"]]), status: 405 },
    { name: "PUT /preferences/currency", bytes: () => requestBytes("PUT", "/preferences/currency", [["Host", "localhost"], ["Content-Length", "0"], ["Connection", "close"]]), status: 405, allow: "GET, HEAD, POST" },
    { name: "POST / (a page has no action)", bytes: () => requestBytes("POST", "/", [["Host", "localhost"], ["Content-Length", "0"], ["Connection", "close"]]), status: 405 },
    { name: "CONNECT evil.example:443", bytes: () => requestBytes("CONNECT", "evil.example:443", [["Host", "evil.example:443"]]), status: 405 },
    { name: "Host with port 99999", bytes: () => get("/", `${PARIS}:99999`), status: 400 },
    { name: "Host with port 99999 on /healthz", bytes: () => get("/healthz", `${PARIS}:99999`), status: 400 },
    { name: "Host 'a b'", bytes: () => get("/", "a b"), status: 400 },
    { name: "Host with %00", bytes: () => get("/", `${PARIS}%00`), status: 400 },
    { name: "Host with a backslash", bytes: () => get("/", `${PARIS}\\`), status: 400 },
    { name: "Host localhost@evil.example", bytes: () => get("/", "localhost@evil.example"), status: 400 },
    { name: "Host 1.2.3.999 (not an IPv4 address)", bytes: () => get("/healthz", "1.2.3.999"), status: 400 },
    { name: "X-Forwarded-Host with port 99999", bytes: () => requestBytes("HEAD", "/", [["Host", "localhost"], ["X-Forwarded-Host", "localhost:99999"], ["Connection", "close"]]), status: 200 },
    { name: "absolute-form target http://evil.example/", bytes: () => get("http://evil.example/", "localhost"), status: 400 },
    { name: "absolute-form target on /healthz", bytes: () => get("http://evil.example/healthz", "localhost"), status: 400 },
    { name: "target */x", bytes: () => get("*/x", "localhost"), status: 400 },
    { name: "OPTIONS *", bytes: () => requestBytes("OPTIONS", "*", [["Host", "localhost"], ["Connection", "close"]]), status: 405 },
    { name: "a header the parser refuses", bytes: () => get("/", "localhost", [["X-Bad\u0001", "1"]]), status: 400 },
  ];
  for (const c of cases) {
    test(c.name, async () => {
      const head = c.name.startsWith("HEAD") || c.name.includes("X-Forwarded-Host");
      const { response, logged } = await probe(c.bytes(), { head });
      expect(response.status, c.name).toBe(c.status);
      if (c.status === 405) expect(header(response, "allow")).toBe(c.allow ?? "GET, HEAD");
      expect(logged.filter((line) => STACK_FRAME.test(line)), "no stack trace").toEqual([]);
      expect(logged, "one log line").toHaveLength(c.status < 300 ? 0 : 1);
      if (c.status >= 400) expect(logged[0]).toMatch(new RegExp(`^${c.status} `));
    });
  }

  test("bad-request answers carry no-store and nosniff", async () => {
    const { response } = await probe(get("/", "a b"));
    expect(header(response, "cache-control")).toBe("no-store");
    expect(header(response, "x-content-type-options")).toBe("nosniff");
    expect(header(response, "content-security-policy")).toContain("default-src 'none'");
  });
});
