import fc from "fast-check";
import { inlineCode, inlineCodeNotAllowed } from "./csp";
import { E2E_PORT, expect, LTT, PARIS, test } from "./fixtures";

// Security headers, secrets, and malformed input. Runs against the production build.

const FIREWALL_KEY = process.env.E2E_FIREWALL_KEY ?? "e2e-firewall-allow-key-7f3a9c";
const TIMING_KEY = process.env.E2E_SERVER_TIMING_KEY ?? "e2e-server-timing-key-5d1e8b2a";
const VISITOR_COOKIE = "h-sid=visitor-session-secret-91b2";

test.describe("security headers", () => {
  test("documents carry an enforced CSP with no secret: each inline script and style is allowed by its hash, the same for every copy", async ({ request }) => {
    const first = await request.get(`/?uid=${PARIS}&lang=en`);
    const second = await request.get(`/?uid=${PARIS}&lang=en`);
    const csp = first.headers()["content-security-policy"] ?? "";
    expect(first.headers()["content-security-policy-report-only"]).toBeUndefined();
    expect(csp).not.toContain("'nonce-");
    const scriptSrc = /script-src ([^;]+)/.exec(csp)?.[1] ?? "";
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    expect(scriptSrc).not.toContain("'unsafe-eval'");
    expect(scriptSrc).toContain("https://www.googletagmanager.com");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain("object-src 'none'");
    const html = await first.text();
    expect(inlineCode(html).filter(({ kind }) => kind === "script").length).toBeGreaterThan(3);
    expect(inlineCode(html).filter(({ kind }) => kind === "style").length).toBeGreaterThan(1);
    expect(inlineCodeNotAllowed(html, csp)).toEqual([]);
    expect(html).not.toContain(" nonce=");
    // The second response comes from the page micro-cache: the same bytes under the same policy.
    expect(await second.text()).toBe(html);
    expect(second.headers()["content-security-policy"]).toBe(csp);
    expect(first.headers()["x-content-type-options"]).toBe("nosniff");
    expect(first.headers()["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(first.headers()["x-powered-by"]).toBeUndefined();
  });

  test("404 and 400 responses carry the same headers", async ({ request }) => {
    for (const url of [`/?uid=${PARIS}.missing`, `/?uid=${"a".repeat(400)}`]) {
      const response = await request.get(url);
      expect([400, 404]).toContain(response.status());
      const csp = response.headers()["content-security-policy"] ?? "";
      expect(csp).toContain("'strict-dynamic'");
      expect(/script-src ([^;]+)/.exec(csp)?.[1]).not.toContain("'unsafe-inline'");
      expect(inlineCodeNotAllowed(await response.text(), csp)).toEqual([]);
      expect(response.headers()["x-content-type-options"]).toBe("nosniff");
    }
  });
});

test.describe("secrets never reach a browser", () => {
  test("the firewall key, the Server-Timing key and visitor cookies appear in no response body or header", async ({ request }) => {
    const urls = ["/", `/?uid=${PARIS}&lang=en`, `/?uid=${LTT}.shows.les-miserables&lang=fr`, `/?uid=${PARIS}.missing`, "/healthz"];
    for (const url of urls) {
      const response = await request.get(url, { headers: { cookie: `${VISITOR_COOKIE}; currency=EUR` } });
      const headers = JSON.stringify(response.headers());
      const body = await response.text();
      for (const secret of [FIREWALL_KEY, TIMING_KEY, "visitor-session-secret-91b2"]) {
        expect(body.includes(secret), `${url} body contains ${secret}`).toBe(false);
        expect(headers.includes(secret), `${url} headers contain ${secret}`).toBe(false);
      }
    }
  });
});

test.describe("malformed input", () => {
  test.setTimeout(120_000);

  test("a fuzz of uid, lang, currency and path never gives a 5xx", async ({ request }) => {
    const text = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.string({ unit: "grapheme", maxLength: 30 }),
      fc.constantFrom("", "en", "fr", "ar", "id", "EN", "zz", "../", "%00", "<script>", "' OR 1=1", "\u0000", "é", "🙂"),
      fc.string({ minLength: 200, maxLength: 600 }),
    );
    const segment = fc.oneof(
      fc.webSegment(),
      text.map((s) => encodeURIComponent(s)),
      fc.constantFrom("fr", "ar", "shows", "les-miserables", "..", "%2e%2e", "%E0%A4%A"),
    );
    const cases = fc.sample(
      fc.record({
        form: fc.constantFrom("query", "path", "host-path"),
        uid: fc.oneof(text, fc.constantFrom(PARIS, `${LTT}.shows.les-miserables`, `${PARIS}.day-trips`)),
        lang: text,
        currency: fc.oneof(text, fc.constantFrom("EUR", "usd", "XXX", "GBP;", "")),
        segments: fc.array(segment, { maxLength: 6 }),
        host: fc.constantFrom(PARIS, LTT, "localhost", "unknown.example", "WWW.PARIS-EXPERIENCES.EXAMPLE"),
      }),
      { numRuns: 2000, seed: 20261121 },
    );
    const failures: string[] = [];
    const run = async (c: (typeof cases)[number]) => {
      const path =
        c.form === "query"
          ? `/?uid=${encodeURIComponent(c.uid)}&lang=${encodeURIComponent(c.lang)}`
          : `/${c.segments.join("/")}${c.form === "host-path" ? `?lang=${encodeURIComponent(c.lang)}` : ""}`;
      const cookie = `currency=${encodeURIComponent(c.currency)}`;
      const headers: Record<string, string> = { cookie };
      if (c.form === "host-path") headers.host = c.host;
      // An absolute URL, so a fuzzed path starting with "//" stays a path.
      const response = await request.get(`http://localhost:${E2E_PORT}${path}`, { headers, maxRedirects: 0, failOnStatusCode: false });
      if (response.status() >= 500) failures.push(`${response.status()} ${path} host=${headers.host ?? ""}`);
      await response.dispose();
    };
    for (let i = 0; i < cases.length; i += 25) await Promise.all(cases.slice(i, i + 25).map(run));
    expect(failures).toEqual([]);
  });

  test("oversized inputs get a 400 or 404", async ({ request }) => {
    const huge = "a".repeat(5000);
    for (const url of [`/?uid=${huge}`, `/?uid=${PARIS}&lang=${huge}`, `/${huge}/x`, `/${"seg/".repeat(400)}`]) {
      const response = await request.get(url, { headers: { host: PARIS }, failOnStatusCode: false });
      expect([400, 404, 414, 431], url).toContain(response.status());
    }
  });
});
