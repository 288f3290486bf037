import { expect, test } from "@playwright/test";
import { LTT, PARIS } from "./fixtures";
import { startStorefront, type StorefrontServer } from "./storefront-server";

// A URL's HTML, its stylesheet included, is the same on every instance whatever each rendered before
// (decision 029: each Stitches rule is converted once per process, and a page's stylesheet holds the
// rules it uses). Two production servers, rendering every request (no micro-cache): one renders the
// pages first, the other after 500 renders of other pages, languages, currencies and devices.

const PAGES = [
  `/?uid=${PARIS}&lang=en`,
  `/?uid=${PARIS}.day-trips&lang=fr`,
  `/?uid=${PARIS}.eiffel-tower&lang=de`,
  `/?uid=${PARIS}.guides.best-time-to-visit&lang=en`,
  `/?uid=${LTT}.shows.les-miserables&lang=en`,
  `/?uid=${LTT}.theatres.sondheim-theatre&lang=fr`,
  `/?uid=${PARIS}.missing&lang=en`,
  "/",
];

const OTHERS = [
  PARIS,
  `${PARIS}.day-trips`,
  `${PARIS}.eiffel-tower`,
  `${PARIS}.guides.best-time-to-visit`,
  `${PARIS}.guides.paris-in-a-weekend`,
  LTT,
  `${LTT}.shows.les-miserables`,
  `${LTT}.theatres.sondheim-theatre`,
  `${LTT}.guides.west-end-first-timers`,
  `${LTT}.nowhere`,
];
const LANGS = ["en", "fr", "de", "es"];
const VISITORS: Record<string, string>[] = [
  { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36" },
  { "user-agent": "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1" },
  { cookie: "currency=EUR", "cloudfront-viewer-country": "DE" },
  { "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" },
];
const VISITOR = { "user-agent": VISITORS[0]!["user-agent"]!, "cloudfront-viewer-country": "US" };

/** The document as bytes, with what differs by design between two servers (their port) taken out. */
async function html(server: StorefrontServer, url: string, headers: Record<string, string> = VISITOR): Promise<string> {
  const response = await fetch(`${server.origin}${url}`, { headers });
  const body = await response.text();
  return body.replaceAll(server.origin, "ORIGIN");
}

const stylesheetOf = (document: string) => /<style id="stitches">(.*?)<\/style>/s.exec(document)?.[1];

test.describe("the same HTML per URL on every instance", () => {
  test.setTimeout(180_000);
  let first: StorefrontServer;
  let later: StorefrontServer;
  test.beforeAll(async () => {
    [first, later] = await Promise.all([startStorefront({ PAGE_CACHE_TTL_MS: "0" }), startStorefront({ PAGE_CACHE_TTL_MS: "0" })]);
  });
  test.afterAll(async () => {
    await Promise.all([first?.stop(), later?.stop()]);
  });

  test("a page rendered first and the same page after 500 others are the same bytes, stylesheet included", async () => {
    const fresh: string[] = [];
    for (const url of PAGES) fresh.push(await html(first, url));

    let rendered = 0;
    while (rendered < 500) {
      for (const uid of OTHERS)
        for (const lang of LANGS) {
          const visitor = VISITORS[rendered % VISITORS.length]!;
          expect([200, 404]).toContain((await fetch(`${later.origin}/?uid=${uid}&lang=${lang}`, { headers: visitor })).status);
          rendered++;
        }
    }
    const after: string[] = [];
    for (const url of [...PAGES].reverse()) after.unshift(await html(later, url));

    PAGES.forEach((url, i) => {
      const stylesheet = stylesheetOf(fresh[i]!);
      expect(stylesheet, url).toMatch(/^--sxs\{--sxs:0 /);
      expect(stylesheetOf(after[i]!), url).toBe(stylesheet);
      expect(after[i], url).toBe(fresh[i]);
    });
  });
});
