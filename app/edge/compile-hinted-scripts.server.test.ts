import { mkdtempSync, mkdirSync, writeFileSync } from "node:fs";
import { get, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COMPILE_HINT, compileHintedScripts } from "~/edge/compile-hinted-scripts.server";

let server: Server;
const SCRIPT = `import{a}from"~/server/x.js";export{a};${"const filler=1;".repeat(400)}`;

/** A raw request (fetch would decode the body and add its own Accept-Encoding). */
function rawGet(url: string, headers: Record<string, string>): Promise<{ response: IncomingMessage; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ response, body: Buffer.concat(chunks) }));
    }).on("error", reject);
  });
}
let base: string;

beforeAll(async () => {
  const dir = mkdtempSync(path.join(tmpdir(), "build-"));
  mkdirSync(path.join(dir, "_shared"));
  writeFileSync(path.join(dir, "_shared", "chunk-ABC123.js"), SCRIPT);
  writeFileSync(path.join(dir, "_shared", "chunk-FRESH1.js"), SCRIPT);
  writeFileSync(path.join(dir, "manifest.json"), "{}");
  writeFileSync(path.join(path.dirname(dir), "outside.js"), "secret");
  const app = express();
  app.use("/build", compileHintedScripts(dir));
  app.use((_req, res) => res.status(404).send("not found"));
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

describe("compileHintedScripts", () => {
  it("serves a build script with the compile hint as its first line, cacheable for ever", async () => {
    const response = await fetch(`${base}/build/_shared/chunk-ABC123.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/javascript/);
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(await response.text()).toBe(`${COMPILE_HINT}${SCRIPT}`);
  });

  it("sends gzip to a client that accepts only gzip, and the plain file to one that accepts nothing", async () => {
    const url = `${base}/build/_shared/chunk-ABC123.js`;
    const gzipped = await rawGet(url, { "accept-encoding": "gzip, deflate" });
    expect(gzipped.response.headers["content-encoding"]).toBe("gzip");
    expect(gzipped.response.headers.vary).toBe("Accept-Encoding");
    expect(gunzipSync(gzipped.body).toString()).toBe(`${COMPILE_HINT}${SCRIPT}`);
    expect(gzipped.body.length).toBeLessThan(SCRIPT.length / 10);
    const plain = await rawGet(url, {});
    expect(plain.response.headers["content-encoding"]).toBeUndefined();
    expect(plain.response.headers.vary).toBe("Accept-Encoding");
    expect(plain.body.toString()).toBe(`${COMPILE_HINT}${SCRIPT}`);
    expect(plain.response.headers.etag).not.toBe(gzipped.response.headers.etag);
  });

  it("sends Brotli, compressed once in the background, to a client that lists br after gzip", async () => {
    const url = `${base}/build/_shared/chunk-ABC123.js`;
    let reply = await rawGet(url, { "accept-encoding": "gzip, deflate, br" });
    // The first requests may get gzip while Brotli is being made; it is ready within moments.
    for (let i = 0; i < 50 && reply.response.headers["content-encoding"] !== "br"; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      reply = await rawGet(url, { "accept-encoding": "gzip, deflate, br" });
    }
    expect(reply.response.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(reply.body).toString()).toBe(`${COMPILE_HINT}${SCRIPT}`);
    expect(reply.response.headers.etag).toMatch(/^"[A-Za-z0-9_-]{27}-br"$/);
  });

  it("does not fall back to gzip for a client that refused it while Brotli is still being made", async () => {
    // The first request for a file is answered before its Brotli is ready.
    const first = await rawGet(`${base}/build/_shared/chunk-FRESH1.js`, { "accept-encoding": "br, gzip;q=0" });
    expect(first.response.headers["content-encoding"]).toBeUndefined();
    expect(first.body.toString()).toBe(`${COMPILE_HINT}${SCRIPT}`);
  });

  it("sends the plain file to a client that accepts none of the encodings, identity included", async () => {
    const reply = await rawGet(`${base}/build/_shared/chunk-ABC123.js`, { "accept-encoding": "*;q=0" });
    expect(reply.response.statusCode).toBe(200);
    expect(reply.response.headers["content-encoding"]).toBeUndefined();
    expect(reply.body.toString()).toBe(`${COMPILE_HINT}${SCRIPT}`);
  });

  it("answers a repeat request carrying the ETag of the same encoding with 304 Not Modified", async () => {
    // node:http, not fetch: fetch adds "Cache-Control: no-cache" to a conditional request, as a browser's
    // reload would, and that asks for the full file.
    const url = `${base}/build/_shared/chunk-ABC123.js`;
    const first = await rawGet(url, { "accept-encoding": "gzip" });
    const etag = first.response.headers.etag!;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{27}-gzip"$/);
    const again = await rawGet(url, { "accept-encoding": "gzip", "if-none-match": etag });
    expect(again.response.statusCode).toBe(304);
    expect(again.body.length).toBe(0);
    // The gzip validator does not stand for the unencoded file.
    const plain = await rawGet(url, { "if-none-match": etag });
    expect(plain.response.statusCode).toBe(200);
  });

  it("answers HEAD without a body", async () => {
    const response = await fetch(`${base}/build/_shared/chunk-ABC123.js`, { method: "HEAD" });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("");
  });

  it("leaves other files, missing files and paths out of the build to the next handler", async () => {
    expect((await fetch(`${base}/build/manifest.json`)).status).toBe(404);
    expect((await fetch(`${base}/build/_shared/chunk-MISSING.js`)).status).toBe(404);
    expect((await fetch(`${base}/build/%2e%2e/outside.js`)).status).toBe(404);
    expect((await fetch(`${base}/build/_shared/..%2f..%2foutside.js`)).status).toBe(404);
  });
});
