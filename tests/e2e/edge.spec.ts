import fs, { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { syncBuiltinESMExports } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { expect, test } from "@playwright/test";
import { header, RawConnection, requestBytes } from "./raw-http";

// The HTTP edge started in-process from the server build (createServer, app/edge/): real HTTP on
// a free port, with a public/ folder of the test's own whose every stat is recorded, so the test sees
// which requests touch the disk. The steps' order and why: docs/decisions/027-one-edge.md.

test.describe.configure({ mode: "serial" });

interface Storefront {
  staticPrefixes: readonly string[];
  postPaths: ReadonlySet<string>;
  listen(port?: number): Promise<{ port: number }>;
  close(): Promise<void>;
}
interface ServerEntry {
  parseEnv(source: Record<string, string | undefined>): unknown;
  createStorefront(env: unknown, options: { publicDir: string }): Storefront;
}

const publicDir = mkdtempSync(path.join(tmpdir(), "edge-public-"));
/** Every path under publicDir that fs was asked to stat, open or read, in order. */
const touched: string[] = [];

/** Records the filesystem calls static serving makes (send, serve-static, readFile), then calls through. */
function recordFilesystem() {
  const record = (target: unknown) => {
    const file = target instanceof URL ? target.pathname : String(target);
    if (file.startsWith(publicDir)) touched.push(file);
  };
  const wrap = <T extends object>(owner: T, names: Array<keyof T>) => {
    for (const name of names) {
      const original = owner[name] as unknown as (...args: unknown[]) => unknown;
      (owner as Record<keyof T, unknown>)[name] = function (this: unknown, target: unknown, ...rest: unknown[]) {
        record(target);
        return original.call(this, target, ...rest);
      };
    }
  };
  wrap(fs, ["stat", "statSync", "lstat", "lstatSync", "open", "openSync", "readFile", "readFileSync", "createReadStream", "existsSync", "access"]);
  wrap(fs.promises, ["stat", "lstat", "open", "readFile", "access"]);
  syncBuiltinESMExports();
}

const EDGE_BOOKING_DOMAIN = "book.edge-env.example";
let storefront: Storefront;
let port = 0;
const origin = () => `http://localhost:${port}`;

test.beforeAll(async () => {
  mkdirSync(path.join(publicDir, "fonts"));
  mkdirSync(path.join(publicDir, "build"));
  writeFileSync(path.join(publicDir, "fonts", "x.woff2"), "wOF2 font bytes");
  writeFileSync(path.join(publicDir, "favicon.svg"), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  // React chooses its production build from NODE_ENV when first imported, as `npm start` sets it.
  process.env.NODE_ENV = "production";
  const entry = (await import(pathToFileURL(path.resolve("build/index.js")).href)) as ServerEntry;
  // BOOKING_DOMAIN is set here only, never in process.env: the loaders must get it from createServer's env.
  const env = entry.parseEnv({
    ...process.env,
    HOST: "127.0.0.1",
    METRICS_PORT: "0",
    LOG_LEVEL: "fatal",
    URL_MODE: "development",
    BOOKING_DOMAIN: EDGE_BOOKING_DOMAIN,
    // A collector folder of its own: one instance per folder (docs/decisions/054-first-party-collection.md).
    COLLECT_SINK: `file:${mkdtempSync(path.join(tmpdir(), "storefront-events-"))}`,
  });
  storefront = entry.createStorefront(env, { publicDir });
  recordFilesystem();
  port = (await storefront.listen(0)).port;
});
test.afterAll(async () => {
  await storefront?.close();
  rmSync(publicDir, { recursive: true, force: true });
});

/** The paths under publicDir that answering `url` touched. */
async function touchedBy(url: string): Promise<{ status: number; files: string[] }> {
  const from = touched.length;
  const response = await fetch(`${origin()}${url}`);
  await response.arrayBuffer();
  return { status: response.status, files: touched.slice(from) };
}

test("the env handed to createServer is the one the loaders see", async () => {
  expect(process.env.BOOKING_DOMAIN).not.toBe(EDGE_BOOKING_DOMAIN);
  const page = await fetch(`${origin()}/?uid=www.paris-experiences.example&lang=en`, {
    headers: { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0" },
  });
  const html = await page.text();
  expect(page.status).toBe(200);
  // Booking links (docs/requirements.md#2-pages-and-the-shell) are written on the configured domain.
  expect(html).toContain(`.${EDGE_BOOKING_DOMAIN}/`);
});

test("public/'s top level, listed once at start-up, is the list of static prefixes", () => {
  expect(storefront.staticPrefixes).toEqual(["/build/", "/favicon.svg", "/fonts/"]);
});

test("a page request never touches public/; a file under a static prefix does, and only it", async () => {
  for (const url of ["/", "/?uid=www.paris-experiences.example&lang=fr", "/fontsx", "/fonts.woff2", "/favicon.svgx", "/healthz"]) {
    const { files } = await touchedBy(url);
    expect(files, `${url} touched public/`).toEqual([]);
  }
  const font = await touchedBy("/fonts/x.woff2");
  expect(font.status).toBe(200);
  expect(font.files).toContain(path.join(publicDir, "fonts", "x.woff2"));
  expect((await touchedBy("/favicon.svg")).status).toBe(200);
});

test("the boundary: /fonts/x.woff2 is a static file, /fontsx a page (Remix's 404 page), a missing static file a plain 404", async () => {
  const font = await fetch(`${origin()}/fonts/x.woff2`);
  expect(font.status).toBe(200);
  expect(font.headers.get("cache-control")).toBe("public, max-age=3600");
  expect(font.headers.get("content-security-policy")).toContain("sandbox");
  const page = await fetch(`${origin()}/fontsx`);
  expect(page.status).toBe(404);
  expect(page.headers.get("content-type")).toMatch(/^text\/html/);
  expect(await page.text()).toContain("<!DOCTYPE html>");
  const missing = await fetch(`${origin()}/fonts/missing.woff2`);
  expect(missing.status).toBe(404);
  expect(missing.headers.get("content-type")).toMatch(/^text\/plain/);
});

/** Route files that export an action, as Remix's flat routes name their paths ("preferences.currency.tsx" → /preferences/currency). */
function routesWithAnAction(): string[] {
  const routesDir = path.resolve("app/routes");
  return readdirSync(routesDir)
    .filter((file) => /^export (async )?(function|const) action\b/m.test(readFileSync(path.join(routesDir, file), "utf8")))
    .map(
      (file) =>
        `/${file
          .replace(/\.tsx?$/, "")
          .split(".")
          .join("/")}`,
    )
    .sort();
}

test("the paths that take a POST are the routes that export an action, and nothing else", async () => {
  expect([...storefront.postPaths].sort()).toEqual(routesWithAnAction());
  expect(routesWithAnAction().length).toBeGreaterThan(0);
  for (const target of storefront.postPaths) {
    const response = await fetch(`${origin()}${target}`, { method: "POST", body: new URLSearchParams({ x: "1" }), redirect: "manual" });
    expect(response.status, target).not.toBe(405);
  }
  const elsewhere = await fetch(`${origin()}/`, { method: "POST", body: new URLSearchParams({ x: "1" }) });
  expect(elsewhere.status).toBe(405);
  expect(elsewhere.headers.get("allow")).toBe("GET, HEAD");
});

test("a POST without Content-Length gets 411 and one over its route's limit 413, both before a byte of the body is sent", async () => {
  for (const [headers, status] of [
    [[["Transfer-Encoding", "chunked"]], 411],
    [[], 411],
    [[["Content-Length", String(8 * 1024 + 1)]], 413],
  ] as Array<[Array<[string, string]>, number]>) {
    const connection = await RawConnection.open(port);
    try {
      // The headers alone: no body byte is ever written, so an answer proves none was waited for.
      const response = await connection.send(
        requestBytes("POST", "/consent", [["Host", "localhost"], ["Content-Type", "application/x-www-form-urlencoded"], ...headers]),
      );
      expect(response.status, JSON.stringify(headers)).toBe(status);
      expect(header(response, "cache-control")).toBe("no-store");
    } finally {
      connection.close();
    }
  }
});
