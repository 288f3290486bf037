import { mkdtempSync, rmSync, symlinkSync, writeFileSync, cpSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, PARIS, test } from "./fixtures";
import { chunk, header, RawConnection, rawRequest, requestBytes, type RawResponse } from "./raw-http";
import { fuzzCases, runFuzz, withPlantedValues } from "./raw-fuzz";
import { parseLogLine, startStorefront, type StorefrontServer } from "./storefront-server";

// Raw HTTP (fetch cannot send these requests): malformed methods, Host
// headers and request targets get a 4xx and one log line, never a 500 with a stack trace; request
// bodies must declare their length (411) and are refused over their limit (413) before they are read. A production server of
// its own, so the test reads what it logs.

test.describe.configure({ mode: "serial" });

const TIMING_KEY = "http-guard-server-timing-key-4c1d";

let server: StorefrontServer;
test.beforeAll(async () => {
  server = await startStorefront({ SERVER_TIMING_KEY: TIMING_KEY });
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

test.describe("requests any client can send get a 4xx and one log line", () => {
  const cases: Array<{ name: string; bytes: () => Buffer; status: number; allow?: string }> = [
    {
      name: "TRACE /",
      bytes: () =>
        requestBytes("TRACE", "/", [
          ["Host", "localhost"],
          ["Connection", "close"],
        ]),
      status: 405,
    },
    {
      name: "TRACE /healthz",
      bytes: () =>
        requestBytes("TRACE", "/healthz", [
          ["Host", "localhost"],
          ["Connection", "close"],
        ]),
      status: 405,
    },
    {
      name: "PROPFIND /",
      bytes: () =>
        requestBytes("PROPFIND", "/", [
          ["Host", "localhost"],
          ["Connection", "close"],
        ]),
      status: 405,
    },
    {
      name: "PUT /preferences/currency",
      bytes: () =>
        requestBytes("PUT", "/preferences/currency", [
          ["Host", "localhost"],
          ["Content-Length", "0"],
          ["Connection", "close"],
        ]),
      status: 405,
      allow: "GET, HEAD, POST",
    },
    {
      name: "POST / (a page has no action)",
      bytes: () =>
        requestBytes("POST", "/", [
          ["Host", "localhost"],
          ["Content-Length", "0"],
          ["Connection", "close"],
        ]),
      status: 405,
    },
    {
      name: "POST whose Origin is not the Host as sent (here only in case)",
      bytes: () =>
        requestBytes("POST", "/preferences/currency", [
          ["Host", "LOCALHOST"],
          ["Origin", "http://localhost"],
          ["Sec-Fetch-Site", "same-origin"],
          ["Content-Length", "0"],
          ["Connection", "close"],
        ]),
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
    {
      name: "X-Forwarded-Host with port 99999",
      bytes: () =>
        requestBytes("HEAD", "/_directory", [
          ["Host", "localhost"],
          ["X-Forwarded-Host", "localhost:99999"],
          ["Connection", "close"],
        ]),
      status: 200,
    },
    { name: "absolute-form target http://evil.example/", bytes: () => get("http://evil.example/", "localhost"), status: 400 },
    { name: "absolute-form target on /healthz", bytes: () => get("http://evil.example/healthz", "localhost"), status: 400 },
    { name: "target */x", bytes: () => get("*/x", "localhost"), status: 400 },
    {
      name: "OPTIONS *",
      bytes: () =>
        requestBytes("OPTIONS", "*", [
          ["Host", "localhost"],
          ["Connection", "close"],
        ]),
      status: 405,
    },
    { name: "a header the parser refuses", bytes: () => get("/", "localhost", [["X-Bad\u0001", "1"]]), status: 400 },
  ];
  for (const c of cases) {
    test(c.name, async () => {
      const head = c.name.startsWith("HEAD") || c.name.includes("X-Forwarded-Host");
      const { response, logged } = await probe(c.bytes(), { head });
      expect(response.status, c.name).toBe(c.status);
      if (c.status === 405) expect(header(response, "allow")).toBe(c.allow ?? "GET, HEAD");
      expect(
        logged.filter((line) => STACK_FRAME.test(line)),
        "no stack trace",
      ).toEqual([]);
      // Its access line, which carries the refusal (or the parser's own line, for what never reached Express).
      expect(logged, "one log line").toHaveLength(1);
      const line = parseLogLine(logged[0]!);
      expect(line, "a JSON line").not.toBeNull();
      if (c.status >= 400) expect(line!.msg).toMatch(new RegExp(`^${c.status} `));
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

test.describe("request bodies are limited", () => {
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
    const { response } = await probe(
      requestBytes("GET", "/", [
        ["Host", "localhost"],
        ["Content-Length", String(1024 * 1024)],
      ]),
    );
    expect(response.status).toBe(413);
  });

  // A POST must declare its length (decision 027): a chunked one is refused at its headers, so whatever
  // the client keeps sending is never read as a body.
  test("a chunked body gets 411 at once, long before it ends, and memory stays flat", async () => {
    const rssBefore = server.rssMb();
    const from = server.logs.length;
    const sendChunked = async (limitBytes: number): Promise<{ response: RawResponse; sent: number }> => {
      const connection = await RawConnection.open(server.port);
      try {
        const answer = connection.read({ timeoutMs: 20_000 });
        let answered = false;
        void answer.then(
          () => (answered = true),
          () => (answered = true),
        );
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
      expect(response.status).toBe(411);
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

test.describe("a cached copy carries the Vary of the render it came from", () => {
  const DESKTOP_UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
  const page = (extra: Array<[string, string]>) =>
    get(`/?uid=${PARIS}.eiffel-tower&lang=en&date=2031-03-01`, "localhost", [["User-Agent", DESKTOP_UA], ...extra]);
  // The operator's key shows whether the page cache answered (its own answers are never stored).
  const operator: Array<[string, string]> = [["X-Server-Timing-Key", TIMING_KEY]];
  const pageCache = (response: RawResponse) => /page-cache;desc="(\w+)"/.exec(header(response, "server-timing") ?? "")?.[1];

  test("X-Device from one client never changes the Vary another gets from the page cache", async () => {
    const fromCdn = await rawRequest(server.port, page([["X-Device", "desktop"]]));
    expect(fromCdn.status).toBe(200);
    expect(header(fromCdn, "vary")).toContain("X-Device");
    expect(header(fromCdn, "vary")).not.toContain("User-Agent");
    // A browser, without X-Device, asks for the same page: it is classified by its own headers, and says so.
    const browser = await rawRequest(server.port, page([]));
    expect(header(browser, "vary")).toContain("User-Agent");
    expect(header(browser, "vary")).toContain("Sec-Ch-Ua-Mobile");
    // Each is then served from the page cache with its own Vary, whatever the other sent.
    for (const [extra, vary] of [
      [[], header(browser, "vary")],
      [[["X-Device", "desktop"]], header(fromCdn, "vary")],
    ] as Array<[Array<[string, string]>, string]>) {
      const again = await rawRequest(server.port, page([...extra, ...operator]));
      expect(pageCache(again)).toBe("hit");
      expect(header(again, "vary")).toBe(vary);
    }
  });
});

/** Every absolute URL a page writes on its serving host, e.g. "http://localhost:3000". */
const servingOrigins = (html: string, scheme: string, hostname: string) =>
  new Set([...html.matchAll(new RegExp(`${scheme}://(${hostname.replace(/\./g, "\\.")}[^/"'?&#\\s]*)`, "gi"))].map((m) => m[1]!));

async function expectOneHostSpelling(target: StorefrontServer, scheme: string, spellings: Array<{ host: string; canonical: string }>) {
  for (const [i, { host, canonical }] of spellings.entries()) {
    const hostname = canonical.split(":")[0]!;
    // Its own page (a date of its own), so the first answer is a render and the second is its cached copy.
    const url = `/?uid=${PARIS}&lang=en&date=2031-04-${String(i + 10)}`;
    const odd = await rawRequest(target.port, get(url, host));
    const usual = await rawRequest(target.port, get(url, canonical));
    for (const [name, response] of [
      [host, odd],
      [`${canonical} after ${host}`, usual],
    ] as const) {
      expect(response.status, name).toBe(200);
      const html = response.body.toString("utf8");
      expect(html, name).toContain(`${scheme}://${canonical}/`);
      expect([...servingOrigins(html, scheme, hostname)], name).toEqual([canonical]);
    }
  }
}

test.describe("one spelling of the serving host in the page cache key and in every URL a page writes", () => {
  test("development URL mode: Host with a default or zero-padded port", async () => {
    await expectOneHostSpelling(server, "http", [
      { host: `${PARIS}:80`, canonical: PARIS },
      { host: `${PARIS}:080`, canonical: PARIS },
      { host: `localhost:0${server.port}`, canonical: `localhost:${server.port}` },
      { host: `LOCALHOST:${server.port}`, canonical: `localhost:${server.port}` },
    ]);
  });

  test("test URL mode: the same spellings, and https's own default port", async () => {
    const testMode = await startStorefront({ URL_MODE: "test" });
    try {
      await expectOneHostSpelling(testMode, "https", [
        { host: `${PARIS}:80`, canonical: PARIS },
        { host: `${PARIS}:080`, canonical: PARIS },
        { host: `${PARIS}:443`, canonical: PARIS },
        { host: `localhost:0${testMode.port}`, canonical: `localhost:${testMode.port}` },
      ]);
    } finally {
      await testMode.stop();
    }
  });
});

test.describe("framing: every request the parser accepts gets one answer and one log line", () => {
  const H: Array<[string, string]> = [["Host", "localhost"]];
  const form: Array<[string, string]> = [...H, ["Content-Type", "application/x-www-form-urlencoded"]];
  // A POST without Content-Length is refused at its headers (411, decision 027): its one line is that refusal.
  const cases: Array<{ name: string; bytes: () => Buffer; status: number; line?: RegExp }> = [
    { name: "more body than Content-Length says (GET)", bytes: () => requestBytes("GET", "/healthz", [...H, ["Content-Length", "3"]], "hello"), status: 400 },
    {
      // The form is the 12 bytes it declared (Node's parser ends the body there) and is answered; the bytes
      // after it are no request, so the answer closes the connection (decision 027).
      name: "more body than Content-Length says (the currency form)",
      bytes: () => requestBytes("POST", "/preferences/currency", [...form, ["Content-Length", "12"]], "currency=EURxyz"),
      status: 303,
    },
    {
      name: "Transfer-Encoding: identity",
      bytes: () => requestBytes("POST", "/preferences/currency", [...form, ["Transfer-Encoding", "identity"]], "currency=EUR"),
      status: 411,
      line: /^411 /,
    },
    {
      name: "a malformed chunked body",
      bytes: () =>
        requestBytes(
          "POST",
          "/preferences/currency",
          [...form, ["Transfer-Encoding", "chunked"]],
          Buffer.concat([chunk("currency="), Buffer.from("zz\r\nEUR\r\n0\r\n\r\n")]),
        ),
      status: 411,
      line: /^411 /,
    },
    {
      name: "a request pipelined after Connection: close",
      bytes: () => Buffer.concat([requestBytes("GET", "/healthz", [...H, ["Connection", "close"]]), requestBytes("GET", "/healthz", H)]),
      status: 200,
    },
  ];
  for (const c of cases) {
    test(c.name, async () => {
      const from = server.logs.length;
      const connection = await RawConnection.open(server.port);
      try {
        await connection.write(c.bytes());
        const { responses, ended } = await connection.readAll({ timeoutMs: 5000 });
        expect(
          responses.map((r) => r.status),
          "one answer",
        ).toEqual([c.status]);
        expect(header(responses[0]!, "connection"), "the answer says the connection closes").toBe("close");
        expect(ended, "and it does").toBe(true);
      } finally {
        connection.close();
      }
      const logged = await server.logsSince(from);
      expect(logged, "one log line").toHaveLength(1);
      expect(parseLogLine(logged[0]!)?.msg).toMatch(c.line ?? /^400 /);
    });
  }
});

test.describe("a body on GET or HEAD is refused before it is read", () => {
  test("a 100 MB chunked GET gets 400 at once; the body is not read and the connection ends", async () => {
    test.setTimeout(60_000);
    const rssBefore = server.rssMb();
    const from = server.logs.length;
    const connection = await RawConnection.open(server.port);
    let sent = 0;
    try {
      const answer = connection.readAll({ timeoutMs: 30_000 });
      let answered = false;
      void answer.then(
        () => (answered = true),
        () => (answered = true),
      );
      await connection.write(
        requestBytes("GET", "/healthz", [
          ["Host", "localhost"],
          ["Transfer-Encoding", "chunked"],
        ]),
      );
      const piece = chunk("a".repeat(64 * 1024));
      while (!answered && sent < 100 * 1024 * 1024 && connection.isOpen) {
        await connection.write(piece).catch(() => undefined);
        sent += piece.length;
        await new Promise((resolve) => setImmediate(resolve));
      }
      const { responses, ended } = await answer;
      expect(responses.map((r) => r.status)).toEqual([400]);
      expect(ended).toBe(true);
    } finally {
      connection.close();
    }
    expect(sent, "bytes sent before the server answered and closed").toBeLessThan(8 * 1024 * 1024);
    expect(server.rssMb() - rssBefore, "RSS growth (MB)").toBeLessThan(30);
    expect(await server.logsSince(from)).toHaveLength(1);
  });

  test("HEAD with a Content-Length, and GET with a short chunked body, get 400 too", async () => {
    for (const bytes of [
      requestBytes(
        "HEAD",
        "/",
        [
          ["Host", "localhost"],
          ["Content-Length", "4"],
          ["Connection", "close"],
        ],
        "abcd",
      ),
      requestBytes(
        "GET",
        "/",
        [
          ["Host", "localhost"],
          ["Transfer-Encoding", "chunked"],
          ["Connection", "close"],
        ],
        Buffer.concat([chunk("abcd"), chunk("")]),
      ),
    ]) {
      const { response } = await probe(bytes, { head: bytes.toString().startsWith("HEAD") });
      expect(response.status).toBe(400);
    }
  });
});

test.describe("content documents stay inside the content folder", () => {
  const ENV_MARK = "hardening-env-mark-5e21";
  let content: string;
  let outside: string;
  let contentServer: StorefrontServer;

  test.beforeAll(async () => {
    content = mkdtempSync(path.join(tmpdir(), "content-links-"));
    outside = mkdtempSync(path.join(tmpdir(), "outside-"));
    cpSync(path.resolve("content"), content, { recursive: true });
    writeFileSync(path.join(outside, "passwd"), "root:x:0:0:OUTSIDE-MARK:/root:/bin/bash\n");
    const guides = path.join(content, "paris-experiences/pages/guides");
    symlinkSync(path.join(outside, "passwd"), path.join(guides, "passwd.en.json"));
    symlinkSync("/proc/self/environ", path.join(guides, "environ.en.json"));
    symlinkSync("/proc/self/cmdline", path.join(guides, "cmdline.en.json"));
    contentServer = await startStorefront({ CONTENT_DIR: content, HARDENING_MARK: ENV_MARK });
  });
  test.afterAll(async () => {
    await contentServer?.stop();
    rmSync(content, { recursive: true, force: true });
    rmSync(outside, { recursive: true, force: true });
  });

  test("a symlink to a file outside or to /proc is an invalid document; its 404 page and the directory show its path and the fault, no byte of it", async () => {
    const shown: string[] = [];
    for (const slug of ["passwd", "environ", "cmdline"]) {
      const response = await rawRequest(contentServer.port, get(`/?uid=${PARIS}.guides.${slug}&lang=en`, "localhost"));
      expect(response.status, slug).toBe(404);
      const html = response.body.toString("utf8");
      expect(html, slug).toContain(`<code>paris-experiences/pages/guides/${slug}.en.json</code>`);
      expect(html, slug).toContain("leads outside the content folder");
      shown.push(html);
    }
    const directory = await rawRequest(contentServer.port, get(`/_directory?site=${PARIS}`, "localhost"));
    expect(directory.status).toBe(200);
    shown.push(directory.body.toString("utf8"));
    const all = shown.join("\n");
    // Nor where the content folder, or what a link points to, is on the server.
    for (const bytes of ["OUTSIDE-MARK", "root:x", ENV_MARK, "CONTENT_DIR=", "build/index.js", outside, path.basename(content), "/proc/"])
      expect(all, bytes).not.toContain(bytes);
  });
});

test.describe("fuzz: methods, Host, request targets, cookies, bodies and framing", () => {
  test.setTimeout(120_000);

  test("5,000 generated requests: each answered (none closed without one), no 5xx, one JSON log line per request, no stack trace, no planted visitor value; /healthz still answers", async () => {
    // Each request also carries a value of its own where visitors' data goes (query, form, cookie, headers).
    const PLANTED = "planted-7c1e";
    const cases = withPlantedValues(fuzzCases(server.port, 5000, 20_26_11_26), PLANTED);
    expect(cases.filter((c) => c.framing).length, "framing cases among them").toBeGreaterThan(500);
    const from = server.logs.length;
    const { failures, statuses, seconds } = await runFuzz(server.port, cases);
    console.log(`fuzz: ${cases.length} requests in ${seconds.toFixed(1)} s; statuses ${JSON.stringify(Object.fromEntries([...statuses].sort()))}`);
    expect(failures.slice(0, 20)).toEqual([]);
    const logged = await server.logsSince(from);
    expect(logged.filter((line) => STACK_FRAME.test(line)).slice(0, 5), "stack traces in the log").toEqual([]);
    // One line per request: an accepted request's access line (bytes after a framing case may hold a
    // second request, logged on its own), and one line for bytes the parser refused before any request.
    const parsed = logged.map((line) => parseLogLine(line));
    expect(
      logged.filter((_, i) => parsed[i] === null),
      "lines that are not one JSON object",
    ).toEqual([]);
    expect(logged.filter((line) => line.includes(PLANTED)).slice(0, 5), "lines holding a visitor's value").toEqual([]);
    const ids = parsed.flatMap((line) => (typeof line?.requestId === "string" ? [line.requestId] : []));
    expect(new Set(ids).size, "one access line per accepted request").toBe(ids.length);
    expect(logged.length - ids.length, "lines for unparsed bytes (at most one per case)").toBeLessThanOrEqual(cases.length);
    const health = await fetch(`${server.origin}/healthz`, { signal: AbortSignal.timeout(2000) });
    expect(health.status).toBe(200);
  });
});
