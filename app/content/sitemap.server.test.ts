import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { sitemapXsdErrors } from "../../tests/fixtures/sitemaps/validate";
import { openContent, type ContentStore } from "./content-store.server";
import { childSitemapStream, escapeXml, planSitemaps, SITEMAP_LIMITS, sitemapIndexXml, type SitemapSource } from "./sitemap.server";

// The sitemaps a crawler reads (docs/search.md): valid against the protocol's XSD, every indexable page version
// once with its file's lastmod and the same alternates as the page, noindex versions left out, XML escaped,
// edits seen as the site sees them, and split at the protocol's limits.

const HOST = "www.sitemap-test.example";
const site = {
  host: HOST,
  name: "Sitemap & Test",
  brand: "city-experiences",
  header: { logoUrl: "/logo.svg", logoAltText: "Home" },
  footer: { copyright: "©" },
};
const page = (title: string, extra: Record<string, unknown> = {}) => ({ pageType: "city", seo: { title, description: `${title}.`, ...extra }, heading: title });

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}, 120_000);

function makeContent(files: Record<string, unknown>): string {
  const dir = mkdtempSync(path.join(tmpdir(), "sitemap-"));
  dirs.push(dir);
  writeFiles(dir, files);
  return dir;
}

function writeFiles(dir: string, files: Record<string, unknown>): void {
  for (const [file, value] of Object.entries(files)) {
    const full = path.join(dir, file);
    mkdirSync(path.dirname(full), { recursive: true });
    writeFileSync(full, JSON.stringify(value));
  }
}

function sourceFor(dir: string, store: ContentStore, extra: Partial<SitemapSource> = {}): SitemapSource {
  return { store, contentDir: dir, host: HOST, mode: "production", servingHost: HOST, ...extra };
}

async function child(source: SitemapSource, n: number): Promise<string> {
  const stream = childSitemapStream(source, n);
  if (!stream) throw new Error(`no child ${n}`);
  return new Response(stream).text();
}

/** Each <url>: its loc, lastmod and alternates (hreflang → href). */
function urlsOf(xml: string): Array<{ loc: string; lastmod: string; alternates: Record<string, string> }> {
  return [...xml.matchAll(/<url><loc>([^<]*)<\/loc><lastmod>([^<]*)<\/lastmod>(.*?)<\/url>/g)].map(([, loc, lastmod, links]) => ({
    loc: loc!,
    lastmod: lastmod!,
    alternates: Object.fromEntries([...links!.matchAll(/hreflang="([^"]*)" href="([^"]*)"/g)].map(([, lang, href]) => [lang!, href!])),
  }));
}

