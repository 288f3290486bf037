import { expect, PARIS, test, VISITOR_AGENTS } from "./fixtures";
import { header, rawRequest, requestBytes } from "./raw-http";
import { startStorefront, type StorefrontServer } from "./storefront-server";

// HSTS and Secure cookies in production URL mode, nosniff and a sandboxing CSP on static
// files, and a page CSP whose script-src trusts the page's own inline scripts by hash ('strict-dynamic')
// rather than hosts, with the app's module scripts, the tag manager and the YouTube facade still working under it.

const PAGE = `/?uid=${PARIS}.eiffel-tower&lang=en`;
const HSTS = "max-age=31536000; includeSubDomains";
/** HeadlessChrome is a bot to the server, and bots load no tag manager. */
const DESKTOP_UA = VISITOR_AGENTS.desktop;

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
    for (const path of ["/", "/eiffel-tower/", "/favicon.png", "/fonts/inter-latin-wght-normal.woff2", "/missing/", "/healthz"]) {
      const response = await request.get(`${server.origin}${path}`, { headers: { host: PARIS }, failOnStatusCode: false });
      expect(response.headers()["strict-transport-security"], path).toBe(HSTS);
    }
    const refused = await rawRequest(
      server.port,
      requestBytes("GET", "/", [
        ["Host", "a b"],
        ["Connection", "close"],
      ]),
    );
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
      "/favicon.png",
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

test.describe("script-src trusts the page's hashed scripts, not hosts ('strict-dynamic')", () => {
  /** Policy violations the page reports, collected from the first script on. */
  async function watchViolations(page: import("@playwright/test").Page) {
    await page.addInitScript(() => {
      (window as unknown as { violations: string[] }).violations = [];
      document.addEventListener("securitypolicyviolation", (event) =>
        (window as unknown as { violations: string[] }).violations.push(`${event.violatedDirective} ${event.blockedURI}`),
      );
    });
    return () => page.evaluate(() => (window as unknown as { violations: string[] }).violations);
  }

  test("the policy keeps the scripts' hashes and the host list for older browsers, with 'strict-dynamic'", async ({ request }) => {
    const csp = (await request.get(PAGE)).headers()["content-security-policy"] ?? "";
    const scriptSrc = /script-src ([^;]+)/.exec(csp)?.[1]?.split(" ") ?? [];
    expect(scriptSrc).toContain("'strict-dynamic'");
    expect(scriptSrc.some((source) => source.startsWith("'sha256-"))).toBe(true);
    expect(scriptSrc).toContain("https://www.googletagmanager.com");
    expect(scriptSrc).not.toContain("'unsafe-inline'");
  });

  test("the page hydrates: Remix's modulepreloads and inline module run with no violation", async ({ page }) => {
    const violations = await watchViolations(page);
    const loaded: string[] = [];
    page.on("response", (response) => {
      if (new URL(response.url()).pathname.startsWith("/build/")) loaded.push(response.url());
    });
    await page.goto(PAGE);
    await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
    expect(loaded.length).toBeGreaterThan(0);
    expect(await violations()).toEqual([]);
  });

  test("a script tag put into the HTML from an allow-listed host does not run", async ({ page, consoleErrors }) => {
    const violations = await watchViolations(page);
    await page.route("https://www.googletagmanager.com/gtm.js?id=GTM-INJECTED", (route) =>
      route.fulfill({ contentType: "text/javascript", body: "window.injectedRan = true;" }),
    );
    await page.route(`**${PAGE}`, async (route) => {
      const response = await route.fetch();
      const body = (await response.text()).replace("</body>", '<script src="https://www.googletagmanager.com/gtm.js?id=GTM-INJECTED"></script></body>');
      await route.fulfill({ response, body });
    });
    await page.goto(PAGE);
    await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
    expect(await page.evaluate(() => (window as unknown as { injectedRan?: boolean }).injectedRan ?? false)).toBe(false);
    expect((await violations()).some((v) => v.includes("GTM-INJECTED"))).toBe(true);
    // The browser reports the refused script on the console: that refusal is the behaviour under test.
    for (let at = consoleErrors.findIndex((e) => e.includes("GTM-INJECTED")); at >= 0; at = consoleErrors.findIndex((e) => e.includes("GTM-INJECTED"))) {
      consoleErrors.splice(at, 1);
    }
  });

  test.describe("with a tag manager container", () => {
    test.describe.configure({ mode: "serial" });
    let server: StorefrontServer;
    test.beforeAll(async () => {
      server = await startStorefront({ GTM_CONTAINER_ID: "GTM-TEST123" });
    });
    test.afterAll(async () => {
      await server?.stop();
    });

    test("the container loads after the block list that refuses Custom HTML, and the scripts it adds run", async ({ browser }) => {
      const context = await browser.newContext({ userAgent: DESKTOP_UA });
      const page = await context.newPage();
      const violations = await watchViolations(page);
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));
      // A stand-in for gtm.js that does what the container does: read its allow and block lists from the data
      // layer as it starts, and add a script of its own (as GA4 and template tags do, by URL).
      await context.route("https://www.googletagmanager.com/gtm.js?id=GTM-TEST123", (route) =>
        route.fulfill({
          contentType: "text/javascript",
          body:
            "window.containerRan = true;" +
            "window.blocklistAtStart = (window.dataLayer.find(function (e) { return e['gtm.blocklist']; }) || {})['gtm.blocklist'];" +
            "var s = document.createElement('script'); s.src = 'https://www.googletagmanager.com/gtag/js?id=G-TEST'; document.head.appendChild(s);",
        }),
      );
      await context.route("https://www.googletagmanager.com/gtag/js?id=G-TEST", (route) =>
        route.fulfill({ contentType: "text/javascript", body: "window.tagRan = true;" }),
      );
      await page.goto(`${server.origin}${PAGE}`);
      await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
      await expect.poll(() => page.evaluate(() => (window as unknown as { tagRan?: boolean }).tagRan ?? false)).toBe(true);
      expect(await page.evaluate(() => (window as unknown as { containerRan?: boolean }).containerRan)).toBe(true);
      expect(await page.evaluate(() => (window as unknown as { blocklistAtStart?: string[] }).blocklistAtStart)).toEqual(["customScripts"]);
      expect(await violations()).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    });
  });
});
