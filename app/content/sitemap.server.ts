import { statSync } from "node:fs";
import path from "node:path";
import type { SupportedLanguageCode } from "~/i18n/languages";
import type { ContentStore } from "./content-store.server";
import { pageAlternates, type Alternate } from "./page-alternates";
import { pageUrl, type UrlMode } from "./page-url";

// A site's sitemaps (docs/search.md, decision 053): an index at /sitemap.xml naming child sitemaps at
// /sitemap/{n}.xml, each listing every indexable page version of the host with its lastmod and its language
// alternates. Built from the content store's listing (the uids and the languages their files are named in):
// the split is planned from the listing alone, and a child is written as a stream, one slice of the listing
// at a time, reading each document through the store (so its bounded cache, validation and edits apply as
// they do to the page); no step holds every document or the whole file.

/** The protocol's limits for one file: URLs, and bytes uncompressed (sitemaps.org; an index has the same). */
export const SITEMAP_LIMITS = { urls: 50_000, bytes: 50 * 1024 * 1024 } as const;

interface SitemapLimits {
  urls: number;
  bytes: number;
}

export interface SitemapSource {
  store: ContentStore;
  /** The content folder: a document's lastmod is its file's modification time. */
  contentDir: string;
  /** The site's host (a key of store.hosts). */
  host: string;
  mode: UrlMode;
  /** The host the request came to: the URLs of development and test modes name it, as the pages' do. */
  servingHost: string;
  limits?: SitemapLimits;
}

const SITEMAP_NS = "http://www.sitemaps.org/schemas/sitemap/0.9";
const XHTML_NS = "http://www.w3.org/1999/xhtml";
const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';
const URLSET_OPEN = `${XML_DECLARATION}<urlset xmlns="${SITEMAP_NS}" xmlns:xhtml="${XHTML_NS}">\n`;
const URLSET_CLOSE = "</urlset>\n";
/** A lastmod as written: seconds, UTC ("2026-11-29T06:33:28Z"), so every one has the same length. */
const LASTMOD_PLACEHOLDER = "0000-00-00T00:00:00Z";
/**
 * How many pages of the listing one step of the stream reads. Each step reads documents synchronously, so a step is
 * kept short and the next one waits for the event loop's turn: pages asked for meanwhile are answered between them.
 */
const SLICE = 50;

const XML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };

/** Text or an attribute value as XML: the five predefined entities. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!);
}

/** A page's alternates as the `xhtml:link` elements of each of its entries (made once per page). */
function alternateLinks(alternates: readonly Alternate[]): string {
  return alternates.map((alt) => `<xhtml:link rel="alternate" hreflang="${escapeXml(alt.hreflang)}" href="${escapeXml(alt.href)}"/>`).join("");
}

function urlEntry(loc: string, lastmod: string, links: string): string {
  return `<url><loc>${escapeXml(loc)}</loc><lastmod>${lastmod}</lastmod>${links}</url>\n`;
}

const lastmodOf = (mtimeMs: number) => `${new Date(mtimeMs).toISOString().slice(0, 19)}Z`;

interface Listed {
  uid: string;
  langs: string[];
}

/**
 * The host's pages in listing order, taken once per request: the store rebuilds a stale listing from a walk of the
 * site's folder, so reading it slice by slice while a large file is written would walk it again every second, and
 * offsets could shift between slices. The array holds the store's own entries (references, not copies).
 */
function listing(store: ContentStore, host: string): readonly Listed[] {
  return store.listPages(host, { offset: 0, limit: Number.MAX_SAFE_INTEGER })?.pages ?? [];
}

function urlsOf(source: SitemapSource, uid: string): (lang: SupportedLanguageCode) => string {
  const knownHosts = source.store.hosts;
  return (lang) => pageUrl({ uid, lang, host: source.servingHost, mode: source.mode, knownHosts });
}

/**
 * The child sitemaps as ranges of the listing: each page's language versions stay together, and a child holds at
 * most `limits.urls` URLs and `limits.bytes` bytes counted as if every listed version were indexable (a noindex or
 * invalid one only makes its file shorter). Computed from the listing and URL lengths, without a document read.
 */
