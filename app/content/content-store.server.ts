import { readdirSync, realpathSync, statSync, type Stats } from "node:fs";
import path from "node:path";
import { LRUCache } from "lru-cache";
import { DEFAULT_LANGUAGE, isSupportedLanguage, type SupportedLanguageCode } from "~/i18n/languages";
import {
  listJson,
  listSiteFolders,
  PAGE_FILE,
  pageFileCandidates,
  pageFileSegments,
  pageFolders,
  readPageDocument,
  readSiteFile,
  readSiteHost,
  relativeFile,
  siteRoots,
  statFile,
} from "./content-files.server";
import { joinUid, splitUid } from "./page-url";
import type { ContentError, PageDocument, Site } from "./page-document";
import { RevalidatedFileCache } from "./revalidated-file-cache.server";

// Content read on demand (decision 014). Start-up reads only each site's site.json, to index hosts;
// a page's document is found from its uid and language (host → site folder, uid segments → path),
// read, validated and kept in a bounded cache under one named strategy (revalidated-file-cache.server.ts,
// one each for sites, documents and folder listings):
//   fresh for CONTENT_STRATEGY.freshMs, then revalidated with a stat (inode, size, mtime): an unchanged
//   file is not read again, a changed one is re-read, a removed one is gone (404), and one that turns
//   invalid keeps serving its last good version ("stale if invalid"), its file and field logged once.
// `revalidate()` runs the same check over what was used lately (the server calls it every freshMs), so an
// edit is noticed even while the page micro-cache is answering, and listeners can drop rendered pages.
// Memory is bounded by the cache, not by the number of documents; a lookup never scans every site.

export interface LoadedPage {
  uid: string;
  lang: SupportedLanguageCode;
  file: string;
  doc: PageDocument;
}

/** The "content" strategy: fresh for a second, then revalidated; stale only while the file is invalid. */
const CONTENT_STRATEGY = { freshMs: 1000 } as const;

export interface ContentStoreOptions {
  freshMs?: number;
  /** Documents and folder listings kept at most (least recently used go first). */
  maxEntries?: number;
  /** Estimated heap of the kept documents at most, in bytes (a parsed document is taken as 4× its file). */
  maxBytes?: number;
  now?: () => number;
  log?: (line: string) => void;
  /** After each revalidation pass, whether it found a change (the server counts them). */
  onRevalidated?: (changed: boolean) => void;
  /**
   * The background revalidation looks only at documents and listings used this recently: what it
   * finds changed matters only to rendered pages still kept (the page micro-cache's lifetime), and
   * anything older is revalidated when next asked for. A crawl fills the cache with documents asked
   * for once, and checking them all every second held the event loop for hundreds of ms (decision 020).
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
  listPages(host: string, input: { offset: number; limit: number }): { total: number; pages: Array<{ uid: string; langs: string[] }> } | undefined;
  /** Revalidates everything cached whose freshness ran out; true when something changed. */
  revalidate(): boolean;
  /** Called after a revalidation that changed something (the server drops its rendered pages). */
  onChange(listener: () => void): () => void;
  /** Revalidates every freshMs in the background until the returned function is called. */
  startRevalidating(): () => void;
  cacheStats(): { documents: number; bytes: number; sites: number };
}

/** What a document key (uid and language) serves: the file last found (relative; null when none). */
interface DocValue {
  file: string | null;
  good: LoadedPage | undefined;
  error: ContentError | undefined;
  /** Estimated heap of the parsed document (4× its file). */
  bytes: number;
}

/** Where a uid's documents live. */
interface Located {
  host: string;
  pagesDir: string;
  segments: string[];
}

interface DocProbe {
  stamp: string;
  where: Located | undefined;
  found: { file: string; stats: Stats } | { file: string; issue: string } | null;
}

interface ListProbe {
  stamp: string;
  where: Located | undefined;
}

