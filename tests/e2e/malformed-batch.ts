import { connect } from "node:net";

// One batch of malformed requests as an attacker sends them, over raw sockets: static-path traversal, request
// smuggling (CL.TE, TE.CL, obfuscated and duplicate framing headers, pipelined requests in a body), over-long
// request lines, headers and cookies, and odd Host spellings. The server must answer each with a 4xx or its
// page, never a 5xx, and still stop on SIGTERM afterwards (tests/e2e/connections.spec.ts).

export interface BatchAnswer {
  name: string;
  /** Every status line the server wrote on the connection, in order. */
  statuses: number[];
  body: string;
}

/** Sends raw bytes on a connection of its own; collects what comes until the server closes it or `waitMs` passes. */
function send(port: number, name: string, data: string, waitMs: number): Promise<BatchAnswer> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("error", () => undefined);
    const done = () => {
      clearTimeout(timer);
      socket.destroy();
      const body = Buffer.concat(chunks).toString("latin1");
      resolve({ name, statuses: [...body.matchAll(/HTTP\/1\.[01] (\d{3})/g)].map((m) => Number(m[1])), body });
    };
    const timer = setTimeout(done, waitMs);
    socket.on("close", done);
    socket.write(Buffer.from(data, "latin1"));
  });
}

const TRAVERSAL = [
  "/build/../package.json",
  "/build/%2e%2e/package.json",
  "/build/%2e%2e%2fpackage.json",
  "/build/..%2fpackage.json",
  "/build/..%5cpackage.json",
  "/build/..\\package.json",
  "/build/%252e%252e/package.json",
  "/build/%c0%ae%c0%ae/package.json",
  "/build/.%2e/.%2e/build/index.js",
  "/build//..//..//build/index.js",
  "/fonts/../../etc/passwd",
  "/fonts/%2e%2e/%2e%2e/%2e%2e/%2e%2e/etc/passwd",
  "/fonts/..%2f..%2f..%2f..%2fetc%2fpasswd",
  "/media/..%2f..%2fbuild%2findex.js",
  "/brand/../../.env",
  "/favicon.svg/..",
  "/favicon.svg%00.js",
  "/fonts/",
  "/fonts",
  "/build",
  "/build/",
  "/.git/config",
  "/public/favicon.svg",
  "/BUILD/../package.json",
  "/build/%2e%2e/%2e%2e/app/env.server.ts",
  "/fonts/%2e%2e%5c%2e%2e%5cpackage.json",
  "/media/%00/../../package.json",
  "/build/manifest.json",
  "/build/../../build/index.js",
  "/%2e%2e/%2e%2e/etc/passwd",
  "/..%2f..%2fetc%2fpasswd",
];

/** What a file outside the public folder would show if it leaked. */
export const LEAK = /root:x:0:0|"devDependencies"|"scripts"\s*:|createRequestHandler|\[core\]|API_BASE_URL/;

