import { closeSync, constants, fstatSync, lstatSync, openSync, readdirSync, readSync, realpathSync, statSync, type Stats } from "node:fs";
import path from "node:path";
import { formatIssues, PAGE_LIMITS, PageDocumentSchema, SiteSchema, type ContentError, type PageDocument, type Site } from "./page-document";

// The content folder's layout and how one file is read and validated; shared by the on-demand store
// (content-store.server.ts) and the full check (check-content.ts), so both give the same messages.
//   content/<site>/site.json
//   content/<site>/pages/index.en.json                 → uid <host>
//   content/<site>/pages/shows/les-miserables.fr.json  → uid <host>.shows.les-miserables
//   content/<site>/pages/shows/index.de.json           → uid <host>.shows

export const PAGE_FILE = /^([a-z0-9-]+)\.([a-z]{2})\.json$/;

export type ReadResult<T> = { ok: true; value: T } | { ok: false; issues: string[] };

/**
 * A file path as the messages, the 404 page and the site directory show it: relative to the content
 * folder, so no message says where the folder is on the server (decision 020).
 */
export const relativeFile = (root: string, file: string) => path.relative(root, file) || path.basename(file);

/** Why an entry could not be read, in words an editor can act on. */
function unreadable(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === "ENOENT") return "(link): its target is missing; skipped";
  if (code === "ELOOP") return "(link): a symlink loop; skipped";
  return `(entry): cannot be read (${code ?? (error as Error).message}); skipped`;
}

function isLink(file: string): boolean {
  try {
    return lstatSync(file).isSymbolicLink();
  } catch {
    return false;
  }
}

/** Why a file could not be opened: a link's target, or the file itself (its code only: no path). */
function cannotOpen(file: string, error: unknown): string {
  return isLink(file) ? unreadable(error) : `(document): cannot be read (${(error as NodeJS.ErrnoException).code ?? "error"})`;
}

/** Why JSON.parse refused a text, with where but never what: its message quotes the file's first bytes. */
function jsonIssue(error: unknown): string {
  const where = /at position \d+(?: \(line \d+ column \d+\))?/.exec((error as Error).message)?.[0];
  return `(document): not valid JSON${where ? ` (${where})` : ""}`;
}

/**
 * The folders a site's files may resolve into: the content folder and the site's own folder, which an
 * operator may have linked in from elsewhere (decision 020). Real paths, each ending in a separator.
 */
export function siteRoots(root: string, siteDir: string): string[] {
  const roots = new Set<string>();
  for (const dir of [root, siteDir]) {
    try {
      roots.add(`${realpathSync.native(dir)}${path.sep}`);
    } catch {
      // Gone: nothing can resolve into it.
    }
  }
  return [...roots];
}

/**
 * A document's text, opened only as a regular file whose real path is inside `roots` (decision 020): a
 * symlink that leaves the content folder (to /etc/passwd, /proc/self/environ), a device or a pipe is an
 * invalid document, and its bytes are never read. The size is checked on the open file, before reading.
 */
function readInside(file: string, roots: readonly string[]): ReadResult<string> {
  let real: string;
  try {
    real = realpathSync.native(file);
  } catch (error) {
    return { ok: false, issues: [cannotOpen(file, error)] };
  }
  if (!roots.some((root) => real.startsWith(root))) return { ok: false, issues: ["(link): leads outside the content folder; skipped"] };
  let fd: number;
  try {
    // O_NONBLOCK: opening a pipe put there since the stat must not wait for a writer.
    fd = openSync(real, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (error) {
    return { ok: false, issues: [unreadable(error)] };
  }
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) return { ok: false, issues: ["(entry): not a regular file; skipped"] };
    if (stats.size > PAGE_LIMITS.fileBytes) {
      return { ok: false, issues: [`(file size): ${Math.ceil(stats.size / 1024)} KB; at most ${PAGE_LIMITS.fileBytes / 1024} KB`] };
    }
    const buffer = Buffer.alloc(stats.size);
    let read = 0;
    while (read < stats.size) {
      const got = readSync(fd, buffer, read, stats.size - read, read);
      if (got === 0) break;
      read += got;
    }
    return { ok: true, value: buffer.toString("utf8", 0, read) };
  } catch (error) {
    return { ok: false, issues: [unreadable(error)] };
  } finally {
    closeSync(fd);
  }
}