export function planSitemaps(source: SitemapSource, pages: readonly Listed[] = listing(source.store, source.host)): Array<{ from: number; to: number }> {
  const limits = source.limits ?? SITEMAP_LIMITS;
  const frame = Buffer.byteLength(URLSET_OPEN) + Buffer.byteLength(URLSET_CLOSE);
  const children: Array<{ from: number; to: number }> = [];
  let from = 0;
  let urls = 0;
  let bytes = frame;
  let index = 0;
  for (const page of pages) {
    const urlOf = urlsOf(source, page.uid);
    const langs = page.langs as SupportedLanguageCode[];
    const links = alternateLinks(pageAlternates(langs, urlOf));
    let pageBytes = 0;
    for (const lang of langs) pageBytes += Buffer.byteLength(urlEntry(urlOf(lang), LASTMOD_PLACEHOLDER, links));
    if (index > from && (urls + langs.length > limits.urls || bytes + pageBytes > limits.bytes)) {
      children.push({ from, to: index });
      from = index;
      urls = 0;
      bytes = frame;
    }
    urls += langs.length;
    bytes += pageBytes;
    index += 1;
  }
  if (index > from) children.push({ from, to: index });
  return children;
}

/** Where the host's sitemaps are: in production URL mode on the site's own https origin, else on the serving host. */
function sitemapOrigin(source: Pick<SitemapSource, "host" | "mode" | "servingHost">): string {
  if (source.mode === "production") return `https://${source.host}`;
  return `${source.mode === "test" ? "https" : "http"}://${source.servingHost}`;
}

const childSitemapPath = (n: number) => `/sitemap/${n}.xml`;

/** The sitemap index: one <sitemap> per child, numbered from 1. */
export function sitemapIndexXml(source: SitemapSource): string {
  const origin = sitemapOrigin(source);
  const entries = planSitemaps(source).map((_, i) => `<sitemap><loc>${escapeXml(`${origin}${childSitemapPath(i + 1)}`)}</loc></sitemap>\n`);
  return `${XML_DECLARATION}<sitemapindex xmlns="${SITEMAP_NS}">\n${entries.join("")}</sitemapindex>\n`;
}

/** The `<url>` entries of one page: each language version that exists and is indexable, with the page's alternates. */
function pageEntries(source: SitemapSource, page: Listed): string {
  const { store } = source;
  // The languages the page exists in, as store.languagesOf gives them (listed, English first, each a valid
  // document, none without English), from the listing in hand and one document lookup per version.
  const versions = (page.langs as SupportedLanguageCode[]).flatMap((lang) => {
    const loaded = store.getPage(page.uid, lang);
    return loaded ? [{ lang, loaded }] : [];
  });
  if (!versions.length) return "";
  const urlOf = urlsOf(source, page.uid);
  const links = alternateLinks(
    pageAlternates(
      versions.map((v) => v.lang),
      urlOf,
    ),
  );
  let out = "";
  for (const { lang, loaded } of versions) {
    if (loaded.doc.seo.noindex) continue;
    let mtimeMs: number;
    try {
      mtimeMs = statSync(path.join(source.contentDir, loaded.file)).mtimeMs;
    } catch {
      // Removed since it was read: the page is gone too (a 404), so it is left out.
      continue;
    }
    out += urlEntry(urlOf(lang), lastmodOf(mtimeMs), links);
  }
  return out;
}

/**
 * Child sitemap `n` (from 1) as a stream of UTF-8, written a slice of the listing at a time as the reader asks;
 * undefined when there is no such child.
 */
export function childSitemapStream(source: SitemapSource, n: number): ReadableStream<Uint8Array> | undefined {
  const pages = listing(source.store, source.host);
  const range = Number.isInteger(n) && n >= 1 ? planSitemaps(source, pages)[n - 1] : undefined;
  if (!range) return undefined;
  const encoder = new TextEncoder();
  let offset = range.from;
  let opened = false;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (opened) await new Promise((resolve) => setImmediate(resolve));
        if (!opened) {
          opened = true;
          controller.enqueue(encoder.encode(URLSET_OPEN));
        }
        const to = Math.min(offset + SLICE, range.to);
        let chunk = "";
        for (let i = offset; i < to; i++) chunk += pageEntries(source, pages[i]!);
        offset = to;
        if (chunk) controller.enqueue(encoder.encode(chunk));
        if (offset >= range.to) {
          controller.enqueue(encoder.encode(URLSET_CLOSE));
          controller.close();
        }
      },
    },
    { highWaterMark: 0 },
  );
}