interface SiteValue {
  site: Site | undefined;
  /** The folder's site.json now names another host: the folder is indexed again under it. */
  moved: boolean;
}

interface SiteProbe {
  stamp: string;
  dirName: string | undefined;
}

const stampOf = (stats: Stats) => `${stats.ino}:${stats.size}:${stats.mtimeMs}`;

function statStamp(file: string): string {
  try {
    return stampOf(statSync(file));
  } catch (error) {
    return `missing:${(error as NodeJS.ErrnoException).code ?? ""}`;
  }
}

/**
 * The first folder between pages/ and a file that is a symlink back to pages/ or a folder above it (a
 * cycle would give one document endless uids), or null. Checked when a file is read, not on every request.
 */
function folderLoop(pagesDir: string, file: string): string | null {
  const seen: string[] = [];
  let dir = pagesDir;
  for (const part of ["", ...path.relative(pagesDir, path.dirname(file)).split(path.sep).filter(Boolean)]) {
    dir = part ? path.join(dir, part) : dir;
    let real: string;
    try {
      real = realpathSync(dir);
    } catch {
      return null;
    }
    if (seen.some((above) => above === real || above.startsWith(`${real}${path.sep}`))) return dir;
    seen.push(real);
  }
  return null;
}

const byEnglishFirst = (a: string, b: string) => (a === DEFAULT_LANGUAGE ? -1 : b === DEFAULT_LANGUAGE ? 1 : a.localeCompare(b));

