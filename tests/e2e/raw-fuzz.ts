import fc from "fast-check";
import { chunk, RawConnection } from "./raw-http";

// Generated raw requests for the HTTP edge (tests/e2e/http-guard.spec.ts, and 10,000 of them in
// `npm run soak`): methods, Host forms, request-target forms, cookies, bodies, HTTP versions, headers
// such as Origin, Sec-Fetch-Site and Expect, and framing that is wrong after valid headers (stray bytes
// after the body, Transfer-Encoding: identity, a malformed chunk, a request pipelined after
// Connection: close). Loopback only; every request is bounded (at most a few KB).

const PARIS = "www.paris-experiences.example";
const LTT = "www.london-theatre-tickets.example";

/** Framing that is wrong after a request line and headers the parser accepts. */
const FRAMINGS = ["stray bytes after the body", "Transfer-Encoding: identity", "malformed chunked body", "request after Connection: close"] as const;

export type FuzzCase = ReturnType<typeof fuzzCases>[number] & {
  /** A value planted where a visitor's data goes (withPlantedValues): the server's log must never show it. */
  planted?: { value: string; formFirst: boolean; dataRoute: boolean };
};

/** `count` cases, the same for the same seed. */
export function fuzzCases(port: number, count: number, seed: number) {
  const methods = fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom("GET", "HEAD", "POST") },
    {
      weight: 3,
      arbitrary: fc.constantFrom(
        "PUT",
        "DELETE",
        "PATCH",
        "OPTIONS",
        "TRACE",
        "CONNECT",
        "PROPFIND",
        "MKCOL",
        "LOCK",
        "SEARCH",
        "PURGE",
        "QUERY",
        "M-SEARCH",
        "REPORT",
        "LINK",
      ),
    },
    { weight: 1, arbitrary: fc.oneof(fc.constantFrom("get", "Get", "G ET", "GET\t", ""), fc.stringMatching(/^[A-Za-z-]{1,12}$/)) },
  );
  const noFraming = (s: string) => s.replace(/[\r\n]/g, "");
  const hosts = fc.oneof(
    {
      weight: 4,
      arbitrary: fc.constantFrom(
        `localhost:${port}`,
        "localhost",
        PARIS,
        LTT,
        `${PARIS}:443`,
        "127.0.0.1",
        `127.0.0.1:${port}`,
        "[::1]",
        `[::1]:${port}`,
        PARIS.toUpperCase(),
        `${PARIS}.`,
        "unknown.example",
      ),
    },
    {
      weight: 4,
      arbitrary: fc.constantFrom(
        `${PARIS}:99999`,
        "a b",
        `${PARIS}%00`,
        `${PARIS}\\`,
        "localhost@evil.example",
        "user:pass@localhost",
        "evil.example:80:80",
        "[::1",
        "[zz]",
        "[::1]x",
        "1.2.3.999",
        "0x7f.1",
        "",
        ":80",
        "localhost:",
        "localhost:-1",
        "localhost:0x50",
        "localhost:065536",
        "xn--",
        "é.example",
        "\u00ff",
        "a".repeat(300),
        `${"a".repeat(64)}.example`,
        "localhost#frag",
        "localhost/path",
        "localhost?q",
        "a..b",
        "-a.example",
        "%2e%2e",
        "*",
        "localhost\t",
        " localhost",
        "local\u0000host",
        "localhost,evil.example",
      ),
    },
    { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
    { weight: 1, arbitrary: fc.string({ maxLength: 40, unit: "binary-ascii" }).map(noFraming) },
    { weight: 1, arbitrary: fc.constant(null) },
  );
  const paths = fc.oneof(
    {
      weight: 3,
      arbitrary: fc.constantFrom(
        "/",
        "/healthz",
        "/healthz?x=1",
        `/?uid=${PARIS}&lang=en`,
        `/?uid=${PARIS}.eiffel-tower&lang=fr&gclid=x`,
        "/eiffel-tower/",
        "/fr/",
        "/preferences/currency",
        "/preferences/currency?_data=routes%2Fpreferences.currency",
        "/?_data=root",
        "/?_data=routes%2F%24",
        "/tracking",
        "/tracking/plan.json",
        "/machines",
        "/favicon.png",
        "/media/paris-weekend-map.svg",
        "/fonts/inter-latin-wght-normal.woff2",
        "/build/",
        "/build/../package.json",
        "/build/%2e%2e/package.json",
        "/fonts/../../package.json",
        "/media/missing.jpg",
        "/bench/bare",
      ),
    },
    {
      weight: 3,
      arbitrary: fc.constantFrom(
        "*",
        "*/x",
        "http://evil.example/",
        "https://evil.example/x",
        `http://localhost:${port}/`,
        "//evil.example/",
        "/\\evil.example",
        "/%5cevil",
        "/%0a/x",
        "/%00",
        "/%",
        "/%zz",
        "/..",
        "/../../etc/passwd",
        "/%2e%2e/%2e%2e/",
        "evil.example:443",
        "/?returnTo=%0a",
        `/${"a".repeat(5000)}`,
        `/?${"a=b&".repeat(1200)}`,
        "/\u00e9t\u00e9",
        "/€",
        "/?uid=%E0%A4%A",
        "/#frag",
        "/;x",
        "/?uid=\u0000",
        "/ /",
      ),
    },
    { weight: 3, arbitrary: fc.webPath().map((p) => p || "/") },
    { weight: 1, arbitrary: fc.string({ maxLength: 60 }).map((s) => `/${s.replace(/ /g, "")}`) },
    { weight: 1, arbitrary: fc.string({ maxLength: 60, unit: "binary-ascii" }).map((s) => noFraming(s).replace(/ /g, "") || "/") },
  );
  const cookies = fc.oneof(
    fc.constant(null),
    fc.constantFrom(
      "currency=EUR",
      "currency=usd",
      "currency=",
      "currency",
      "currency=EUR; currency=GBP",
      "consent-state=ad_storage:granted",
      "=",
      ";;;",
      "h-attr=%E0%A4%A",
    ),
    fc.string({ maxLength: 60 }).map((v) => `currency=${noFraming(v)}`),
    fc.string({ maxLength: 120 }).map((v) => `consent-state=${v}; h-attr=${encodeURIComponent(v)}`),
    fc.string({ maxLength: 60, unit: "binary-ascii" }).map((v) => `consent-state=${noFraming(v)}`),
    fc.constantFrom(`big=${"x".repeat(9000)}`, `big=${"x".repeat(20000)}`),
  );
  const returnTo = fc.oneof(
    fc.webPath(),
    fc.string({ maxLength: 30 }),
    fc.constantFrom("/%09/evil.example/", "//evil.example", "/\\evil", "/€", "/%0a/x", "https://evil.example/", "/./%2F/evil"),
  );
  const bodies = fc.oneof(
    fc.constant(null),
    returnTo.map((r) => ({ type: "application/x-www-form-urlencoded", body: `currency=EUR&returnTo=${encodeURIComponent(r)}`, chunked: false })),
    fc.record({
      type: fc.constantFrom("application/json", "multipart/form-data", "text/plain", "application/x-www-form-urlencoded", ""),
      body: fc.string({ maxLength: 200 }),
      chunked: fc.boolean(),
    }),
  );
  const extras = fc.array(
    fc.oneof(
      fc.constantFrom<[string, string]>(
        ["Sec-Fetch-Site", "same-origin"],
        ["Sec-Fetch-Site", "cross-site"],
        ["Sec-Fetch-Site", "same-site"],
        ["Sec-Fetch-Site", "none"],
        ["Sec-Fetch-Site", "???"],
        ["Origin", "null"],
        ["Origin", "http://evil.example"],
        ["Origin", `http://localhost:${port}`],
        ["Origin", "not a url"],
        ["X-Forwarded-Host", "localhost:99999"],
        ["X-Forwarded-Host", "a b"],
        ["X-Currency", "EUR"],
        ["X-Currency", "€€€"],
        ["X-Device", "bot"],
        ["X-Device", "toaster"],
        ["Accept-Encoding", "br;q=2, *;q=-1"],
        ["Range", "bytes=999999-"],
        ["Range", "bytes=-0"],
        ["If-None-Match", "*"],
        ["Expect", "100-continue"],
        ["Expect", "teapot"],
        ["Upgrade", "websocket"],
        ["Sec-CH-UA-Mobile", "?2"],
        ["User-Agent", "Googlebot"],
        ["Content-Length", "abc"],
        ["Transfer-Encoding", "gzip"],
        ["Host", "second.example"],
      ),
      fc.tuple(fc.constantFrom("X-Fuzz", "Referer", "Accept-Language", "cloudfront-viewer-country", "Origin", "Sec-Fetch-Site"), fc.string({ maxLength: 40 })),
    ),
    { maxLength: 3 },
  );
  return fc.sample(
    fc.record({
      method: methods,
      version: fc.oneof(
        { weight: 8, arbitrary: fc.constant("HTTP/1.1") },
        { weight: 1, arbitrary: fc.constant("HTTP/1.0") },
        { weight: 1, arbitrary: fc.constantFrom("HTTP/2.0", "HTTP/1.2", "HTTP/0.9", "HTTPS/1.1") },
      ),
      host: hosts,
      target: paths,
      cookie: cookies,
      body: bodies,
      extras,
      framing: fc.oneof({ weight: 17, arbitrary: fc.constant(null) }, { weight: 3, arbitrary: fc.constantFrom(...FRAMINGS) }),
    }),
    { numRuns: count, seed },
  );
}