function smuggling(h: string): Record<string, string> {
  const form = "Content-Type: application/x-www-form-urlencoded\r\n";
  return {
    "CL.TE": `POST /consent HTTP/1.1\r\nHost: ${h}\r\n${form}Content-Length: 40\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\nGET /machines HTTP/1.1\r\nHost: ${h}\r\n\r\n`,
    "TE.CL": `POST /consent HTTP/1.1\r\nHost: ${h}\r\n${form}Transfer-Encoding: chunked\r\nContent-Length: 4\r\n\r\n2c\r\nGET /machines HTTP/1.1\r\nHost: ${h}\r\nX: \r\n0\r\n\r\n`,
    "TE with a space before the colon": `POST /consent HTTP/1.1\r\nHost: ${h}\r\nContent-Length: 4\r\nTransfer-Encoding : chunked\r\n\r\n0\r\n\r\n`,
    "TE with a tab": `POST /consent HTTP/1.1\r\nHost: ${h}\r\nContent-Length: 4\r\nTransfer-Encoding:\tchunked\r\n\r\n0\r\n\r\n`,
    "TE chunked then identity": `POST /consent HTTP/1.1\r\nHost: ${h}\r\nTransfer-Encoding: chunked\r\nTransfer-Encoding: identity\r\n\r\n0\r\n\r\n`,
    "TE xchunked with CL": `POST /consent HTTP/1.1\r\nHost: ${h}\r\nContent-Length: 5\r\nTransfer-Encoding: xchunked\r\n\r\n0\r\n\r\n`,
    "TE chunked, identity": `POST /consent HTTP/1.1\r\nHost: ${h}\r\nTransfer-Encoding: chunked, identity\r\n\r\n0\r\n\r\n`,
    "two different CLs": `POST /consent HTTP/1.1\r\nHost: ${h}\r\n${form}Content-Length: 17\r\nContent-Length: 0\r\n\r\nchoice=accept_all`,
    "two equal CLs and a request in the body": `POST /consent HTTP/1.1\r\nHost: ${h}\r\n${form}Content-Length: 17\r\nContent-Length: 17\r\n\r\nchoice=accept_allGET /machines HTTP/1.1\r\nHost: ${h}\r\n\r\n`,
    "CL list": `POST /consent HTTP/1.1\r\nHost: ${h}\r\n${form}Content-Length: 17, 17\r\n\r\nchoice=accept_all`,
    "CL with a plus": `POST /consent HTTP/1.1\r\nHost: ${h}\r\n${form}Content-Length: +17\r\n\r\nchoice=accept_all`,
    "a request after the body": `POST /consent HTTP/1.1\r\nHost: ${h}\r\n${form}Content-Length: 17\r\n\r\nchoice=accept_allGET /machines HTTP/1.1\r\nHost: ${h}\r\n\r\n`,
    "GET with CL 0, then a pipelined request": `GET /healthz HTTP/1.1\r\nHost: ${h}\r\nContent-Length: 0\r\n\r\nGET /machines HTTP/1.1\r\nHost: ${h}\r\nConnection: close\r\n\r\n`,
    "GET with a body that is a request": `GET /healthz HTTP/1.1\r\nHost: ${h}\r\nContent-Length: 36\r\n\r\nGET /machines HTTP/1.1\r\nHost: x\r\n\r\n`,
    "bare LF": `GET /healthz HTTP/1.1\nHost: ${h}\n\nGET /machines HTTP/1.1\nHost: ${h}\n\n`,
    "chunk size with an extension": `POST /consent HTTP/1.1\r\nHost: ${h}\r\n${form}Transfer-Encoding: chunked\r\n\r\n11 ;x\r\nchoice=accept_all\r\n0\r\n\r\n`,
    "obs-fold TE": `POST /consent HTTP/1.1\r\nHost: ${h}\r\nContent-Length: 4\r\nTransfer-Encoding:\r\n chunked\r\n\r\n0\r\n\r\n`,
    "HTTP/1.0 keep-alive and a request after the body": `POST /consent HTTP/1.0\r\nHost: ${h}\r\nConnection: keep-alive\r\n${form}Content-Length: 17\r\n\r\nchoice=accept_allGET /machines HTTP/1.1\r\nHost: ${h}\r\n\r\n`,
  };
}