export function openContent(contentDir: string, options: ContentStoreOptions = {}): ContentStore {
  const root = path.resolve(contentDir);
  const freshMs = options.freshMs ?? CONTENT_STRATEGY.freshMs;
  const maxEntries = options.maxEntries ?? 2000;
  const now = options.now ?? Date.now;
  const sweepUsedWithinMs = options.sweepUsedWithinMs ?? Infinity;
  const log = options.log ?? ((line: string) => console.error(line));
  const listeners = new Set<() => void>();

  // Host index: host → site folder, and back. Built from site.json files only.
  const hostToDir = new Map<string, string>();
  const dirToHost = new Map<string, string>();
  const hosts = new Set<string>();
  let sortedHosts: string[] | null = null;
  // What `hosts` gives out: a copy made once per change of the index, never changed afterwards.
  let hostSet: ReadonlySet<string> | null = null;
  const siteErrors = new Map<string, ContentError>();
  // Sites (by host), documents (by uid and language) and the languages a page's files are named in (by uid).
  const sites = new RevalidatedFileCache<SiteValue, SiteProbe>({ freshMs, now, maxEntries: Math.min(maxEntries, 1000), probe: probeSite, read: readSite });
  const docs = new RevalidatedFileCache<DocValue, DocProbe>({
    freshMs,
    now,
    maxEntries,
    maxBytes: options.maxBytes ?? 32 * 1024 * 1024,
    sizeOf: (value) => value.bytes,
    probe: probeDoc,
    read: readDoc,
  });
  const lists = new RevalidatedFileCache<SupportedLanguageCode[], ListProbe>({ freshMs, now, maxEntries, probe: probeList, read: readList });
  // A site's page list (the development directory), rebuilt from a scan of its pages/ once stale.
  const pageLists = new LRUCache<string, { pages: Array<{ uid: string; langs: string[] }>; checkedAt: number }>({ max: 16 });
  // Bad documents seen, newest last; logged once per file version.
  const docErrors = new LRUCache<string, ContentError>({ max: 100 });
  let rootStamp = statStamp(root);

  const report = (error: ContentError) => log(`[content] ${error.file}\n  ${error.issues.join("\n  ")}`);
  const noteDocError = (error: ContentError | undefined, file: string) => {
    if (error) docErrors.set(file, error);
    else docErrors.delete(file);
  };

  /** Reads one site folder's site.json into the host index; the site itself is kept only while in use. */
  function indexSite(dirName: string): void {
    const file = path.join(root, dirName, "site.json");
    const read = readSiteHost(file, siteRoots(root, path.join(root, dirName)));
    unindexSite(dirName);
    if (!read.ok) {
      const error = { file: relativeFile(root, file), issues: read.issues };
      siteErrors.set(dirName, error);
      report(error);
      return;
    }
    const host = read.value;
    if (hostToDir.has(host)) {
      const error = { file: relativeFile(root, file), issues: [`host: ${host} is already used by another site`] };
      siteErrors.set(dirName, error);
      report(error);
      return;
    }
    siteErrors.delete(dirName);
    hostToDir.set(host, dirName);
    dirToHost.set(dirName, host);
    hosts.add(host);
    sortedHosts = hostSet = null;
  }

  function unindexSite(dirName: string): void {
    const host = dirToHost.get(dirName);
    siteErrors.delete(dirName);
    if (!host) return;
    dirToHost.delete(dirName);
    hostToDir.delete(host);
    hosts.delete(host);
    sites.delete(host);
    sortedHosts = hostSet = null;
  }

  // Entries beside the site folders that cannot be read (a dangling symlink), by file.
  let folderErrors = new Map<string, ContentError>();

  function scanRoot(): void {
    const scanErrors: ContentError[] = [];
    const names = listSiteFolders(root, scanErrors);
    const next = new Map(scanErrors.map((error) => [error.file, error]));
    for (const [file, error] of next) if (!folderErrors.has(file)) report(error);
    folderErrors = next;
    const present = new Set(names);
    for (const dirName of [...dirToHost.keys(), ...siteErrors.keys()]) if (!present.has(dirName)) unindexSite(dirName);
    for (const name of names) if (!dirToHost.has(name) && !siteErrors.has(name)) indexSite(name);
  }

  scanRoot();

  function probeSite(host: string): SiteProbe {
    const dirName = hostToDir.get(host);
    return { dirName, stamp: dirName ? statStamp(path.join(root, dirName, "site.json")) : "unindexed" };
  }

  function readSite(host: string, { dirName }: SiteProbe, previous: SiteValue | undefined): SiteValue {
    if (!dirName) return { site: undefined, moved: false };
    const file = path.join(root, dirName, "site.json");
    const read = readSiteFile(file, siteRoots(root, path.join(root, dirName)));
    if (read.ok && read.value.host !== host) return { site: undefined, moved: true };
    if (read.ok) {
      siteErrors.delete(dirName);
      return { site: read.value, moved: false };
    }
    const error = { file: relativeFile(root, file), issues: read.issues };
    if (siteErrors.get(dirName)?.issues.join() !== error.issues.join()) report(error);
    siteErrors.set(dirName, error);
    // Stale if invalid: a site.json that turns bad keeps its last good version.
    return previous ?? { site: undefined, moved: false };
  }

  /** The site for a host, its site.json revalidated when its freshness ran out. */
  function siteEntry(host: string): SiteValue | undefined {
    const dirName = hostToDir.get(host);
    if (!dirName) return undefined;
    const entry = sites.get(host);
    if (!entry.moved) return entry;
    // The site moved to another host: re-index its folder; this host is no longer served.
    indexSite(dirName);
    return undefined;
  }

  const normalHost = (host: string) => host.toLowerCase().replace(/:\d+$/, "");
  const siteByHost = (host: string) => siteEntry(normalHost(host))?.site;

  function locate(uid: string): Located | undefined {
    const { host, segments } = splitUid(uid, hosts);
    const dirName = hostToDir.get(host);
    if (!dirName || !siteEntry(host)?.site) return undefined;
    if (!segments.every((s) => PAGE_FILE.test(`${s}.en.json`))) return undefined;
    return { host, pagesDir: path.join(root, dirName, "pages"), segments };
  }

  const docKey = (uid: string, lang: SupportedLanguageCode) => `${uid}\n${lang}`;
  function splitDocKey(key: string): { uid: string; lang: string } {
    const at = key.lastIndexOf("\n");
    return { uid: key.slice(0, at), lang: key.slice(at + 1) };
  }

  /** Finds a document's file and stats it; the stamp names the file too, so a move is a change. */
  function probeDoc(key: string): DocProbe {
    const { uid, lang } = splitDocKey(key);
    const where = locate(uid);
    let found: DocProbe["found"] = null;
    if (where && isSupportedLanguage(lang)) {
      for (const file of pageFileCandidates(where.pagesDir, where.segments, lang)) {
        const result = statFile(file);
        if (result) {
          found = { file, ...result };
          break;
        }
      }
    }
    if (!found) return { stamp: "none", where, found };
    return { stamp: `${relativeFile(root, found.file)}|${"stats" in found ? stampOf(found.stats) : `issue:${found.issue}`}`, where, found };
  }

  function readDoc(key: string, { where, found }: DocProbe, previous: DocValue | undefined): DocValue {
    // Removed (or never there): a 404, not a stale copy.
    if (!found) return { file: null, good: undefined, error: undefined, bytes: 0 };
    const { uid, lang } = splitDocKey(key);
    const file = relativeFile(root, found.file);
    const loop = where && "stats" in found ? folderLoop(where.pagesDir, found.file) : null;
    const read = loop
      ? { ok: false as const, issues: [`(link): ${relativeFile(root, loop)} loops back to a folder above it; skipped`] }
      : "stats" in found
        ? readPageDocument(found.file, siteRoots(root, path.dirname(where?.pagesDir ?? root)))
        : { ok: false as const, issues: [found.issue] };
    let value: DocValue;
    if (read.ok) {
      value = {
        file,
        good: { uid, lang: lang as SupportedLanguageCode, file, doc: read.value },
        error: undefined,
        bytes: "stats" in found ? found.stats.size * 4 : 0,
      };
    } else {
      // Stale if invalid: the last good version stays; the problem is logged once for this version.
      const error = { file, uid, issues: read.issues };
      report(error);
      value = { file, good: previous?.good, error, bytes: previous?.bytes ?? 0 };
    }
    noteDocError(value.error, file);
    return value;
  }

  const docEntry = (uid: string, lang: SupportedLanguageCode): DocValue => docs.get(docKey(uid, lang));

  /** The folders a page's language versions live in, with their stamps: a new or removed file changes them. */
  function listStamp(where: Located): string {
    return pageFolders(where.pagesDir, where.segments)
      .map(({ dir }) => statStamp(dir))
      .join("|");
  }

  function probeList(uid: string): ListProbe {
    const where = locate(uid);
    return { where, stamp: where ? listStamp(where) : "none" };
  }

  /** Languages whose files exist, from the page's folder listing. */
  function readList(_uid: string, { where }: ListProbe): SupportedLanguageCode[] {
    if (!where) return [];
    const langs = new Set<SupportedLanguageCode>();
    for (const { dir, slug } of pageFolders(where.pagesDir, where.segments)) {
      let names: string[] = [];
      try {
        names = readdirSync(dir);
      } catch {
        continue;
      }
      for (const name of names) {
        const match = PAGE_FILE.exec(name);
        if (match && match[1] === slug && isSupportedLanguage(match[2])) langs.add(match[2]);
      }
    }
    return [...langs].sort(byEnglishFirst);
  }

  const listedLanguages = (uid: string) => lists.get(uid);

  function getPage(uid: string, lang: SupportedLanguageCode): LoadedPage | undefined {
    // English is every page's fallback language (docs/requirements.md#5-rules), so a page must exist in English.
    const english = docEntry(uid, DEFAULT_LANGUAGE).good;
    if (!english) return undefined;
    return lang === DEFAULT_LANGUAGE ? english : docEntry(uid, lang).good;
  }

  function errorsFor(uid: string): ContentError[] {
    const out: ContentError[] = [];
    const langs = listedLanguages(uid);
    for (const lang of langs) {
      const entry = docEntry(uid, lang);
      if (entry.error) out.push(entry.error);
    }
    if (langs.length && !langs.includes(DEFAULT_LANGUAGE)) {
      const files = langs.map((lang) => docEntry(uid, lang).file).filter((f): f is string => !!f);
      out.push({
        file: files[0] ?? uid,
        uid,
        issues: [`(page): ${uid} has no English document (${DEFAULT_LANGUAGE}), which every page needs as its fallback`],
      });
    }
    return out;
  }

  function listPages(host: string, input: { offset: number; limit: number }) {
    const dirName = hostToDir.get(normalHost(host));
    if (!dirName) return undefined;
    const t = now();
    let cachedList = pageLists.get(dirName);
    if (!cachedList || t - cachedList.checkedAt >= freshMs) {
      const pagesDir = path.join(root, dirName, "pages");
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
        const uid = joinUid(normalHost(host), parts.segments);
        byUid.set(uid, (byUid.get(uid) ?? new Set()).add(parts.lang));
      }
      const pages = [...byUid]
        .filter(([, langs]) => langs.has(DEFAULT_LANGUAGE))
        .map(([uid, langs]) => ({ uid, langs: [...langs].sort(byEnglishFirst) }))
        .sort((a, b) => a.uid.localeCompare(b.uid));
      cachedList = { pages, checkedAt: t };
      pageLists.set(dirName, cachedList);
    }
    return { total: cachedList.pages.length, pages: cachedList.pages.slice(input.offset, input.offset + input.limit) };
  }

  function revalidate(): boolean {
    let changed = false;
    const stamp = statStamp(root);
    if (stamp !== rootStamp) {
      rootStamp = stamp;
      const before = [...hosts].join();
      scanRoot();
      if ([...hosts].join() !== before) changed = true;
    }
    // A site whose folder now names another host is re-indexed under it.
    for (const host of sites.revalidate()) {
      siteEntry(host);
      changed = true;
    }
    if (docs.revalidate(sweepUsedWithinMs).length) changed = true;
    if (lists.revalidate(sweepUsedWithinMs).length) changed = true;
    if (changed) {
      pageLists.clear();
      for (const listener of listeners) listener();
    }
    options.onRevalidated?.(changed);
    return changed;
  }

  return {
    get hosts() {
      return (hostSet ??= new Set(hosts));
    },
    get siteCount() {
      return hosts.size;
    },
    siteByHost,
    siteForUid: (uid) => siteByHost(splitUid(uid, hosts).host),
    languagesOf: (uid) => (docEntry(uid, DEFAULT_LANGUAGE).good ? listedLanguages(uid).filter((lang) => getPage(uid, lang)) : []),
    getPage,
    errorsFor,
    errors: () => [...folderErrors.values(), ...siteErrors.values(), ...[...docErrors.values()].reverse()],
    listSites({ query, offset, limit }) {
      sortedHosts ??= [...hosts].sort();
      const needle = (query ?? "").trim().toLowerCase();
      const matching = needle ? sortedHosts.filter((host) => host.includes(needle)) : sortedHosts;
      return { total: matching.length, sites: matching.slice(offset, offset + limit).map((host) => ({ host, site: siteEntry(host)?.site })) };
    },
    listPages,
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
    cacheStats: () => ({ documents: docs.size, bytes: docs.bytes, sites: sites.size }),
  };
}

let cached: { dir: string; store: ContentStore } | undefined;

/** The process-wide store for the configured content folder, opened on first use. */
export function getContentStore(contentDir: string, options?: ContentStoreOptions): ContentStore {
  if (!cached || cached.dir !== contentDir) cached = { dir: contentDir, store: openContent(contentDir, options) };
  return cached.store;
}