/**
 * The same cases, each carrying `${prefix}-${i}` where a visitor's data goes and the log must never show
 * it (docs/operations.md#logs): a query value, a cookie, form values (a way back among them, with an empty
 * segment Remix once printed), and headers other than Host and X-Request-Id (User-Agent, Referer,
 * Accept-Language, the country header, one of its own).
 */
export function withPlantedValues(cases: FuzzCase[], prefix: string): FuzzCase[] {
  // Half the forms lead with the planted fields (so its way back is the one read), one request in ten
  // names a route with `_data` (a data request; every one would be a 403 and render nothing).
  return cases.map((c, i) => ({ ...c, planted: { value: `${prefix}-${i}`, formFirst: i % 2 === 0, dataRoute: i % 10 === 0 } }));
}

/** A case as the bytes sent, and whether it is a HEAD (its answer names a body it has not). */
function fuzzBytes(c: FuzzCase): { bytes: Buffer; head: boolean } {
  const headers: Array<[string, string]> = [];
  const planted = c.planted?.value;
  if (c.host !== null) headers.push(["Host", c.host]);
  if (c.cookie !== null || planted)
    headers.push(["Cookie", [c.cookie, planted && `planted=${planted}`].filter((v) => v !== null && v !== undefined).join("; ")]);
  headers.push(...c.extras.filter(([name]) => name !== "Content-Length" && name !== "Transfer-Encoding" && name !== "Expect"));
  if (planted)
    headers.push(
      ["User-Agent", `Mozilla/5.0 (${planted})`],
      ["Referer", `http://localhost/${planted}?q=${planted}`],
      ["Accept-Language", `${planted};q=0.5`],
      ["cloudfront-viewer-country", planted],
      ["X-Planted", planted],
    );
  let body: Buffer = Buffer.alloc(0);
  const form = planted && c.body?.type === "application/x-www-form-urlencoded" ? `planted=${planted}&returnTo=${encodeURIComponent(`/;//${planted}`)}` : "";
  const own = c.body?.body ?? "";
  const text = !form ? own : c.planted!.formFirst ? `${form}&${own}` : `${own}&${form}`;
  if (c.body?.type) headers.push(["Content-Type", c.body.type]);
  switch (c.framing) {
    case "stray bytes after the body":
      headers.push(["Content-Length", String(Buffer.byteLength(text))]);
      body = Buffer.from(`${text}hello`);
      break;
    case "Transfer-Encoding: identity":
      headers.push(["Transfer-Encoding", "identity"]);
      body = Buffer.from(text || "hello");
      break;
    case "malformed chunked body":
      headers.push(["Transfer-Encoding", "chunked"]);
      body = Buffer.from(`zz\r\n${text}\r\n0\r\n\r\n`);
      break;
    default:
      if (c.body) {
        if (c.body.chunked) {
          headers.push(["Transfer-Encoding", "chunked"]);
          body = Buffer.concat([...(text ? [chunk(text)] : []), chunk("")]);
        } else {
          headers.push(["Content-Length", String(Buffer.byteLength(text))]);
          body = Buffer.from(text);
        }
      }
  }
  if (c.framing === "request after Connection: close") headers.push(["Connection", "close"]);
  else if (c.version === "HTTP/1.0") headers.push(["Connection", "keep-alive"]);
  const after = c.framing === "request after Connection: close" ? `GET /healthz HTTP/1.1\r\nHost: ${c.host ?? "localhost"}\r\n\r\n` : "";
  const query = planted ? `pv=${planted}${c.planted!.dataRoute ? `&_data=${planted}` : ""}` : "";
  const target = query && c.target.startsWith("/") ? `${c.target}${c.target.includes("?") ? "&" : "?"}${query}` : c.target;
  const bytes = Buffer.concat([
    Buffer.from(`${c.method} ${target} ${c.version}\r\n${headers.map(([n, v]) => `${n}: ${v}\r\n`).join("")}\r\n`, "latin1"),
    body,
    Buffer.from(after, "latin1"),
  ]);
  return { bytes, head: c.method === "HEAD" };
}

