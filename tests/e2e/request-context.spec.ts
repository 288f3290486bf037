import { expect, PARIS, test, VISITOR_AGENTS } from "./fixtures";
import { startStorefront, type StorefrontServer } from "./storefront-server";

// A request's facts are read once, at the edge (app/edge/request-context.server.ts): the device a
// request gets is classified once per request, whatever renders after it (the root loader, the page loader,
// the page cache's key, the render). The server counts each classification in its metrics.

let server: StorefrontServer;
test.beforeAll(async () => {
  // Without the page cache, every document is rendered: its loaders run each time.
  server = await startStorefront({ PAGE_CACHE_TTL_MS: "0" });
});
test.afterAll(async () => {
  await server?.stop();
});

/** The sum of storefront_device_classifications_total over its labels, from one scrape. */
async function classifications(): Promise<number> {
  const text = await (await fetch(`http://127.0.0.1:${server.metricsPort}/metrics`)).text();
  return text
    .split("\n")
    .filter((line) => line.startsWith("storefront_device_classifications_total{"))
    .reduce((sum, line) => sum + Number(line.split(" ").pop()), 0);
}

test("one device classification per request: a page, its data request, a 404 page, the directory, a bot and a CDN's X-Device", async () => {
  const asks: Array<[string, Record<string, string>]> = [
    [`/?uid=${PARIS}&lang=en`, { "user-agent": VISITOR_AGENTS.phone }],
    [`/?uid=${PARIS}&lang=en&_data=root`, { "user-agent": VISITOR_AGENTS.desktop }],
    [`/?uid=${PARIS}.missing&lang=en`, { "user-agent": VISITOR_AGENTS.desktop }],
    ["/_directory", { "user-agent": VISITOR_AGENTS.desktop }],
    [`/?uid=${PARIS}&lang=fr`, { "user-agent": VISITOR_AGENTS.bot }],
    [`/?uid=${PARIS}&lang=en`, { "user-agent": VISITOR_AGENTS.desktop, "x-device": "mobile" }],
  ];
  for (const [path, headers] of asks) {
    const before = await classifications();
    const response = await fetch(`${server.origin}${path}`, { headers });
    await response.arrayBuffer();
    expect([200, 404], path).toContain(response.status);
    expect((await classifications()) - before, `${path} as ${headers["user-agent"]}`).toBe(1);
  }
});
