import { expect, PARIS, test } from "./fixtures";
import { chunk, header, RawConnection, rawRequest, requestBytes, type RawResponse } from "./raw-http";
import { startStorefront, type StorefrontServer } from "./storefront-server";

// Issue 20 §2 and §3 over raw HTTP (fetch cannot send these requests): malformed methods, Host
// headers and request targets get a 4xx and one log line, never a 500 with a stack trace; request
// bodies are limited and refused with 413 before they are read into memory. A production server of
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

const form = (body: string, extra: Array<[string, string]> = []) =>
  requestBytes(
    "POST",
    "/preferences/currency",
    [
      ["Host", `localhost`],
      ["Content-Type", "application/x-www-form-urlencoded"],
      ["Content-Length", String(Buffer.byteLength(body))],
      ["Connection", "close"],
      ...extra,
    ],
    body,
  );

test.describe("requests any client can send get a 4xx and one log line (issue 20 §2)", () => {
  const cases: Array<{ name: string; bytes: () => Buffer; status: number; allow?: string }> = [
    { name: "TRACE /", bytes: () => requestBytes("TRACE", "/", [["Host", "localhost"], ["Connection", "close"]]), status: 405 },
    { name: "TRACE /healthz", bytes: () => requestBytes("TRACE", "/healthz", [["Host", "localhost"], ["Connection", "close"]]), status: 405 },
    { name: "PROPFIND /", bytes: () => requestBytes("PROPFIND", "/", [["Host", "localhost"], ["Connection", "close"]]), status: 405 },
    { name: "PUT /preferences/currency", bytes: () => requestBytes("PUT", "/preferences/currency", [["Host", "localhost"], ["Content-Length", "0"], ["Connection", "close"]]), status: 405, allow: "GET, HEAD, POST" },
    { name: "POST / (a page has no action)", bytes: () => requestBytes("POST", "/", [["Host", "localhost"], ["Content-Length", "0"], ["Connection", "close"]]), status: 405 },
    {
      name: "POST whose Origin is not the Host as sent (here only in case)",
      bytes: () => requestBytes("POST", "/preferences/currency", [["Host", "LOCALHOST"], ["Origin", "http://localhost"], ["Sec-Fetch-Site", "same-origin"], ["Content-Length", "0"], ["Connection", "close"]]),
      status: 403,
    },
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

  test("returnTo=/%0a/x and returnTo=/€ go back to a safe path, with one log line naming the field", async () => {
    for (const returnTo of ["/%0a/x", "/%E2%82%AC"]) {
      const { response, logged } = await probe(form(`currency=EUR&returnTo=${returnTo}`));
      expect(response.status, returnTo).toBe(303);
      expect(header(response, "location"), returnTo).toBe("/");
      expect(logged, returnTo).toHaveLength(1);
      expect(logged[0]).toContain("returnTo");
    }
  });

  test("bad-request answers carry no-store and nosniff", async () => {
    const { response } = await probe(get("/", "a b"));
    expect(header(response, "cache-control")).toBe("no-store");
    expect(header(response, "x-content-type-options")).toBe("nosniff");
    expect(header(response, "content-security-policy")).toContain("default-src 'none'");
  });
});

test.describe("request bodies are limited (issue 20 §3)", () => {
  const big = (extra: Array<[string, string]> = [], target = "/preferences/currency") =>
    requestBytes("POST", target, [
      ["Host", "localhost"],
      ["Content-Type", "application/x-www-form-urlencoded"],
      ["Content-Length", String(100 * 1024 * 1024)],
      ...extra,
    ]);

  test("a 100 MB Content-Length gets 413 at once, before any of the body is sent, and the connection ends", async () => {
    const from = server.logs.length;
    const started = Date.now();
    const connection = await RawConnection.open(server.port);
    try {
      const response = await connection.send(big());
      expect(response.status).toBe(413);
      expect(Date.now() - started).toBeLessThan(2000);
      await expect(Promise.race([connection.ended.then(() => "ended"), new Promise((r) => setTimeout(() => r("open"), 3000))])).resolves.toBe("ended");
    } finally {
      connection.close();
    }
    expect(await server.logsSince(from)).toHaveLength(1);
  });

  test("with Expect: 100-continue the 413 comes instead of 100 Continue", async () => {
    const { response } = await probe(big([["Expect", "100-continue"]]));
    expect(response.interim).toEqual([]);
    expect(response.status).toBe(413);
  });

  test("the general cap holds for any other request that declares a body", async () => {
    const { response } = await probe(requestBytes("GET", "/", [["Host", "localhost"], ["Content-Length", String(1024 * 1024)]]));
    expect(response.status).toBe(413);
  });

  test("a chunked body over the cap gets 413 while it streams, and memory stays flat", async () => {
    const rssBefore = server.rssMb();
    const from = server.logs.length;
    const sendChunked = async (limitBytes: number): Promise<{ response: RawResponse; sent: number }> => {
      const connection = await RawConnection.open(server.port);
      try {
        const answer = connection.read({ timeoutMs: 20_000 });
        let answered = false;
        void answer.then(() => (answered = true), () => (answered = true));
        await connection.write(
          requestBytes("POST", "/preferences/currency", [
            ["Host", "localhost"],
            ["Content-Type", "application/x-www-form-urlencoded"],
            ["Transfer-Encoding", "chunked"],
          ]),
        );
        const piece = chunk(`currency=EUR&x=${"a".repeat(64 * 1024)}`);
        let sent = 0;
        while (!answered && sent < limitBytes && connection.isOpen) {
          await connection.write(piece).catch(() => undefined);
          sent += piece.length;
          // As a real client does, read between writes (a loop of writes the kernel takes at once never
          // reaches the event loop's I/O phase, and would never see the answer).
          await new Promise((resolve) => setImmediate(resolve));
        }
        if (!answered && connection.isOpen) await connection.write(chunk("")).catch(() => undefined);
        return { response: await answer, sent };
      } finally {
        connection.close();
      }
    };
    // Five at once, as in the issue, each willing to send 40 MB.
    const results = await Promise.all(Array.from({ length: 5 }, () => sendChunked(40 * 1024 * 1024)));
    for (const { response, sent } of results) {
      expect(response.status).toBe(413);
      expect(sent, "the server answered long before the body ended").toBeLessThan(8 * 1024 * 1024);
    }
    expect(server.rssMb() - rssBefore, "RSS growth (MB)").toBeLessThan(60);
    expect((await server.logsSince(from)).length).toBe(5);
  });

  test("a currency form within the limit still works", async () => {
    const { response } = await probe(form("currency=EUR&returnTo=%2F%3Flang%3Dfr"));
    expect(response.status).toBe(303);
    expect(header(response, "location")).toBe("/?lang=fr");
  });
});
