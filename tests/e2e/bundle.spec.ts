import { gzipSync } from "node:zlib";
import { initialScriptUrls, lazyScriptUrls } from "../bench/initial-scripts";
import { expect, test, VISITOR_AGENTS } from "./fixtures";

// The initial JavaScript budget, kept by CI rather than only by `npm run bench`: what a page names up
// front (module preloads and module imports) is at most 140 KB gzip. XState and the behaviour machines
// are part of it, so every control answers as soon as the page hydrates (docs/decisions/001-answer-from-first-paint.md).

const PAGES = [
  "/?uid=www.paris-experiences.example&lang=en",
  "/?uid=www.paris-experiences.example.guides.paris-in-a-weekend&lang=en",
  "/?uid=www.london-theatre-tickets.example.shows.les-miserables&lang=en",
];
const BUDGET_GZIP_BYTES = 140 * 1024;
/** A visitor's page (the test browser's own user agent is a bot's, which loads no tracking). */
const VISITOR_UA = VISITOR_AGENTS.phone;
// Strings only XState's runtime contains (its internal event types).
const XSTATE_MARKERS = ["xstate.assign", "xstate.raise"];
// A string in elkjs's code (its Java package names): the statechart layout runs on the development
// server for /machines and never ships with a page (docs/decisions/018-statecharts-laid-out-on-the-server.md).
const ELK_MARKER = "org.eclipse.elk";

for (const path of PAGES) {
  test(`initial JS of ${path} stays within 140 KB gzip and holds XState`, async ({ page, request }) => {
    const html = await (await request.get(path, { headers: { "user-agent": VISITOR_UA } })).text();
    const preloads = initialScriptUrls(html);
    expect(preloads.length).toBeGreaterThan(3);
    let gzipBytes = 0;
    let bodies = "";
    for (const url of preloads) {
      const body = await (await request.get(url)).body();
      gzipBytes += gzipSync(body, { level: 9 }).length;
      bodies += body.toString();
      // V8 compiles these off the main thread while they stream in (compile-hinted-scripts.server.ts).
      expect(body.toString().startsWith("//# allFunctionsCalledOnLoad\n"), url).toBe(true);
    }
    console.log(`${path}: initial JS ${(gzipBytes / 1024).toFixed(1)} KB gzip`);
    expect(gzipBytes).toBeLessThanOrEqual(BUDGET_GZIP_BYTES);
    for (const marker of XSTATE_MARKERS) expect(bodies).toContain(marker);
    expect(bodies).not.toContain(ELK_MARKER);

    // …and no script fetched later brings XState again: the machines drive the page from hydration on.
    const later: Array<Promise<string>> = [];
    const preloadPaths = new Set(preloads.map((url) => new URL(url, "http://x").pathname));
    page.on("response", (response) => {
      const { pathname } = new URL(response.url());
      if (pathname.startsWith("/build/") && pathname.endsWith(".js") && !preloadPaths.has(pathname)) later.push(response.text());
    });
    await page.goto(path);
    await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
    await page.waitForLoadState("networkidle");
    for (const body of await Promise.all(later)) {
      for (const marker of XSTATE_MARKERS) expect(body).not.toContain(marker);
      expect(body).not.toContain(ELK_MARKER);
    }
  });
}

// The tracking pipeline (zod, the catalogue, analytics) is evaluated after hydration, but fetched from the
// start: every chunk it needs is a low-priority module preload in the document, so none arrives through a
// chain of imports (docs/tracking.md, "Delivery guarantee"). Bounded on its own, outside the 140 KB. It holds the
// consent banner's chunk (every page fetched it after hydration anyway), the lazy islands' (what neither the first
// paint nor the first tap needs, moved out of the initial JavaScript:
// docs/decisions/052-first-load-holds-what-first-paint-and-tap-need.md) and, in the pipeline's chunk, the
// first-party collector's plugin (docs/decisions/054-first-party-collection.md); each raised the bound by its size.
const LAZY_BUDGET_GZIP_BYTES = 52 * 1024;

