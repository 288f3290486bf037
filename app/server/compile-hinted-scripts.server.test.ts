import { mkdtempSync, mkdirSync, writeFileSync } from "node:fs";
import { get, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COMPILE_HINT, compileHintedScripts } from "./compile-hinted-scripts.server";

let server: Server;
let base: string;

beforeAll(async () => {
  const dir = mkdtempSync(path.join(tmpdir(), "build-"));
  mkdirSync(path.join(dir, "_shared"));
  writeFileSync(path.join(dir, "_shared", "chunk-ABC123.js"), 'import{a}from"./x.js";export{a};');
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
    expect(await response.text()).toBe(`${COMPILE_HINT}import{a}from"./x.js";export{a};`);
  });

  it("answers a repeat request carrying the ETag with 304 Not Modified", async () => {
    const first = await fetch(`${base}/build/_shared/chunk-ABC123.js`);
    const etag = first.headers.get("etag");
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    // node:http, not fetch: fetch adds "Cache-Control: no-cache" to a conditional request, as a browser's
    // reload would, and that asks for the full file.
    const status = await new Promise<number | undefined>((resolve, reject) => {
      get(`${base}/build/_shared/chunk-ABC123.js`, { headers: { "if-none-match": etag! } }, (response) => {
        response.resume();
        resolve(response.statusCode);
      }).on("error", reject);
    });
    expect(status).toBe(304);
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