/** Reads JSON from a regular file inside `roots`, after checking its size: parsing is where an oversized document would cost the most. */
function readJson(file: string, roots: readonly string[]): ReadResult<unknown> {
  const text = readInside(file, roots);
  if (!text.ok) return text;
  try {
    return { ok: true, value: JSON.parse(text.value) };
  } catch (error) {
    return { ok: false, issues: [jsonIssue(error)] };
  }
}

/** What identifies a file's version without reading it: inode, size and modification time. */
export const stampOf = (stats: Stats) => `${stats.ino}:${stats.size}:${stats.mtimeMs}`;

/** A path's stamp, or why it has none (a missing file has a stamp too, so its return is a change). */
export function statStamp(file: string): string {
  try {
    return stampOf(statSync(file));
  } catch (error) {
    return `missing:${(error as NodeJS.ErrnoException).code ?? ""}`;
  }
}

/** A regular file's stats, or why it is not one (a pipe or device named *.json would block the read for ever). */
export function statFile(file: string): { stats: Stats } | { issue: string } | null {
  try {
    const stats = statSync(file);
    return stats.isFile() ? { stats } : stats.isDirectory() ? null : { issue: "(entry): not a regular file; skipped" };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOTDIR") return null;
    if (code === "ENOENT") {
      // Nothing there, or a symlink whose target is gone: only the second is worth a message.
      try {
        if (lstatSync(file).isSymbolicLink()) return { issue: unreadable(error) };
      } catch {
        // Nothing there.
      }
      return null;
    }
    return { issue: unreadable(error) };
  }
}

export function readPageDocument(file: string, roots: readonly string[]): ReadResult<PageDocument> {
  const raw = readJson(file, roots);
  if (!raw.ok) return raw;
  const parsed = PageDocumentSchema.safeParse(raw.value);
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, issues: formatIssues(parsed.error) };
}

export function readSiteFile(file: string, roots: readonly string[]): ReadResult<Site> {
  const raw = readJson(file, roots);
  if (!raw.ok) return raw;
  const parsed = SiteSchema.safeParse(raw.value);
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, issues: formatIssues(parsed.error) };
}

const HOST_BUFFER = Buffer.alloc(64 * 1024);

/**
 * Only a site file's host, for the start-up index: one read and a JSON parse, no schema (the whole file is
 * validated when the site is first used, and by content:check). Thousands of sites are indexed this way.
 */
export function readSiteHost(file: string, roots: readonly string[]): ReadResult<string> {
  let text: string;
  try {
    if (!roots.some((root) => realpathSync.native(file).startsWith(root))) {
      return { ok: false, issues: ["(link): leads outside the content folder; skipped"] };
    }
    const fd = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK);
    try {
      // A few system calls for a usual site file (realpath, open, fstat, read, close).
      const stats = fstatSync(fd);
      if (!stats.isFile()) return { ok: false, issues: ["(entry): not a regular file; skipped"] };
      const read = readSync(fd, HOST_BUFFER, 0, HOST_BUFFER.length, 0);
      if (read < HOST_BUFFER.length) text = HOST_BUFFER.toString("utf8", 0, read);
      else {
        const { size } = stats;
        if (size > PAGE_LIMITS.fileBytes)
          return { ok: false, issues: [`(file size): ${Math.ceil(size / 1024)} KB; at most ${PAGE_LIMITS.fileBytes / 1024} KB`] };
        const buffer = Buffer.alloc(size);
        readSync(fd, buffer, 0, size, 0);
        text = buffer.toString("utf8");
      }
    } finally {
      closeSync(fd);
    }
  } catch (error) {
    return { ok: false, issues: [cannotOpen(file, error)] };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, issues: [jsonIssue(error)] };
  }
  const host = SiteSchema.shape.host.safeParse((value as { host?: unknown } | null)?.host);
  return host.success ? { ok: true, value: host.data } : { ok: false, issues: host.error.issues.map((issue) => `host: ${issue.message}`) };
}

