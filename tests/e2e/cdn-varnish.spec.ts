import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { startVarnish, type VarnishServer } from "../setup/varnish";
import { inlineCodeNotAllowed, watchViolations } from "./csp";
import { expect, PARIS, test, VISITOR_AGENTS } from "./fixtures";
import { startStorefront, type StorefrontServer } from "./storefront-server";

// The CDN contract (docs/cdn-contract.md) tested against a real shared cache: Debian's Varnish running the
// repository's reference configuration (docs/cdn/storefront.vcl) in front of a production server. A page
// holds no secret per visitor (its CSP allows its inline code by hash, decision 042), so the cache may
// keep it and hand it to everyone who shares its variant, and every copy still runs only its own code.

const PAGE = `/?uid=${PARIS}&lang=en`;
const COUNTRY = "cloudfront-viewer-country";

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
  ms: number;
}

/** One request through `origin` as the bytes come (no client decoding, no cookies of its own). */
function ask(origin: string, path: string, headers: Record<string, string> = {}, method = "GET", body?: string): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${origin}${path}`, { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks).toString(), ms: performance.now() - started }),
      );
    });
    request.on("error", reject);
    request.end(body);
  });
}

/** A cache hit carries two transaction ids in X-Varnish (this request's and the one that stored the object). */
const isHit = (answer: Answer) => String(answer.headers["x-varnish"] ?? "").split(" ").length === 2;

/** What the page says it was made for: device, country and currency, as its page context and root data hold them. */
function variantOf(body: string) {
  const device = /"isMobile":(true|false),"isBot":(true|false),"countryCode":(null|"[A-Z]{2}")/.exec(body);
  const currency = /"currency":"([A-Z]{3})"/.exec(body)?.[1];
  return { isMobile: device?.[1] === "true", isBot: device?.[2] === "true", countryCode: device ? JSON.parse(device[3]!) : undefined, currency };
}

/** Access lines the origin wrote for `path`, a path without a query (it logs each request it answers once). */
const originAnswered = (server: StorefrontServer, path: string, from = 0) =>
  server.logs.slice(from).filter((line) => {
    try {
      const entry = JSON.parse(line) as { path?: string; requestId?: string; status?: number };
      return entry.requestId !== undefined && entry.status !== undefined && entry.path === path;
    } catch {
      return false;
    }
  }).length;

test.describe("behind a shared cache (Varnish with the reference VCL)", () => {
  test.describe.configure({ mode: "serial" });
  let server: StorefrontServer;
  let varnish: VarnishServer;
  test.beforeAll(async () => {
    server = await startStorefront({ LOG_LEVEL: "info" });
    varnish = await startVarnish(server.port);
  });
  test.afterAll(async () => {
    await varnish?.stop();
    await server?.stop();
  });

  test("a repeat ask of a variant is a hit, and only Age and X-Varnish differ from the first answer", async () => {
    const headers = { "user-agent": VISITOR_AGENTS.phone, [COUNTRY]: "DE", "accept-encoding": "gzip" };
    const first = await ask(varnish.origin, `${PAGE}&date=2099-02-01`, headers);
    const again = await ask(varnish.origin, `${PAGE}&date=2099-02-01`, headers);
    expect(first.status).toBe(200);
    expect(isHit(first)).toBe(false);
    expect(isHit(again)).toBe(true);
    expect(again.body).toBe(first.body);
    const rest = (answer: Answer) => Object.fromEntries(Object.entries(answer.headers).filter(([name]) => name !== "age" && name !== "x-varnish"));
    expect(rest(again)).toEqual(rest(first));
    expect(first.headers["content-security-policy"]).toContain("'sha256-");
  });

  test("a phone, a desktop and a bot, in DE and in US, with and without a currency cookie: each gets its own variant, never another's", async () => {
    const seen = new Map<string, string>();
    for (const device of ["phone", "desktop", "bot"] as const) {
      for (const country of ["DE", "US"]) {
        for (const cookie of [null, "currency=GBP; consent-state=ad_storage%3Adenied"]) {
          const headers: Record<string, string> = { "user-agent": VISITOR_AGENTS[device], [COUNTRY]: country, ...(cookie ? { cookie } : {}) };
          // Twice: the second is the cache's copy, and must be this visitor's as much as the first.
          for (const round of [0, 1]) {
            const answer = await ask(varnish.origin, PAGE, headers);
            const label = `${device} ${country} ${cookie ? "GBP cookie" : "no cookie"} (ask ${round + 1})`;
            expect(answer.status, label).toBe(200);
            if (round === 1) expect(isHit(answer), `${label} is a hit`).toBe(true);
            expect(variantOf(answer.body), label).toEqual({
              isMobile: device === "phone",
              isBot: device === "bot",
              countryCode: country,
              currency: cookie ? "GBP" : variantOf(answer.body).currency,
            });
            if (!cookie) expect(variantOf(answer.body).currency, label).not.toBe("GBP");
            const earlier = seen.get(label.replace(/ \(ask \d\)$/, ""));
            if (earlier) expect(answer.body, `${label}: the same copy as its first ask`).toBe(earlier);
            seen.set(label.replace(/ \(ask \d\)$/, ""), answer.body);
          }
        }
      }
    }
    expect(new Set(seen.values()).size, "twelve visitors, twelve copies").toBe(12);
  });

  test("If-None-Match with the copy's ETag gets a 304 from the cache", async () => {
    const headers = { "user-agent": VISITOR_AGENTS.desktop, [COUNTRY]: "US", "accept-encoding": "gzip, br" };
    const first = await ask(varnish.origin, PAGE, headers);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]{22}-gzip"$/);
    const revalidated = await ask(varnish.origin, PAGE, { ...headers, "if-none-match": etag });
    expect(revalidated.status).toBe(304);
    expect(revalidated.body).toBe("");
    expect(isHit(revalidated)).toBe(true);
  });

  test("a response that sets a cookie is never stored", async () => {
    const before = originAnswered(server, "/preferences/currency");
    const form = "currency=EUR&returnTo=%2F";
    const headers = { "content-type": "application/x-www-form-urlencoded", "content-length": String(form.length) };
    for (let i = 0; i < 2; i++) {
      const answer = await ask(varnish.origin, "/preferences/currency", headers, "POST", form);
      expect(answer.status).toBe(303);
      expect(String(answer.headers["set-cookie"])).toContain("currency=EUR");
      expect(isHit(answer)).toBe(false);
    }
    await expect.poll(() => originAnswered(server, "/preferences/currency") - before, { message: "both posts reached the origin" }).toBe(2);
  });

  test("a flood of asks for one missing URL reaches the origin at most once per 5 s", async () => {
    // The site's path form, so the origin's access lines (which drop query values) name this URL alone.
    const missing = "/no-such-page-flood/";
    const from = server.logs.length;
    const started = performance.now();
    for (let wave = 0; wave < 4; wave++) {
      const answers = await Promise.all(Array.from({ length: 50 }, () => ask(varnish.origin, missing, { host: PARIS, "user-agent": VISITOR_AGENTS.desktop })));
      for (const answer of answers) expect(answer.status).toBe(404);
    }
    const seconds = (performance.now() - started) / 1000;
    await server.logsSince(from);
    const reached = originAnswered(server, missing, from);
    expect(reached).toBeGreaterThanOrEqual(1);
    expect(reached, `${reached} of 200 asks in ${seconds.toFixed(1)} s reached the origin`).toBeLessThanOrEqual(Math.floor(seconds / 5) + 1);
  });

  test.describe("in Chromium", () => {
    test.use({ userAgent: VISITOR_AGENTS.desktop });

    test("a page from the cache runs with 0 CSP violations, hydrates, answers a tap and pushes page_viewed", async ({ page }) => {
      const violations = await watchViolations(page);
      await page.setViewportSize({ width: 390, height: 800 });
      const url = `${varnish.origin}/?uid=${PARIS}.eiffel-tower&lang=en`;
      // The first load has no client hints yet (the page asks for them with Accept-CH), so it and the
      // second are each a variant's first ask; the third is the second's copy from the cache.
      const xVarnish: string[] = [];
      for (let load = 0; load < 3; load++) xVarnish.push(String((await (await page.goto(url))!.allHeaders())["x-varnish"]));
      expect(xVarnish.map((ids) => ids.split(" ").length)).toEqual([1, 1, 2]);
      await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
      await expect
        .poll(() =>
          page.evaluate(() => (window as unknown as { dataLayer: Array<{ event?: string }> }).dataLayer.filter((e) => e.event === "page_viewed").length),
        )
        .toBe(1);
      await page.getByRole("button", { name: "Menu" }).click();
      await expect(page.getByRole("navigation", { name: "Menu" })).toBeVisible();
      await expect
        .poll(() => page.evaluate(() => (window as unknown as { dataLayer: Array<{ event?: string }> }).dataLayer.some((e) => e.event === "menu_opened")))
        .toBe(true);
      expect(violations).toEqual([]);
    });

    test("an inline script added to a cached page on its way to the browser does not run", async ({ page, consoleErrors }) => {
      const violations = await watchViolations(page);
      const url = `${varnish.origin}/?uid=${PARIS}.eiffel-tower&lang=en`;
      await ask(varnish.origin, `/?uid=${PARIS}.eiffel-tower&lang=en`, { "user-agent": VISITOR_AGENTS.desktop, [COUNTRY]: "US" });
      await page.route(url, async (route) => {
        const response = await route.fetch();
        const html = (await response.text()).replace("</body>", "<script>window.injectedRan = true</script></body>");
        expect(inlineCodeNotAllowed(html, response.headers()["content-security-policy"] ?? "")).toEqual(["script: window.injectedRan = true"]);
        await route.fulfill({ response, body: html });
      });
      await page.goto(url);
      await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
      expect(await page.evaluate(() => (window as unknown as { injectedRan?: boolean }).injectedRan ?? false)).toBe(false);
      expect(violations.some((violation) => violation.startsWith("script-src"))).toBe(true);
      // The browser reports the refused script on the console: that refusal is the behaviour under test.
      for (
        let at = consoleErrors.findIndex((e) => e.includes("Content Security Policy"));
        at >= 0;
        at = consoleErrors.findIndex((e) => e.includes("Content Security Policy"))
      ) {
        consoleErrors.splice(at, 1);
      }
    });
  });
});

test.describe("behind a shared cache, with the origin stopped", () => {
  test("a page in the cache is served for the grace its headers grant; a page not in it gets the cache's error at once", async () => {
    // Prices fail, so the page is kept briefly: s-maxage=5, stale-while-revalidate=30 (docs/cdn-contract.md).
    const server = await startStorefront({ SANDBOX_FAULT: "error=1" });
    const varnish = await startVarnish(server.port);
    try {
      const first = await ask(varnish.origin, PAGE, { "user-agent": VISITOR_AGENTS.desktop });
      expect(first.headers["cache-control"]).toContain("s-maxage=5, stale-while-revalidate=30");
      await server.stop();
      // Past its 5 s, within its 30 s of grace: the cache's copy, with the origin gone.
      await expect
        .poll(
          async () => {
            const answer = await ask(varnish.origin, PAGE, { "user-agent": VISITOR_AGENTS.desktop });
            return answer.status === 200 && answer.body === first.body ? Number(answer.headers.age) : -1;
          },
          { timeout: 15_000, intervals: [500] },
        )
        .toBeGreaterThan(5);
      const never = await ask(varnish.origin, `${PAGE}&date=2099-12-31`, { "user-agent": VISITOR_AGENTS.desktop });
      expect(never.status).toBe(503);
      expect(never.ms, "the cache's error at once, not a hang").toBeLessThan(2000);
    } finally {
      await varnish.stop();
      await server.stop();
    }
  });
});