test("every tracking chunk a page loads after hydration, the modal dialog's, the consent banner's and the islands', is named up front at low priority, within 52 KB gzip", async ({
  browser,
  request,
}) => {
  const path = "/?uid=www.paris-experiences.example.day-trips&lang=en";
  const html = await (await request.get(path, { headers: { "user-agent": VISITOR_UA } })).text();
  const lazy = lazyScriptUrls(html);
  expect(lazy.some((url) => /\/pipeline-[A-Z0-9]+\.js$/.test(url))).toBe(true);
  // The modal dialog's chunk too: a tap on Call us soon after hydration must not wait for it.
  expect(lazy.some((url) => /\/ModalDialog-[A-Z0-9]+\.js$/.test(url))).toBe(true);
  // The consent banner's: until it has hydrated, a navigation's update makes React give up its server HTML.
  expect(lazy.some((url) => /\/ConsentBanner-[A-Z0-9]+\.js$/.test(url))).toBe(true);
  // The lazy islands': until they have hydrated the page is not ready, and the catcher holds its taps.
  expect(lazy.some((url) => /\/islands-[A-Z0-9]+\.js$/.test(url))).toBe(true);
  let gzipBytes = 0;
  for (const url of lazy) gzipBytes += gzipSync(await (await request.get(url)).body(), { level: 9 }).length;
  console.log(`${path}: low-priority preloads ${(gzipBytes / 1024).toFixed(1)} KB gzip`);
  expect(gzipBytes).toBeLessThanOrEqual(LAZY_BUDGET_GZIP_BYTES);

  // What the browser fetches after hydration was all named by the document: no chain.
  const context = await browser.newContext({ userAgent: VISITOR_UA });
  const page = await context.newPage();
  const named = new Set([...initialScriptUrls(html), ...lazy]);
  const fetched: string[] = [];
  page.on("request", (r) => {
    const { pathname } = new URL(r.url());
    if (pathname.startsWith("/build/") && pathname.endsWith(".js")) fetched.push(pathname);
  });
  await page.goto(path);
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  await page.waitForLoadState("networkidle");
  const tracking = fetched.filter((url) => /\/(pipeline|envelope|analytics\.browser\.es)-/.test(url));
  expect(tracking.length).toBeGreaterThanOrEqual(3);
  for (const url of tracking) expect(named.has(url), url).toBe(true);
  await context.close();
});

// The browser's first Intl.NumberFormat or DateTimeFormat costs about 40 ms of main thread (ICU starting
// up), four times that on Lighthouse's phone. Prices, ratings, counts and dates arrive as text from the
// server (app/prices/commerce-text.server.ts, app/content/date-format.ts), so loading and hydrating a page
// builds none. The category page has prices, cards with ratings, and a currency switch.
test("loading and hydrating a page with prices and cards builds no Intl formatter in the browser", async ({ page }) => {
  await page.addInitScript(() => {
    const built: string[] = [];
    (window as unknown as { __intlBuilt: string[] }).__intlBuilt = built;
    for (const name of ["NumberFormat", "DateTimeFormat"] as const) {
      const Original = Intl[name] as unknown as new (...args: unknown[]) => object;
      const Counting = function (this: unknown, ...args: unknown[]) {
        built.push(name);
        return new Original(...args);
      } as unknown as typeof Intl.NumberFormat;
      Object.defineProperty(Intl, name, { value: Counting, configurable: true, writable: true });
    }
  });
  await page.goto("/?uid=www.paris-experiences.example.day-trips&lang=de");
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  await expect(page.locator("[data-price-state=shown]").first()).toBeVisible();
  await expect(page.locator("[data-tgid]").first()).toContainText(/\d,\d \([\d.]+ Bewertungen\)/);
  expect(await page.evaluate(() => (window as unknown as { __intlBuilt: string[] }).__intlBuilt)).toEqual([]);
});
