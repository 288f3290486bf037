import { expect, PARIS, test } from "./fixtures";
import { header, rawRequest, requestBytes } from "./raw-http";
import { startStorefront, type StorefrontServer } from "./storefront-server";

// Issue 20 §6: HSTS and Secure cookies in production URL mode.

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