export interface FuzzResult {
  /** A 5xx, a connection that ended (or stayed silent 15 s) without an answer, or a cookie set on a storable answer. */
  failures: string[];
  statuses: Map<number, number>;
  seconds: number;
}

/** Sends every case over `workers` keep-alive connections at once; a new connection after one closes. */
export async function runFuzz(port: number, cases: FuzzCase[], workers = 12): Promise<FuzzResult> {
  const failures: string[] = [];
  const statuses = new Map<number, number>();
  let next = 0;
  const worker = async () => {
    let connection: RawConnection | null = null;
    while (next < cases.length) {
      const c = cases[next++]!;
      const { bytes, head } = fuzzBytes(c);
      try {
        if (!connection?.isOpen) connection = await RawConnection.open(port);
        const response = await connection.send(bytes, { head, timeoutMs: 15_000 });
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        if (response.status >= 500) failures.push(`${response.status} ${JSON.stringify(c)}`);
        // An answer that sets a cookie is never stored by a shared cache (docs/security.md).
        if (response.headers["set-cookie"] && response.headers["cache-control"]?.join(", ") !== "no-store")
          failures.push(
            `Set-Cookie without Cache-Control: no-store (${response.headers["cache-control"]?.join(", ") ?? "none"}) ${JSON.stringify(c).slice(0, 300)}`,
          );
        // A connection that upgraded (CONNECT), ended or carries bytes after the request stays unusable: start a new one.
        if (response.closes || c.method === "CONNECT" || response.status === 101 || c.framing) {
          connection.close();
          connection = null;
        }
      } catch (error) {
        failures.push(`no answer (${(error as Error).message}) ${JSON.stringify(c).slice(0, 300)}`);
        connection?.close();
        connection = null;
      }
    }
    connection?.close();
  };
  const started = Date.now();
  await Promise.all(Array.from({ length: workers }, worker));
  return { failures, statuses, seconds: (Date.now() - started) / 1000 };
}
