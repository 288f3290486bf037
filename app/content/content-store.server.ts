import { readdirSync, readFileSync, realpathSync, statSync } from "node:fs";
import path from "node:path";
import { DEFAULT_LANGUAGE, isSupportedLanguage, type SupportedLanguageCode } from "~/i18n/languages";
import { joinUid, splitUid } from "./page-url";
import { formatIssues, PAGE_LIMITS, PageDocumentSchema, SiteSchema, type ContentError, type PageDocument, type Site } from "./page-document";

// Reads content/ once: one folder per site, `site.json` plus `pages/**/<slug>.<lang>.json`.
//   content/london-theatre-tickets/pages/index.en.json                → uid www.london-theatre-tickets.example
//   content/london-theatre-tickets/pages/shows/les-miserables.fr.json → uid ….example.shows.les-miserables
// A bad document or folder entry is reported with its file and field and left out; every other page
// keeps working.

export interface LoadedPage {
  uid: string;
  lang: SupportedLanguageCode;
  file: string;
  doc: PageDocument;
}

export interface ContentStore {
  sites: Site[];
  errors: ContentError[];
  siteByHost(host: string): Site | undefined;
  siteForUid(uid: string): Site | undefined;
  /** Languages a page exists in, English first. */
  languagesOf(uid: string): SupportedLanguageCode[];
  getPage(uid: string, lang: SupportedLanguageCode): LoadedPage | undefined;
  allPages(): LoadedPage[];
  errorsFor(uid: string): ContentError[];
}

const PAGE_FILE = /^([a-z0-9-]+)\.([a-z]{2})\.json$/;

/** Why an entry could not be read, in words an editor can act on. */
function unreadable(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === "ENOENT") return "(link): its target is missing; skipped";
  if (code === "ELOOP") return "(link): a symlink loop; skipped";
  return `(entry): cannot be read (${code ?? (error as Error).message}); skipped`;
}

/**
 * The JSON files under `dir`, following symlinks. An entry that cannot be read (a dangling symlink, a
 * symlink loop, a folder linking back above itself) goes to `skipped` and the rest are still listed.
 */
function listJson(
  dir: string,
  skipped: ContentError[],
  rel: (file: string) => string,
  ancestors: ReadonlySet<string> = new Set([realpathSync(dir)]),
): string[] {
  let entries: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const full = path.join(dir, name);
    try {
      const stats = statSync(full);
      if (stats.isDirectory()) {
        const real = realpathSync(full);
        if (ancestors.has(real)) skipped.push({ file: rel(full), issues: ["(link): loops back to a folder above it; skipped"] });
        else entries = entries.concat(listJson(full, skipped, rel, new Set([...ancestors, real])));
      } else if (name.endsWith(".json")) {
        // A pipe or device named *.json would block the read forever.
        if (stats.isFile()) entries.push(full);
        else skipped.push({ file: rel(full), issues: ["(entry): not a regular file; skipped"] });
      }
    } catch (error) {
      skipped.push({ file: rel(full), issues: [unreadable(error)] });
    }
  }
  return entries;
}

function readJson(file: string): { ok: true; value: unknown } | { ok: false; message: string } {
  try {
    // Measured before reading: parsing is where an oversized document would cost the most.
    const size = statSync(file).size;
    if (size > PAGE_LIMITS.fileBytes) return { ok: false, message: `(file size): ${Math.ceil(size / 1024)} KB; at most ${PAGE_LIMITS.fileBytes / 1024} KB` };
    return { ok: true, value: JSON.parse(readFileSync(file, "utf8")) };
  } catch (error) {
    return { ok: false, message: `(document): not valid JSON: ${(error as Error).message}` };
  }
}

