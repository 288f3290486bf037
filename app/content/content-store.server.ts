import path from "node:path";
import type { SupportedLanguageCode } from "~/i18n/languages";
import { openDocumentCache, type LoadedPage } from "./document-cache.server";
import type { ContentError, Site } from "./page-document";
import { openPageListing, type ListedPage } from "./page-listing.server";
import { splitUid } from "./page-url";
import { normalHost, openSiteIndex } from "./site-index.server";

export type { LoadedPage } from "./document-cache.server";

// Content read on demand (decision 014), in three rooms that this store puts together:
//   site-index.server.ts      host → site folder from the site.json files only (all start-up reads), and the
//                             sites themselves while in use;
//   document-cache.server.ts  a page's documents, found from its uid and language, read, validated, kept in
//                             a bounded cache, and the languages its files are named in;
//   page-listing.server.ts    a site's pages, from a scan of its pages/ folder (the site directory).
// Each keeps what it read under one named strategy (revalidated-file-cache.server.ts): fresh for
// CONTENT_STRATEGY.freshMs, then revalidated with a stat (inode, size, mtime): an unchanged file is not read
// again, a changed one is re-read, a removed one is gone (404), and one that turns invalid keeps serving its
// last good version ("stale if invalid"), its file and field logged once.
// `revalidate()` runs the same check over what was used lately (the server calls it every freshMs), so an
// edit is noticed even while the page micro-cache is answering, and listeners can drop rendered pages.
// Memory is bounded by the caches, not by the number of documents; a lookup never scans every site.

/** The "content" strategy: fresh for a second, then revalidated; stale only while the file is invalid. */
const CONTENT_STRATEGY = { freshMs: 1000 } as const;

export interface ContentStoreOptions {
  freshMs?: number;
  /** Documents and folder listings kept at most (least recently used go first). */
  maxEntries?: number;
  /** Estimated heap of the kept documents at most, in bytes (estimated from each document's file, decision 014). */
  maxBytes?: number;
  now?: () => number;
  log?: (line: string) => void;
  /** After each revalidation pass, whether it found a change (the server counts them). */
  onRevalidated?: (changed: boolean) => void;
  /**
   * The background revalidation looks only at documents and listings used this recently: what it
   * finds changed matters only to rendered pages still kept (the page micro-cache's lifetime), and
   * anything older is revalidated when next asked for. A crawl fills the cache with documents asked
   * for once, and checking them all every second held the event loop too long (decision 020).
   */
  sweepUsedWithinMs?: number;
}

interface SiteSummary {
  host: string;
  site: Site | undefined;
}

export interface ContentStore {
  /**
   * Every site host, for link resolution (a Set: looked up, never scanned). A new Set whenever a site comes or
   * goes, so what is derived from it can be kept while it is the same object (page-view.server.ts).
   */
  readonly hosts: ReadonlySet<string>;
  readonly siteCount: number;
  siteByHost(host: string): Site | undefined;
  siteForUid(uid: string): Site | undefined;
  /** Languages a page exists in (a valid document), English first. */
  languagesOf(uid: string): SupportedLanguageCode[];
  getPage(uid: string, lang: SupportedLanguageCode): LoadedPage | undefined;
  errorsFor(uid: string): ContentError[];
  /** Bad site files, and bad documents seen since start-up (the most recent, bounded). */
  errors(): ContentError[];
  /** Sites by host, optionally those whose host contains `query`, one slice at a time. */
  listSites(input: { query?: string; offset: number; limit: number }): { total: number; sites: SiteSummary[] };
  /** A site's page uids (sorted) with the languages their files are named in; undefined for an unknown host. */
  listPages(host: string, input: { offset: number; limit: number }): { total: number; pages: ListedPage[] } | undefined;
  /** Revalidates everything cached whose freshness ran out; true when something changed. */
  revalidate(): boolean;
  /** Called after a revalidation that changed something (the server drops its rendered pages). */
  onChange(listener: () => void): () => void;
  /** Revalidates every freshMs in the background until the returned function is called. */
  startRevalidating(): () => void;
  cacheStats(): { documents: number; bytes: number; sites: number };
}

export function openContent(contentDir: string, options: ContentStoreOptions = {}): ContentStore {
  const root = path.resolve(contentDir);
  const freshMs = options.freshMs ?? CONTENT_STRATEGY.freshMs;
  const maxEntries = options.maxEntries ?? 2000;
  const now = options.now ?? Date.now;
  const sweepUsedWithinMs = options.sweepUsedWithinMs ?? Infinity;
  const log = options.log ?? ((line: string) => console.error(line));
  const report = (error: ContentError) => log(`[content] ${error.file}\n  ${error.issues.join("\n  ")}`);
  const listeners = new Set<() => void>();

  const index = openSiteIndex(root, { freshMs, now, maxEntries: Math.min(maxEntries, 1000), report });
  const documents = openDocumentCache(root, index, { freshMs, now, maxEntries, maxBytes: options.maxBytes ?? 32 * 1024 * 1024, report });
  const listing = openPageListing(root, index, { freshMs, now });
  const siteByHost = (host: string) => index.site(normalHost(host));

  function revalidate(): boolean {
    // Every room looks at its own files; none is skipped because another found a change.
    const sitesChanged = index.revalidate();
    const documentsChanged = documents.revalidate(sweepUsedWithinMs);
    const changed = sitesChanged || documentsChanged;
    if (changed) {
      listing.clear();
      for (const listener of listeners) listener();
    }
    options.onRevalidated?.(changed);
    return changed;
  }

  return {
    get hosts() {
      return index.hosts();
    },
    get siteCount() {
      return index.size;
    },
    siteByHost,
    siteForUid: (uid) => siteByHost(splitUid(uid, index.hosts()).host),
    languagesOf: documents.languagesOf,
    getPage: documents.getPage,
    errorsFor: documents.errorsFor,
    errors: () => [...index.errors(), ...documents.errors()],
    listSites({ query, offset, limit }) {
      const needle = (query ?? "").trim().toLowerCase();
      const hosts = index.sortedHosts();
      const matching = needle ? hosts.filter((host) => host.includes(needle)) : hosts;
      return { total: matching.length, sites: matching.slice(offset, offset + limit).map((host) => ({ host, site: index.site(host) })) };
    },
    listPages: listing.listPages,
    revalidate,
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    startRevalidating() {
      const timer = setInterval(() => {
        try {
          revalidate();
        } catch (error) {
          log(`[content] revalidation failed: ${(error as Error).message}`);
        }
      }, freshMs);
      timer.unref();
      return () => clearInterval(timer);
    },
    cacheStats: () => ({ ...documents.stats(), sites: index.cachedSites }),
  };
}

let cached: { dir: string; store: ContentStore } | undefined;

/** The process-wide store for the configured content folder, opened on first use. */
export function getContentStore(contentDir: string, options?: ContentStoreOptions): ContentStore {
  if (!cached || cached.dir !== contentDir) cached = { dir: contentDir, store: openContent(contentDir, options) };
  return cached.store;
}
