import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { APIRequestContext, Page } from "@playwright/test";
import robotsParser from "robots-parser";
import { sitemapXsdErrors } from "../fixtures/sitemaps/validate";
import { jsonLdErrors, jsonLdNodes } from "../fixtures/structured-data/validate";
import { expect, LTT, PARIS, test, VISITOR_AGENTS } from "./fixtures";
import { startStorefront, type StorefrontServer } from "./storefront-server";

// What a crawler gets (docs/search.md), read as a crawler reads it, on both sites in production URL mode: robots.txt
// names the sitemap and allows every URL in it; every sitemap is valid against the protocol's XSD; every URL in them
// answers 200 with a canonical equal to itself and the sitemap's hreflang set; every page has Open Graph tags and
// JSON-LD with 0 errors under Google's rich-result rules; a 404 is noindex. Outside production nothing is crawlable.

const HOSTS = [PARIS, LTT];
/** A title that would close a script if the JSON-LD were not escaped. */
const SCRIPT_TITLE = 'Sondheim Theatre </script><script>document.title="hacked"</script>';

interface Head {
  canonical: string | null;
  alternates: Record<string, string>;
  robots: string | null;
  meta: Record<string, string[]>;
  jsonLd: unknown[];
}

/** What <head> says: read from the HTML as served (no script runs). */
function headOf(html: string): Head {
  const head = html.slice(0, html.indexOf("</head>"));
  const attr = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`, "i").exec(tag)?.[1] ?? null;
  const unescape = (text: string) =>
    text
      .replace(/&quot;/g, '"')
      .replace(/&#x27;/g, "'")
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&amp;/g, "&");
  const links = [...head.matchAll(/<link\s[^>]*>/g)].map(([tag]) => tag);
  const metas = [...head.matchAll(/<meta\s[^>]*>/g)].map(([tag]) => tag);
  const meta: Record<string, string[]> = {};
  for (const tag of metas) {
    const key = attr(tag, "property") ?? attr(tag, "name");
    const content = attr(tag, "content");
    if (key && content !== null) (meta[key] ??= []).push(unescape(content));
  }
  return {
    canonical: links.map((tag) => (attr(tag, "rel") === "canonical" ? attr(tag, "href") : null)).find(Boolean) ?? null,
    alternates: Object.fromEntries(
      links.filter((tag) => attr(tag, "rel") === "alternate").map((tag) => [attr(tag, "hrefLang")!, unescape(attr(tag, "href")!)]),
    ),
    robots: meta.robots?.[0] ?? null,
    meta,
    jsonLd: [...head.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map(([, text]) => JSON.parse(text!) as unknown),
  };
}

/** Each <url> of a sitemap: its loc and alternates (hreflang → href). */
function sitemapUrls(xml: string): Array<{ loc: string; alternates: Record<string, string> }> {
  const unescape = (text: string) => text.replace(/&amp;/g, "&");
  return [...xml.matchAll(/<url><loc>([^<]*)<\/loc>.*?<\/url>/g)].map(([entry, loc]) => ({
    loc: unescape(loc!),
    alternates: Object.fromEntries([...entry.matchAll(/hreflang="([^"]*)" href="([^"]*)"/g)].map(([, lang, href]) => [lang!, unescape(href!)])),
  }));
}

test.describe("production URL mode: what a crawler gets", () => {
  test.describe.configure({ mode: "serial" });
  let server: StorefrontServer;
  let content: string;

  test.beforeAll(async () => {
    content = mkdtempSync(path.join(tmpdir(), "search-content-"));
    cpSync(path.resolve("content"), content, { recursive: true });
    const theatre = path.join(content, "london-theatre-tickets/pages/theatres/sondheim-theatre.en.json");
    const doc = JSON.parse(readFileSync(theatre, "utf8")) as { heading: string };
    writeFileSync(theatre, JSON.stringify({ ...doc, heading: SCRIPT_TITLE }));
    server = await startStorefront({ URL_MODE: "production", CONTENT_DIR: content });
  });
  test.afterAll(async () => {
    await server?.stop();
    rmSync(content, { recursive: true, force: true });
  });

  /** A production URL (https://{host}/…) asked of this server, with its host in the Host header. */
  const fetchUrl = (request: APIRequestContext, url: string) => {
    const { host, pathname, search } = new URL(url);
    return request.get(`${server.origin}${pathname}${search}`, { headers: { host }, failOnStatusCode: false, maxRedirects: 0 });
  };

  test("robots.txt names the host's sitemap and allows every URL in it; every sitemap is valid; every URL answers 200, self-canonical, with the sitemap's hreflang set, Open Graph and valid JSON-LD", async ({
    request,
  }) => {
    test.setTimeout(120_000);
    const productsWithRatingAndOffers: string[] = [];
    for (const host of HOSTS) {
      const robotsAnswer = await fetchUrl(request, `https://${host}/robots.txt`);
      expect(robotsAnswer.status()).toBe(200);
      expect(robotsAnswer.headers()["content-type"]).toMatch(/^text\/plain/);
      expect(robotsAnswer.headers()["cache-control"]).toMatch(/^public, .*s-maxage=\d+/);
      expect(robotsAnswer.headers()["etag"]).toBeTruthy();
      expect(robotsAnswer.headers()["x-robots-tag"]).toBeUndefined();
      const robots = robotsParser(`https://${host}/robots.txt`, await robotsAnswer.text());
      expect(robots.getSitemaps()).toEqual([`https://${host}/sitemap.xml`]);

      const indexAnswer = await fetchUrl(request, `https://${host}/sitemap.xml`);
      expect(indexAnswer.status()).toBe(200);
      expect(indexAnswer.headers()["content-type"]).toMatch(/^application\/xml/);
      const index = await indexAnswer.text();
      expect(await sitemapXsdErrors(index, "sitemapindex")).toEqual([]);
      const children = [...index.matchAll(/<loc>([^<]*)<\/loc>/g)].map(([, loc]) => loc!);
      expect(children.length).toBeGreaterThan(0);

      const listed: string[] = [];
      for (const child of children) {
        expect(new URL(child).host).toBe(host);
        const answer = await fetchUrl(request, child);
        expect(answer.status(), child).toBe(200);
        const xml = await answer.text();
        expect(await sitemapXsdErrors(xml, "urlset"), child).toEqual([]);
        for (const { loc, alternates } of sitemapUrls(xml)) {
          listed.push(loc);
          expect(robots.isAllowed(loc, "Googlebot"), loc).toBe(true);
          const page = await fetchUrl(request, loc);
          expect(page.status(), loc).toBe(200);
          const head = headOf(await page.text());
          expect(head.canonical, loc).toBe(loc);
          expect(head.alternates, loc).toEqual(alternates);
          expect(head.robots, loc).toBeNull();
          // Open Graph and the Twitter card.
          expect(head.meta["og:url"], loc).toEqual([loc]);
          for (const key of ["og:title", "og:description", "og:type", "og:site_name", "og:locale", "og:image", "twitter:card"]) {
            expect(head.meta[key]?.[0], `${loc} ${key}`).toBeTruthy();
          }
          expect(head.meta["og:image"]![0]).toMatch(/^https:\/\//);
          expect(Number(head.meta["og:image:width"]?.[0]), `${loc} og:image:width`).toBeGreaterThan(0);
          expect(Number(head.meta["og:image:height"]?.[0]), `${loc} og:image:height`).toBeGreaterThan(0);
          expect(head.meta["og:locale:alternate"]?.length ?? 0, loc).toBe(Object.keys(alternates).length - 2);
          // JSON-LD: one block, 0 errors; breadcrumbs on every page but the root, the site's nodes on the root.
          expect(head.jsonLd, loc).toHaveLength(1);
          expect(await jsonLdErrors(head.jsonLd), loc).toEqual([]);
          const types = head.jsonLd.flatMap(jsonLdNodes).map((node) => node["@type"]);
          const isRoot = new URL(loc).pathname.replace(/^\/[a-z]{2}\//, "/") === "/";
          if (isRoot) expect(types, loc).toEqual(expect.arrayContaining(["WebSite", "Organization"]));
          else expect(types, loc).toContain("BreadcrumbList");
          expect(types, loc).not.toContain("Event");
          expect(types, loc).not.toContain("FAQPage");
          const product = head.jsonLd.flatMap(jsonLdNodes).find((node) => node["@type"] === "Product");
          if (product?.aggregateRating && product.offers) productsWithRatingAndOffers.push(loc);
        }
      }
      expect(new Set(listed).size, `${host}: each URL once`).toBe(listed.length);
      expect(listed.length).toBeGreaterThan(8);
    }
    expect(productsWithRatingAndOffers).toContain(`https://${LTT}/shows/les-miserables/`);
  });

  test("the Product says what the show page prints: its price, currency and rating", async ({ request }) => {
    const html = await (await fetchUrl(request, `https://${LTT}/shows/les-miserables/`)).text();
    const product = headOf(html)
      .jsonLd.flatMap(jsonLdNodes)
      .find((node) => node["@type"] === "Product") as {
      offers: { lowPrice: number; priceCurrency: string };
      aggregateRating: { ratingValue: number; ratingCount: number };
    };
    const body = html.slice(html.indexOf("</head>"));
    expect(product.offers.priceCurrency).toBe("GBP");
    expect(body).toContain(`£${product.offers.lowPrice.toFixed(2).replace(/\.00$/, "")}`);
    expect(body).toContain(`${product.aggregateRating.ratingCount.toLocaleString("en")} reviews`);
    expect(body).toContain(`>${product.aggregateRating.ratingValue}<`);
  });

  test("a title with </script> stays inside its JSON string", async ({ request }) => {
    const html = await (await fetchUrl(request, `https://${LTT}/theatres/sondheim-theatre/`)).text();
    const trail = headOf(html)
      .jsonLd.flatMap(jsonLdNodes)
      .find((node) => node["@type"] === "BreadcrumbList") as { itemListElement: Array<{ name: string }> };
    expect(trail.itemListElement.at(-1)!.name).toBe(SCRIPT_TITLE);
    expect(html).not.toContain('<script>document.title="hacked"');
  });

  test("a missing page is noindex, and no sitemap is served for another host or past the last", async ({ request }) => {
    const missing = await fetchUrl(request, `https://${PARIS}/no-such-page/`);
    expect(missing.status()).toBe(404);
    expect(headOf(await missing.text()).robots).toBe("noindex");
    expect((await fetchUrl(request, `https://${PARIS}/sitemap/99.xml`)).status()).toBe(404);
    expect((await fetchUrl(request, "https://www.unknown-site.example/sitemap.xml")).status()).toBe(404);
    const robots = await fetchUrl(request, "https://www.unknown-site.example/robots.txt");
    expect(robotsParser("https://www.unknown-site.example/robots.txt", await robots.text()).getSitemaps()).toEqual([]);
  });

  test("robots.txt revalidates: a request naming its ETag gets a 304", async ({ request }) => {
    const first = await fetchUrl(request, `https://${PARIS}/robots.txt`);
    const again = await request.get(`${server.origin}/robots.txt`, { headers: { host: PARIS, "if-none-match": first.headers()["etag"]! } });
    expect(again.status()).toBe(304);
  });
});