export function loadContent(contentDir: string): ContentStore {
  const root = path.resolve(contentDir);
  const rel = (file: string) => path.relative(process.cwd(), file) || file;
  const sites: Site[] = [];
  const errors: ContentError[] = [];
  const pages = new Map<string, Map<SupportedLanguageCode, LoadedPage>>();

  const siteDirs = readdirSync(root)
    .filter((name) => {
      try {
        return statSync(path.join(root, name)).isDirectory();
      } catch (error) {
        errors.push({ file: rel(path.join(root, name)), issues: [unreadable(error)] });
        return false;
      }
    })
    .sort();

  for (const dirName of siteDirs) {
    const siteFile = path.join(root, dirName, "site.json");
    const raw = readJson(siteFile);
    if (!raw.ok) {
      errors.push({ file: rel(siteFile), issues: [raw.message] });
      continue;
    }
    const parsed = SiteSchema.safeParse(raw.value);
    if (!parsed.success) {
      errors.push({ file: rel(siteFile), issues: formatIssues(parsed.error) });
      continue;
    }
    const site = parsed.data;
    if (sites.some((s) => s.host === site.host)) {
      errors.push({ file: rel(siteFile), issues: [`host: ${site.host} is already used by another site`] });
      continue;
    }
    sites.push(site);

    const pagesDir = path.join(root, dirName, "pages");
    let files: string[] = [];
    const skipped: ContentError[] = [];
    try {
      files = listJson(pagesDir, skipped, rel);
    } catch {
      errors.push({ file: rel(pagesDir), issues: ["(folder): a site needs a pages/ folder"] });
    }
    errors.push(...skipped);
    for (const file of files) {
      const relative = path.relative(pagesDir, file);
      const dirs = path.dirname(relative) === "." ? [] : path.dirname(relative).split(path.sep);
      const match = PAGE_FILE.exec(path.basename(file));
      if (!match) {
        errors.push({ file: rel(file), issues: ["(file name): must be <slug>.<lang>.json, e.g. index.en.json or les-miserables.fr.json"] });
        continue;
      }
      const [, slug, lang] = match as unknown as [string, string, string];
      const segments = [...dirs, ...(slug === "index" ? [] : [slug])];
      const pageUid = joinUid(site.host, segments);
      if (!isSupportedLanguage(lang)) {
        errors.push({ file: rel(file), uid: pageUid, issues: [`(file name): "${lang}" is not a supported language`] });
        continue;
      }
      const raw = readJson(file);
      if (!raw.ok) {
        errors.push({ file: rel(file), uid: pageUid, issues: [raw.message] });
        continue;
      }
      const parsedPage = PageDocumentSchema.safeParse(raw.value);
      if (!parsedPage.success) {
        errors.push({ file: rel(file), uid: pageUid, issues: formatIssues(parsedPage.error) });
        continue;
      }
      const byLang = pages.get(pageUid) ?? new Map<SupportedLanguageCode, LoadedPage>();
      byLang.set(lang, { uid: pageUid, lang, file: rel(file), doc: parsedPage.data });
      pages.set(pageUid, byLang);
    }
  }

  // English is every page's fallback language (spec §5), so a page must exist in English.
  for (const [pageUid, byLang] of pages) {
    if (!byLang.has(DEFAULT_LANGUAGE)) {
      const files = [...byLang.values()].map((p) => p.file);
      errors.push({
        file: files[0] ?? pageUid,
        uid: pageUid,
        issues: [`(page): ${pageUid} has no English document (${DEFAULT_LANGUAGE}), which every page needs as its fallback`],
      });
      pages.delete(pageUid);
    }
  }

  const hosts = sites.map((s) => s.host);
  const siteByHost = new Map(sites.map((s) => [s.host, s]));

  return {
    sites,
    errors,
    siteByHost: (host) => siteByHost.get(host.toLowerCase().replace(/:\d+$/, "")),
    siteForUid: (pageUid) => siteByHost.get(splitUid(pageUid, hosts).host),
    languagesOf: (pageUid) => {
      const langs = [...(pages.get(pageUid)?.keys() ?? [])];
      return langs.sort((a, b) => (a === DEFAULT_LANGUAGE ? -1 : b === DEFAULT_LANGUAGE ? 1 : a.localeCompare(b)));
    },
    getPage: (pageUid, lang) => pages.get(pageUid)?.get(lang),
    allPages: () => [...pages.values()].flatMap((byLang) => [...byLang.values()]),
    errorsFor: (pageUid) => errors.filter((e) => e.uid === pageUid),
  };
}

let cached: { dir: string; store: ContentStore } | undefined;

/** The process-wide store for the configured content folder, loaded on first use. */
export function getContentStore(contentDir: string): ContentStore {
  if (!cached || cached.dir !== contentDir) {
    const store = loadContent(contentDir);
    for (const error of store.errors) {
      console.error(`[content] ${error.file}\n  ${error.issues.join("\n  ")}`);
    }
    cached = { dir: contentDir, store };
  }
  return cached.store;
}