function long(h: string): Record<string, string> {
  const page = "/?uid=www.paris-experiences.example.eiffel-tower&lang=en";
  return {
    "URL 8 KB": `GET /?uid=${"a".repeat(8000)} HTTP/1.1\r\nHost: ${h}\r\nConnection: close\r\n\r\n`,
    "URL 15 KB": `GET /?uid=${"a".repeat(15000)} HTTP/1.1\r\nHost: ${h}\r\nConnection: close\r\n\r\n`,
    "URL 17 KB": `GET /?uid=${"a".repeat(17000)} HTTP/1.1\r\nHost: ${h}\r\nConnection: close\r\n\r\n`,
    "URL 1 MB": `GET /?x=${"a".repeat(1 << 20)} HTTP/1.1\r\nHost: ${h}\r\nConnection: close\r\n\r\n`,
    "path 15 KB": `GET /${"a/".repeat(7000)} HTTP/1.1\r\nHost: ${h}\r\nConnection: close\r\n\r\n`,
    "header 15 KB": `GET / HTTP/1.1\r\nHost: ${h}\r\nX-A: ${"a".repeat(15000)}\r\nConnection: close\r\n\r\n`,
    "header 17 KB": `GET / HTTP/1.1\r\nHost: ${h}\r\nX-A: ${"a".repeat(17000)}\r\nConnection: close\r\n\r\n`,
    "2,000 cookies in one header": `GET ${page} HTTP/1.1\r\nHost: ${h}\r\nCookie: ${Array.from({ length: 2000 }, (_, i) => `c${i}=v`).join("; ")}\r\nConnection: close\r\n\r\n`,
    "300 Cookie headers": `GET ${page} HTTP/1.1\r\nHost: ${h}\r\n${Array.from({ length: 300 }, (_, i) => `Cookie: currency=${["USD", "EUR", "GBP"][i % 3]}; c${i}=v`).join("\r\n")}\r\nConnection: close\r\n\r\n`,
    "three conflicting currency cookies": `GET ${page} HTTP/1.1\r\nHost: ${h}\r\nCookie: currency=USD; currency=GBP; currency=JPY\r\nConnection: close\r\n\r\n`,
    "1,000 headers": `GET / HTTP/1.1\r\nHost: ${h}\r\n${Array.from({ length: 1000 }, (_, i) => `X-${i}: v`).join("\r\n")}\r\nConnection: close\r\n\r\n`,
    "3,000 query parameters": `GET ${page}&${Array.from({ length: 3000 }, (_, i) => `p${i}=1`).join("&")} HTTP/1.1\r\nHost: ${h}\r\nConnection: close\r\n\r\n`,
  };
}

/** Host spellings: homoglyphs, full-width and ideographic dots, a trailing dot, NUL, userinfo, bad ports. */
function oddHosts(port: number): string[] {
  return [
    "www.pаris-experiences.example",
    "www.paris-experiences.example\u3002",
    "WWW.PARIS-EXPERIENCES.EXAMPLE",
    "xn--www-paris-experiences-example",
    "www.paris-experiences.example%2e",
    "www.paris‐experiences.example",
    "ｗｗｗ.paris-experiences.example",
    "www.paris-experiences.example:443",
    "www.paris-experiences.example.",
    "www.paris-experiences.example\u0000",
    "müller.example",
    "www.paris-experiences.example:65536",
    `[::1]:${port}`,
    `localhost:${port}@evil.example`,
  ];
}

/** The whole batch against the server on `port`, a group at a time (each group's connections at once). */
export async function malformedBatch(port: number): Promise<BatchAnswer[]> {
  const h = `localhost:${port}`;
  const answers: BatchAnswer[] = [];
  answers.push(
    ...(await Promise.all(TRAVERSAL.map((path) => send(port, `traversal ${path}`, `GET ${path} HTTP/1.1\r\nHost: ${h}\r\nConnection: close\r\n\r\n`, 1500)))),
  );
  answers.push(...(await Promise.all(Object.entries(smuggling(h)).map(([name, data]) => send(port, `smuggling: ${name}`, data, 1500)))));
  answers.push(...(await Promise.all(Object.entries(long(h)).map(([name, data]) => send(port, `long: ${name}`, data, 3000)))));
  const hosts = oddHosts(port).map((host) =>
    send(
      port,
      `host ${JSON.stringify(host)}`,
      Buffer.from(`GET /eiffel-tower/ HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`, "utf8").toString("latin1"),
      1500,
    ),
  );
  answers.push(...(await Promise.all(hosts)));
  return answers;
}
