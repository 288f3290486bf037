import { expect, PARIS, test } from "./fixtures";
import { header, rawRequest, requestBytes } from "./raw-http";
import { startStorefront, type StorefrontServer } from "./storefront-server";

// Issue 20 §6: HSTS and Secure cookies in production URL mode, nosniff and a sandboxing CSP on static
// files.

const PAGE = `/?uid=${PARIS}.eiffel-tower&lang=en`;
const HSTS = "max-age=31536000; includeSubDomains";

test.describe("production URL mode: HSTS and Secure cookies", () => {
  test.describe.configure({ mode: "serial" });
  let server: StorefrontServer;
  test.beforeAll(async () => {
    server = await startStorefront({ URL_MODE: "production" });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test("every response carries Strict-Transport-Security: pages, static files, refusals", async ({ request }) => {
    for (const path of ["/", "/eiffel-tower/", "/favicon.svg", "/fonts/inter-latin-wght-normal.woff2", "/missing/", "/healthz"]) {
      const response = await request.get(`${server.origin}${path}`, { headers: { host: PARIS }, failOnStatusCode: false });
      expect(response.headers()["strict-transport-security"], path).toBe(HSTS);
    }
    const refused = await rawRequest(server.port, requestBytes("GET", "/", [["Host", "a b"], ["Connection", "close"]]));
    expect(refused.status).toBe(400);
    expect(header(refused, "strict-transport-security")).toBe(HSTS);
  });

  test("the currency cookie is Secure", async ({ request }) => {
    const response = await request.post(`${server.origin}/preferences/currency`, {
      headers: { host: PARIS },
      form: { currency: "EUR", returnTo: "/eiffel-tower/" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(303);
    expect(response.headers()["set-cookie"]).toMatch(/^currency=EUR;.*; Secure(;|$)/);
  });
});

test.describe("development URL mode (plain http on localhost)", () => {
  test("no HSTS, and the currency cookie is not Secure (the browser would drop it over http)", async ({ request }) => {
    const page = await request.get(PAGE);
    expect(page.headers()["strict-transport-security"]).toBeUndefined();
    const response = await request.post("/preferences/currency", { form: { currency: "EUR", returnTo: "/" }, maxRedirects: 0 });
    expect(response.headers()["set-cookie"]).toContain("currency=EUR");
    expect(response.headers()["set-cookie"]).not.toContain("Secure");
  });
});

test.describe("static files", () => {
  test("every kind of static file gets nosniff and a sandboxing CSP", async ({ request }) => {
    const html = await (await request.get(PAGE)).text();
    const scripts = [...html.matchAll(/<link rel="modulepreload" href="(\/build\/[^"]+)"/g)].map((m) => m[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    const files = [
      scripts[0]!,
      scripts.at(-1)!,
      "/favicon.svg",
      "/brand/paris-experiences-logo.svg",
      "/media/paris-weekend-map.svg",
      "/media/paris-weekend-video-poster.svg",
      "/media/fallback.jpg",
      "/fonts/inter-latin-wght-normal.woff2",
      "/fonts/LICENSE-inter.txt",
    ];
    for (const file of files) {
      for (const method of ["GET", "HEAD"] as const) {
        const response = await request.fetch(file, { method });
        expect(response.status(), `${method} ${file}`).toBe(200);
        expect(response.headers()["x-content-type-options"], file).toBe("nosniff");
        const csp = response.headers()["content-security-policy"] ?? "";
        expect(csp, file).toContain("default-src 'none'");
        expect(csp, file).toContain("sandbox");
        expect(csp, file).not.toContain("script-src");
      }
    }
  });

  test("an SVG opened on its own is a sandboxed document with an opaque origin", async ({ page }) => {
    await page.goto("/media/paris-weekend-map.svg");
    expect(await page.evaluate(() => window.origin)).toBe("null");
  });
});
