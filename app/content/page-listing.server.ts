import path from "node:path";
import { LRUCache } from "lru-cache";
import { byEnglishFirst, DEFAULT_LANGUAGE, isSupportedLanguage } from "~/i18n/languages";
import { listJson, pageFileSegments } from "./content-files.server";
import { joinUid } from "./page-url";
import { normalHost, type SiteIndex } from "./site-index.server";

// The content store's listing of a site's pages (the site directory, and whatever lists every page):
// built from one scan of the site's pages/ folder, kept for a few sites and rebuilt once stale or when
// the store sees a change. A page is listed when it has an English document (docs/requirements.md#5-rules),
// with every language its files are named in.

export interface ListedPage {
  uid: string;
  langs: string[];
}

export interface PageListingOptions {
  freshMs: number;
  now: () => number;
}

export interface PageListing {
  /** A site's page uids (sorted) with their languages, one slice at a time; undefined for an unknown host. */
  listPages(host: string, input: { offset: number; limit: number }): { total: number; pages: ListedPage[] } | undefined;
  /** Forgets every listing (the store calls it when a revalidation saw a change). */
  clear(): void;
}

/** Listings kept at most: a directory is read a site at a time. */
const LISTED_SITES = 16;

/** Every page of the site whose pages/ folder is `pagesDir`, sorted by uid, languages English first. */
export function scanPages(root: string, pagesDir: string, host: string): ListedPage[] {
  const byUid = new Map<string, Set<string>>();
  let files: string[] = [];
  try {
    files = listJson(pagesDir, [], root);
  } catch {
    // No pages/ folder: no pages.
  }
  for (const file of files) {
    const parts = pageFileSegments(pagesDir, file);
    if (!parts || !isSupportedLanguage(parts.lang)) continue;
    const uid = joinUid(host, parts.segments);
    byUid.set(uid, (byUid.get(uid) ?? new Set()).add(parts.lang));
  }
  return [...byUid]
    .filter(([, langs]) => langs.has(DEFAULT_LANGUAGE))
    .map(([uid, langs]) => ({ uid, langs: [...langs].sort(byEnglishFirst) }))
    .sort((a, b) => a.uid.localeCompare(b.uid));
}

export function openPageListing(root: string, index: Pick<SiteIndex, "folderOf">, { freshMs, now }: PageListingOptions): PageListing {
  const listed = new LRUCache<string, { pages: ListedPage[]; checkedAt: number }>({ max: LISTED_SITES });

  return {
    listPages(host, { offset, limit }) {
      const siteHost = normalHost(host);
      const dirName = index.folderOf(siteHost);
      if (!dirName) return undefined;
      const t = now();
      let list = listed.get(dirName);
      if (!list || t - list.checkedAt >= freshMs) {
        list = { pages: scanPages(root, path.join(root, dirName, "pages"), siteHost), checkedAt: t };
        listed.set(dirName, list);
      }
      return { total: list.pages.length, pages: list.pages.slice(offset, offset + limit) };
    },
    clear: () => listed.clear(),
  };
}