test.describe("development URL mode (the shared server)", () => {
  test("robots.txt disallows everything, and every answer says X-Robots-Tag: noindex", async ({ request }) => {
    const answer = await request.get("/robots.txt");
    const robots = robotsParser(answer.url(), await answer.text());
    for (const url of ["/", `/?uid=${PARIS}&lang=en`, `/?uid=${LTT}.shows.les-miserables&lang=fr`]) {
      expect(robots.isDisallowed(new URL(url, answer.url()).href, "Googlebot"), url).toBe(true);
    }
    for (const url of ["/robots.txt", `/?uid=${PARIS}&lang=en`, "/favicon.png", "/no-such-page/"]) {
      const response = await request.get(url, { failOnStatusCode: false });
      expect(response.headers()["x-robots-tag"], url).toBe("noindex");
    }
  });
});

test.describe("a navigation inside the app", () => {
  test.use({ userAgent: VISITOR_AGENTS.desktop, viewport: { width: 1280, height: 800 } });

  /** What the live document's head says now. */
  const liveHead = (page: Page) => page.evaluate(() => document.head.outerHTML + "</head>").then(headOf);

  test("leaves the new page's canonical, alternates, Open Graph and JSON-LD in the head, and nothing of the old page's", async ({ page, request }) => {
    const eiffel = `/?uid=${PARIS}.eiffel-tower&lang=en`;
    await page.goto(`/?uid=${PARIS}&lang=en`);
    await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Eiffel Tower" }).click();
    await expect(page).toHaveURL(new RegExp(`${eiffel.replace(/[?.]/g, "\\$&")}$`));
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Eiffel");

    // The same head as the page's own document.
    const served = headOf(await (await request.get(eiffel)).text());
    await expect.poll(async () => (await liveHead(page)).canonical).toBe(served.canonical);
    const live = await liveHead(page);
    expect(live.alternates).toEqual(served.alternates);
    expect(live.meta["og:url"]).toEqual(served.meta["og:url"]);
    expect(live.meta["og:title"]).toEqual(served.meta["og:title"]);
    expect(live.meta["og:image"]).toEqual(served.meta["og:image"]);
    expect(live.jsonLd).toEqual(served.jsonLd);
    expect(live.jsonLd.flatMap(jsonLdNodes).map((node) => node["@type"])).not.toContain("WebSite");
  });
});
