import express from "express";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { MemoryStore } from "~/cache/cache-store.server";
import type { CachedPage } from "~/edge/cached-page.server";
import { toCachedPage } from "~/edge/cached-page.server";
import { pageCacheStep, sendDocumentOf } from "~/edge/page-cache.server";
import { requestContextOf, requestContextStep } from "~/edge/request-context.server";
import { parseEnv } from "~/env.server";

// The page cache's own check: whatever answers a request, what it stores is what the key promises. The renderer
// here answers as a confused one would (JSON at a document's key, HTML at a data key), and the store refuses it.

const env = parseEnv({ URL_MODE: "development", PAGE_CACHE_TTL_MS: "5000" });
const PUBLIC = "public, max-age=0, s-maxage=60";
const servers: Array<{ close: () => void }> = [];
afterEach(() => servers.splice(0).forEach((server) => server.close()));

/** A server whose "renderer" answers every request with `type`, through the page cache step. */
async function serve(type: string, store: MemoryStore<CachedPage>) {
  const app = express();
  app.use(requestContextStep(env));
  app.use(pageCacheStep(env, store));
  // The key a request at the same query reads (the variant, made by the request context step).
  app.get("/key", (_req, res) => void res.send(requestContextOf(res).variant));
  app.use(async (_req, res) => {
    const send = sendDocumentOf(res)!;
    const answer = send(200, new Headers({ "Content-Type": type, "Cache-Control": PUBLIC }), Buffer.from(type.includes("json") ? "{}" : "<p>x</p>"));
    res.status(answer.status);
    answer.headers.forEach((value, name) => res.setHeader(name, value));
    res.end(Buffer.from(await answer.arrayBuffer()));
  });
  const server = app.listen(0, "127.0.0.1");
  servers.push(server);
  await new Promise((resolve) => server.once("listening", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const storeOf = () => new MemoryStore<CachedPage>({ maxEntries: 10 });

describe("the page cache step", () => {
  it("refuses to store JSON under a document's key, and says to shared caches that it is private", async () => {
    const store = storeOf();
    const origin = await serve("application/json; charset=utf-8", store);
    const answer = await fetch(`${origin}/?uid=a&lang=en`);
    expect(answer.headers.get("cache-control")).toBe("private, no-store");
    const key = (await (await fetch(`${origin}/key?uid=a&lang=en`)).text()).replace("/key?", "/?");
    expect(key).toMatch(/^document\|/);
    expect(await store.get(key)).toBeUndefined();
  });

  it("refuses to store HTML under a page data key", async () => {
    const store = storeOf();
    const origin = await serve("text/html; charset=utf-8", store);
    const answer = await fetch(`${origin}/?uid=a&lang=en&_data=routes%2F%24`);
    expect(answer.headers.get("cache-control")).toBe("private, no-store");
    const key = (await (await fetch(`${origin}/key?uid=a&lang=en&_data=routes%2F%24`)).text()).replace("/key?", "/?");
    expect(key).toMatch(/^data:routes%2F%24\|/);
    expect(await store.get(key)).toBeUndefined();
  });

  it("stores a document at its key and a page's data at its own, and serves each back", async () => {
    const store = storeOf();
    const origin = await serve("text/html; charset=utf-8", store);
    await fetch(`${origin}/?uid=a&lang=en`);
    const hit = await fetch(`${origin}/?uid=a&lang=en`);
    expect(hit.headers.get("cache-control")).toBe(PUBLIC);
    expect(hit.headers.get("content-type")).toMatch(/^text\/html/);
  });

  it("treats a stored entry that is not what its key promises (one another instance wrote) as a miss", async () => {
    const store = storeOf();
    const origin = await serve("text/html; charset=utf-8", store);
    // What a poisoned shared store would hand back at the document's key: JSON.
    const key = await (await fetch(`${origin}/key?uid=a&lang=en`)).text();
    const documentKey = key.replace("/key?", "/?");
    const json = toCachedPage(200, new Headers({ "content-type": "application/json", "cache-control": PUBLIC }), Buffer.from("{}"), "t", 60_000, Date.now());
    await store.set(documentKey, json);
    const answer = await fetch(`${origin}/?uid=a&lang=en`);
    expect(answer.headers.get("content-type")).toMatch(/^text\/html/);
    expect(await answer.text()).toBe("<p>x</p>");
  });
});
