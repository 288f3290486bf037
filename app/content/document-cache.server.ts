import { readdirSync, realpathSync, type Stats } from "node:fs";
import path from "node:path";
import { LRUCache } from "lru-cache";
import { byEnglishFirst, DEFAULT_LANGUAGE, isSupportedLanguage, type SupportedLanguageCode } from "~/i18n/languages";
import { PAGE_FILE, pageFileCandidates, pageFolders, readPageDocument, relativeFile, siteRoots, stampOf, statFile, statStamp } from "./content-files.server";
import type { ContentError, PageDocument } from "./page-document";
import { splitUid } from "./page-url";
import { RevalidatedFileCache } from "./revalidated-file-cache.server";
import type { SiteIndex } from "./site-index.server";

// The content store's documents (decision 014): a page's document is found from its uid and language
// (host → site folder through the index, uid segments → path), read, validated and kept in a bounded cache;
// the languages a page's files are named in are kept beside, from its folders' listings. Both revalidate
// with a stat once their freshness runs out: an unchanged file is not read again, a changed one is re-read,
// a removed one is gone (404), and one that turns invalid keeps serving its last good version ("stale if
// invalid"), its file and field logged once. Bad documents seen are kept (the newest, bounded) for the
// site directory.

export interface LoadedPage {
  uid: string;
  lang: SupportedLanguageCode;
  file: string;
  doc: PageDocument;
}

export interface DocumentCacheOptions {
  freshMs: number;
  now: () => number;
  /** Documents and folder listings kept at most (least recently used go first). */
  maxEntries: number;
  /** Estimated heap of the kept documents at most, in bytes. */
  maxBytes: number;
  /** Called once for each version of a bad document. */
  report: (error: ContentError) => void;
}

export interface DocumentCache {
  getPage(uid: string, lang: SupportedLanguageCode): LoadedPage | undefined;
  /** Languages a page exists in (a valid document), English first. */
  languagesOf(uid: string): SupportedLanguageCode[];
  /** Why a page's documents are not served: each bad language version, and a missing English one. */
  errorsFor(uid: string): ContentError[];
  /** Bad documents seen since start-up, newest first (bounded). */
  errors(): ContentError[];
  /** Revalidates what was used within `usedWithinMs` and whose freshness ran out; true when something changed. */
  revalidate(usedWithinMs: number): boolean;
  stats(): { documents: number; bytes: number };
}

/**
 * A parsed document's heap, estimated from its file on the generous side (decision 014; the estimate is
 * checked against measured heaps in decision 020).
 */
const PARSED_BYTES_PER_FILE_BYTE = 4;

/** What a document key (uid and language) serves: the file last found (relative; null when none). */
interface DocValue {
  file: string | null;
  good: LoadedPage | undefined;
  error: ContentError | undefined;
  bytes: number;
}

/** Where a uid's documents live. */
interface Located {
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

const docKey = (uid: string, lang: SupportedLanguageCode) => `${uid}\n${lang}`;

function splitDocKey(key: string): { uid: string; lang: string } {
  const at = key.lastIndexOf("\n");
  return { uid: key.slice(0, at), lang: key.slice(at + 1) };
}

export function openDocumentCache(root: string, index: SiteIndex, options: DocumentCacheOptions): DocumentCache {
  const { freshMs, now, maxEntries, report } = options;
  const docs = new RevalidatedFileCache<DocValue, DocProbe>({
    freshMs,
    now,
    maxEntries,
    maxBytes: options.maxBytes,
    sizeOf: (value) => value.bytes,
    probe: probeDoc,
    read: readDoc,
  });
  const lists = new RevalidatedFileCache<SupportedLanguageCode[], ListProbe>({ freshMs, now, maxEntries, probe: probeList, read: readList });
  // Bad documents seen, newest last; logged once per file version.
  const docErrors = new LRUCache<string, ContentError>({ max: 100 });

  function locate(uid: string): Located | undefined {
    const { host, segments } = splitUid(uid, index.hosts());
    const dirName = index.folderOf(host);
    if (!dirName || !index.site(host)) return undefined;
    if (!segments.every((s) => PAGE_FILE.test(`${s}.en.json`))) return undefined;
    return { pagesDir: path.join(root, dirName, "pages"), segments };
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
        bytes: "stats" in found ? found.stats.size * PARSED_BYTES_PER_FILE_BYTE : 0,
      };
    } else {
      // Stale if invalid: the last good version stays; the problem is logged once for this version.
      const error = { file, uid, issues: read.issues };
      report(error);
      value = { file, good: previous?.good, error, bytes: previous?.bytes ?? 0 };
    }
    if (value.error) docErrors.set(file, value.error);
    else docErrors.delete(file);
    return value;
  }

  const docEntry = (uid: string, lang: SupportedLanguageCode): DocValue => docs.get(docKey(uid, lang));

  /** The folders a page's language versions live in, with their stamps: a new or removed file changes them. */
  function probeList(uid: string): ListProbe {
    const where = locate(uid);
    const stamp = where
      ? pageFolders(where.pagesDir, where.segments)
          .map(({ dir }) => statStamp(dir))
          .join("|")
      : "none";
    return { where, stamp };
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

  function getPage(uid: string, lang: SupportedLanguageCode): LoadedPage | undefined {
    // English is every page's fallback language (docs/requirements.md#5-rules), so a page must exist in English.
    const english = docEntry(uid, DEFAULT_LANGUAGE).good;
    if (!english) return undefined;
    return lang === DEFAULT_LANGUAGE ? english : docEntry(uid, lang).good;
  }

  function errorsFor(uid: string): ContentError[] {
    const out: ContentError[] = [];
    const langs = lists.get(uid);
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

  return {
    getPage,
    languagesOf: (uid) => (docEntry(uid, DEFAULT_LANGUAGE).good ? lists.get(uid).filter((lang) => getPage(uid, lang)) : []),
    errorsFor,
    errors: () => [...docErrors.values()].reverse(),
    revalidate(usedWithinMs) {
      // Both passes run: a change to either is a change.
      const changedDocs = docs.revalidate(usedWithinMs).length > 0;
      const changedLists = lists.revalidate(usedWithinMs).length > 0;
      return changedDocs || changedLists;
    },
    stats: () => ({ documents: docs.size, bytes: docs.bytes }),
  };
}