/** The site folders directly under the content folder (symlinks followed), sorted; an unreadable entry is an error. */
export function listSiteFolders(root: string, errors: ContentError[]): string[] {
  const names: string[] = [];
  for (const entry of readdirSync(root, { withFileTypes: true })) {
    if (entry.isDirectory()) names.push(entry.name);
    else if (entry.isSymbolicLink()) {
      try {
        if (statSync(path.join(root, entry.name)).isDirectory()) names.push(entry.name);
      } catch (error) {
        errors.push({ file: relativeFile(root, path.join(root, entry.name)), issues: [unreadable(error)] });
      }
    }
  }
  return names.sort();
}

/**
 * The JSON files under `dir`, following symlinks. An entry that cannot be read (a dangling symlink, a
 * symlink loop, a folder linking back above itself) goes to `skipped` and the rest are still listed.
 */
export function listJson(dir: string, skipped: ContentError[], root: string, ancestors: ReadonlySet<string> = new Set([realpathSync(dir)])): string[] {
  let entries: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const full = path.join(dir, name);
    try {
      const stats = statSync(full);
      if (stats.isDirectory()) {
        const real = realpathSync(full);
        if (ancestors.has(real)) skipped.push({ file: relativeFile(root, full), issues: ["(link): loops back to a folder above it; skipped"] });
        else entries = entries.concat(listJson(full, skipped, root, new Set([...ancestors, real])));
      } else if (name.endsWith(".json")) {
        if (stats.isFile()) entries.push(full);
        else skipped.push({ file: relativeFile(root, full), issues: ["(entry): not a regular file; skipped"] });
      }
    } catch (error) {
      skipped.push({ file: relativeFile(root, full), issues: [unreadable(error)] });
    }
  }
  return entries;
}

/** A file under pages/ as uid segments and language, or null when its name is not <slug>.<lang>.json. */
export function pageFileSegments(pagesDir: string, file: string): { segments: string[]; lang: string } | null {
  const relative = path.relative(pagesDir, file);
  const dirs = path.dirname(relative) === "." ? [] : path.dirname(relative).split(path.sep);
  const match = PAGE_FILE.exec(path.basename(file));
  if (!match) return null;
  const [, slug, lang] = match as unknown as [string, string, string];
  return { segments: [...dirs, ...(slug === "index" ? [] : [slug])], lang };
}

/** Where a page's document in one language may be, in the order they are tried (uid segments → path). */
export function pageFileCandidates(pagesDir: string, segments: readonly string[], lang: string): string[] {
  if (!segments.length) return [path.join(pagesDir, `index.${lang}.json`)];
  const last = segments[segments.length - 1]!;
  return [path.join(pagesDir, ...segments.slice(0, -1), `${last}.${lang}.json`), path.join(pagesDir, ...segments, `index.${lang}.json`)];
}

/** The folders and file-name prefixes a page's language versions are found with (see pageFileCandidates). */
export function pageFolders(pagesDir: string, segments: readonly string[]): Array<{ dir: string; slug: string }> {
  if (!segments.length) return [{ dir: pagesDir, slug: "index" }];
  return [
    { dir: path.join(pagesDir, ...segments.slice(0, -1)), slug: segments[segments.length - 1]! },
    { dir: path.join(pagesDir, ...segments), slug: "index" },
  ];
}