describe("sitemaps", () => {
  it("list every indexable page version once, with the file's lastmod and the page's alternates, valid against the XSD", async () => {
    const dir = makeContent({
      "site/site.json": site,
      "site/pages/index.en.json": page("Home"),
      "site/pages/index.fr.json": page("Accueil"),
      "site/pages/shows/les-miserables.en.json": page("Les Mis"),
      "site/pages/shows/les-miserables.de.json": page("Les Mis DE"),
      "site/pages/shows/les-miserables.fr.json": page("Les Mis FR", { noindex: true }),
      "site/pages/hidden.en.json": page("Hidden", { noindex: true }),
      "site/pages/french-only.fr.json": page("Sans anglais"),
    });
    utimesSync(path.join(dir, "site/pages/shows/les-miserables.de.json"), new Date("2026-01-02T03:04:05.678Z"), new Date("2026-01-02T03:04:05.678Z"));
    const source = sourceFor(dir, openContent(dir, { log: () => {} }));

    const index = sitemapIndexXml(source);
    expect(await sitemapXsdErrors(index, "sitemapindex")).toEqual([]);
    expect(index).toContain(`<loc>https://${HOST}/sitemap/1.xml</loc>`);
    const xml = await child(source, 1);
    expect(await sitemapXsdErrors(xml, "urlset")).toEqual([]);
    const urls = urlsOf(xml);
    // No noindex version (the French show, the hidden page), no page without English (its fallback).
    expect(urls.map((u) => u.loc)).toEqual([
      `https://${HOST}/`,
      `https://${HOST}/fr/`,
      `https://${HOST}/shows/les-miserables/`,
      `https://${HOST}/de/shows/les-miserables/`,
    ]);
    const show = urls[3]!;
    expect(show.lastmod).toBe("2026-01-02T03:04:05Z");
    // The page's own set (page-alternates.ts): every language version and x-default, reciprocal.
    expect(show.alternates).toEqual({
      en: `https://${HOST}/shows/les-miserables/`,
      de: `https://${HOST}/de/shows/les-miserables/`,
      fr: `https://${HOST}/fr/shows/les-miserables/`,
      "x-default": `https://${HOST}/shows/les-miserables/`,
    });
    expect(urls[2]!.alternates).toEqual(show.alternates);
    expect(childSitemapStream(source, 2)).toBeUndefined();
    expect(childSitemapStream(source, 0)).toBeUndefined();
  });

  it("show an edited, added or removed document as the site does", async () => {
    let t = 1_000_000;
    const dir = makeContent({ "site/site.json": site, "site/pages/index.en.json": page("Home"), "site/pages/a.en.json": page("A") });
    const store = openContent(dir, { log: () => {}, now: () => t });
    const source = sourceFor(dir, store);
    expect(urlsOf(await child(source, 1)).map((u) => u.loc)).toEqual([`https://${HOST}/`, `https://${HOST}/a/`]);

    writeFiles(dir, { "site/pages/b.en.json": page("B"), "site/pages/a.en.json": page("A", { noindex: true }) });
    rmSync(path.join(dir, "site/pages/index.en.json"));
    t += 2000;
    expect(urlsOf(await child(source, 1)).map((u) => u.loc)).toEqual([`https://${HOST}/b/`]);
  });

  it("escape what XML reserves", () => {
    expect(escapeXml(`a&b<c>"d"'e'`)).toBe("a&amp;b&lt;c&gt;&quot;d&quot;&apos;e&apos;");
  });

  it("name the serving host outside production URL mode, in the pages' URL form", async () => {
    const dir = makeContent({ "site/site.json": site, "site/pages/index.en.json": page("Home") });
    const source = sourceFor(dir, openContent(dir, { log: () => {} }), { mode: "test", servingHost: "localhost:3311" });
    expect(sitemapIndexXml(source)).toContain("<loc>https://localhost:3311/sitemap/1.xml</loc>");
    expect(urlsOf(await child(source, 1))[0]!.loc).toBe(`https://localhost:3311/?uid=${HOST}&amp;lang=en`);
  });

  it("split by bytes as well as by URLs, never a page's language versions apart", () => {
    const files: Record<string, unknown> = { "site/site.json": site };
    for (let i = 0; i < 10; i++) for (const lang of ["en", "fr"]) files[`site/pages/p${i}.${lang}.json`] = page(`P${i}`);
    const dir = makeContent(files);
    const store = openContent(dir, { log: () => {} });
    expect(planSitemaps(sourceFor(dir, store, { limits: { urls: 5, bytes: SITEMAP_LIMITS.bytes } }))).toEqual([
      { from: 0, to: 2 },
      { from: 2, to: 4 },
      { from: 4, to: 6 },
      { from: 6, to: 8 },
      { from: 8, to: 10 },
    ]);
    // About three pages' entries (two versions each, ~430 bytes a version) per file.
    const byBytes = planSitemaps(sourceFor(dir, store, { limits: { urls: 1000, bytes: 3000 } }));
    expect(byBytes.length).toBeGreaterThan(2);
    expect(byBytes.at(-1)!.to).toBe(10);
  });

  it("split a host of more than 50,000 page versions into files of at most 50,000 URLs and 50 MB, each valid", async () => {
    // 16,700 pages in 3 languages: 50,100 versions, so the protocol's limit splits them.
    // In memory where the system has it (the test is about the split, not the disk).
    const dir = mkdtempSync(path.join(existsSync("/dev/shm") ? "/dev/shm" : tmpdir(), "sitemap-big-"));
    dirs.push(dir);
    writeFiles(dir, { "site/site.json": site });
    const pagesDir = path.join(dir, "site/pages");
    const PAGES = 16_700;
    for (let folder = 0; folder < PAGES / 100; folder++) {
      const sub = path.join(pagesDir, `f${folder}`);
      mkdirSync(sub, { recursive: true });
      for (let i = 0; i < 100; i++) for (const lang of ["en", "de", "fr"]) writeFileSync(path.join(sub, `p${i}.${lang}.json`), JSON.stringify(page(`P${i}`)));
    }
    const store = openContent(dir, { log: () => {}, maxEntries: 500 });
    const source = sourceFor(dir, store);
    const index = sitemapIndexXml(source);
    expect(await sitemapXsdErrors(index, "sitemapindex")).toEqual([]);
    const children = [...index.matchAll(/<loc>([^<]*)<\/loc>/g)].map(([, loc]) => loc!);
    expect(children).toEqual([`https://${HOST}/sitemap/1.xml`, `https://${HOST}/sitemap/2.xml`]);
    const seen = new Set<string>();
    for (const n of [1, 2]) {
      const xml = await child(source, n);
      expect(Buffer.byteLength(xml)).toBeLessThanOrEqual(SITEMAP_LIMITS.bytes);
      const locs = [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map(([, loc]) => loc!);
      expect(locs.length).toBeLessThanOrEqual(SITEMAP_LIMITS.urls);
      for (const loc of locs) seen.add(loc);
      expect(await sitemapXsdErrors(xml, "urlset")).toEqual([]);
    }
    expect(seen.size).toBe(PAGES * 3);
    // The store kept no more documents than its bound while the whole set was written.
    expect(store.cacheStats().documents).toBeLessThanOrEqual(500);
  }, 240_000);
});
