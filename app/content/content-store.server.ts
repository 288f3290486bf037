import { readdirSync, realpathSync, statSync, type Stats } from "node:fs";
import path from "node:path";
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

// Content read on demand (decision 014). Start-up reads only each site's site.json, to index hosts;
// a page's document is found from its uid and language (host → site folder, uid segments → path),
// read, validated and kept in a bounded cache under one named strategy:
//   fresh for CONTENT_STRATEGY.freshMs, then revalidated with a stat (inode, size, mtime): an unchanged
//   file is not read again, a changed one is re-read, a removed one is gone (404), and one that turns
//   invalid keeps serving its last good version ("stale if invalid"), its file and field logged once.
// `revalidate()` runs the same check over everything cached (the server calls it every freshMs), so an
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
  /** Every site host, for link resolution (a Set: looked up, never scanned). */
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

interface DocEntry {
  uid: string;
  lang: SupportedLanguageCode;
  /** The file last found (relative), and its stat stamp; null when there is none. */
  file: string | null;
  stamp: string | null;
  good: LoadedPage | undefined;
  error: ContentError | undefined;
  checkedAt: number;
  /** When a request last asked for it. */
  usedAt: number;
  bytes: number;
}

interface ListEntry {
  langs: SupportedLanguageCode[];
  stamp: string;
  checkedAt: number;
  usedAt: number;
}

interface SiteEntry {
  host: string;
  dirName: string;
  site: Site | undefined;
  stamp: string | null;
  checkedAt: number;
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

/** A Map kept in least-recently-used order, bounded by count and by a size each entry declares. */
class Lru<V> {
  private entries = new Map<string, V>();
  private total = 0;
  constructor(
    private readonly maxEntries: number,
    private readonly maxBytes: number,
    private readonly sizeOf: (value: V) => number,
  ) {}

  get(key: string): V | undefined {
    const value = this.entries.get(key);
    if (value === undefined) return undefined;
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  set(key: string, value: V): void {
    this.delete(key);
    this.entries.set(key, value);
    this.total += this.sizeOf(value);
    this.trim();
  }

  /** After an entry's size changed in place. */
  resize(before: number, after: number): void {
    this.total += after - before;
    this.trim();
  }

  delete(key: string): void {
    const value = this.entries.get(key);
    if (value === undefined) return;
    this.total -= this.sizeOf(value);
    this.entries.delete(key);
  }

  values(): V[] {
    return [...this.entries.values()];
  }

  pairs(): Array<[string, V]> {
    return [...this.entries];
  }

  clear(): void {
    this.entries.clear();
    this.total = 0;
  }

  get size(): number {
    return this.entries.size;
  }

  get bytes(): number {
    return this.total;
  }

  private trim(): void {
    for (const [oldest] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.total <= this.maxBytes) break;
      this.delete(oldest);
    }
  }
}

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
  const siteErrors = new Map<string, ContentError>();
  const sites = new Lru<SiteEntry>(Math.min(maxEntries, 1000), Infinity, () => 1);
  const docs = new Lru<DocEntry>(maxEntries, options.maxBytes ?? 32 * 1024 * 1024, (entry) => entry.bytes);
  const lists = new Lru<ListEntry>(maxEntries, Infinity, () => 1);
  const pageLists = new Lru<{ pages: Array<{ uid: string; langs: string[] }>; checkedAt: number }>(16, Infinity, () => 1);
  // Bad documents seen, newest last; logged once per file version.
  const docErrors = new Map<string, ContentError>();
  let rootStamp = statStamp(root);

  const report = (error: ContentError) => log(`[content] ${error.file}\n  ${error.issues.join("\n  ")}`);
  const noteDocError = (error: ContentError | undefined, file: string) => {
    docErrors.delete(file);
    if (!error) return;
    docErrors.set(file, error);
    for (const [oldest] of docErrors) {
      if (docErrors.size <= 100) break;
      docErrors.delete(oldest);
    }
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
    sortedHosts = null;
  }

  function unindexSite(dirName: string): void {
    const host = dirToHost.get(dirName);
    siteErrors.delete(dirName);
    if (!host) return;
    dirToHost.delete(dirName);
    hostToDir.delete(host);
    hosts.delete(host);
    sites.delete(host);
    sortedHosts = null;
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

  /** The site entry for a host, its site.json revalidated when its freshness ran out. */
  function siteEntry(host: string): SiteEntry | undefined {
    const dirName = hostToDir.get(host);
    if (!dirName) return undefined;
    let entry = sites.get(host);
    const t = now();
    if (entry && t - entry.checkedAt < freshMs) return entry;
    const file = path.join(root, dirName, "site.json");
    const stamp = statStamp(file);
    if (entry && stamp === entry.stamp) {
      entry.checkedAt = t;
      return entry;
    }
    const read = readSiteFile(file, siteRoots(root, path.join(root, dirName)));
    if (read.ok && read.value.host !== host) {
      // The site moved to another host: re-index its folder; this host is no longer served.
      indexSite(dirName);
      return undefined;
    }
    if (read.ok) siteErrors.delete(dirName);
    else {
      const error = { file: relativeFile(root, file), issues: read.issues };
      if (siteErrors.get(dirName)?.issues.join() !== error.issues.join()) report(error);
      siteErrors.set(dirName, error);
    }
    // Stale if invalid: a site.json that turns bad keeps its last good version.
    const site = read.ok ? read.value : entry?.site;
    entry = { host, dirName, site, stamp, checkedAt: t };
    sites.set(host, entry);
    return entry;
  }

  const normalHost = (host: string) => host.toLowerCase().replace(/:\d+$/, "");
  const siteByHost = (host: string) => siteEntry(normalHost(host))?.site;

  function locate(uid: string): { host: string; pagesDir: string; segments: string[] } | undefined {
    const { host, segments } = splitUid(uid, hosts);
    const dirName = hostToDir.get(host);
    if (!dirName || !siteEntry(host)?.site) return undefined;
    if (!segments.every((s) => PAGE_FILE.test(`${s}.en.json`))) return undefined;
    return { host, pagesDir: path.join(root, dirName, "pages"), segments };
  }

  /** Finds, stats and (when changed) reads one document; true when what it serves changed. */
  function refreshDoc(entry: DocEntry): boolean {
    entry.checkedAt = now();
    const where = locate(entry.uid);
    let found: { file: string; stats: Stats } | { file: string; issue: string } | null = null;
    if (where && isSupportedLanguage(entry.lang)) {
      for (const file of pageFileCandidates(where.pagesDir, where.segments, entry.lang)) {
        const result = statFile(file);
        if (result) {
          found = { file, ...result };
          break;
        }
      }
    }
    const stamp = !found ? null : "stats" in found ? stampOf(found.stats) : `issue:${found.issue}`;
    const file = found ? relativeFile(root, found.file) : null;
    if (stamp === entry.stamp && file === entry.file) return false;
    const before = entry.bytes;
    entry.stamp = stamp;
    entry.file = file;
    if (!found || !file) {
      // Removed (or never there): a 404, not a stale copy.
      entry.good = undefined;
      entry.error = undefined;
      entry.bytes = 0;
    } else {
      const loop = where && "stats" in found ? folderLoop(where.pagesDir, found.file) : null;
      const read = loop
        ? { ok: false as const, issues: [`(link): ${relativeFile(root, loop)} loops back to a folder above it; skipped`] }
        : "stats" in found
          ? readPageDocument(found.file, siteRoots(root, path.dirname(where?.pagesDir ?? root)))
          : { ok: false as const, issues: [found.issue] };
      if (read.ok) {
        entry.good = { uid: entry.uid, lang: entry.lang, file, doc: read.value };
        entry.error = undefined;
        entry.bytes = "stats" in found ? found.stats.size * 4 : 0;
      } else {
        // Stale if invalid: the last good version stays; the problem is logged once for this version.
        entry.error = { file, uid: entry.uid, issues: read.issues };
        report(entry.error);
      }
    }
    if (file) noteDocError(entry.error, file);
    docs.resize(before, entry.bytes);
    return true;
  }

  function docEntry(uid: string, lang: SupportedLanguageCode): DocEntry {
    const key = `${uid}\n${lang}`;
    let entry = docs.get(key);
    if (!entry) {
      entry = { uid, lang, file: null, stamp: null, good: undefined, error: undefined, checkedAt: 0, usedAt: 0, bytes: 0 };
      docs.set(key, entry);
      refreshDoc(entry);
    } else if (now() - entry.checkedAt >= freshMs) refreshDoc(entry);
    entry.usedAt = now();
    return entry;
  }

  /** The folders a page's language versions live in, with their stamps: a new or removed file changes them. */
  function listStamp(where: NonNullable<ReturnType<typeof locate>>): string {
    return pageFolders(where.pagesDir, where.segments)
      .map(({ dir }) => statStamp(dir))
      .join("|");
  }

  function refreshList(uid: string, entry: ListEntry | undefined): { entry: ListEntry; changed: boolean } {
    const t = now();
    const where = locate(uid);
    if (!where) return { entry: { langs: [], stamp: "none", checkedAt: t, usedAt: entry?.usedAt ?? t }, changed: entry?.stamp !== "none" };
    const stamp = listStamp(where);
    if (entry && entry.stamp === stamp) {
      entry.checkedAt = t;
      return { entry, changed: false };
    }
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
    return { entry: { langs: [...langs].sort(byEnglishFirst), stamp, checkedAt: t, usedAt: entry?.usedAt ?? t }, changed: true };
  }

  /** Languages whose files exist, from the page's folder listing (cached, revalidated by the folders' stamps). */
  function listedLanguages(uid: string): SupportedLanguageCode[] {
    let entry = lists.get(uid);
    if (!entry || now() - entry.checkedAt >= freshMs) {
      entry = refreshList(uid, entry).entry;
      lists.set(uid, entry);
    }
    entry.usedAt = now();
    return entry.langs;
  }

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
    const t = now();
    const stamp = statStamp(root);
    if (stamp !== rootStamp) {
      rootStamp = stamp;
      const before = [...hosts].join();
      scanRoot();
      if ([...hosts].join() !== before) changed = true;
    }
    for (const entry of sites.values()) {
      if (t - entry.checkedAt < freshMs) continue;
      const site = entry.site;
      entry.checkedAt = 0;
      if (siteEntry(entry.host)?.site !== site) changed = true;
    }
    const recent = (entry: { usedAt: number }) => t - entry.usedAt <= sweepUsedWithinMs;
    for (const entry of docs.values()) if (recent(entry) && t - entry.checkedAt >= freshMs && refreshDoc(entry)) changed = true;
    for (const [uid, entry] of lists.pairs()) {
      if (!recent(entry) || t - entry.checkedAt < freshMs) continue;
      const result = refreshList(uid, entry);
      if (result.changed) {
        lists.set(uid, result.entry);
        changed = true;
      }
    }
    if (changed) {
      pageLists.clear();
      for (const listener of listeners) listener();
    }
    options.onRevalidated?.(changed);
    return changed;
  }

  return {
    hosts,
    get siteCount() {
      return hosts.size;
    },
    siteByHost,
    siteForUid: (uid) => siteByHost(splitUid(uid, hosts).host),
    languagesOf: (uid) => (docEntry(uid, DEFAULT_LANGUAGE).good ? listedLanguages(uid).filter((lang) => getPage(uid, lang)) : []),
    getPage,
    errorsFor,
    errors: () => [...folderErrors.values(), ...siteErrors.values(), ...docErrors.values()],
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
