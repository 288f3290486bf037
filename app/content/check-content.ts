import path from "node:path";
import { DEFAULT_LANGUAGE, isSupportedLanguage } from "~/i18n/languages";
import { listJson, listSiteFolders, pageFileSegments, readPageDocument, readSiteFile, relativeFile, siteRoots } from "./content-files.server";
import type { LoadedPage } from "./content-store.server";
import type { ContentError } from "./page-document";
import { joinUid } from "./page-url";

// `npm run content:check [folder]`: validates every document of every site in a content folder
// (CONTENT_DIR, else content/) with the messages the server logs, naming file and field, and exits 1
// on any error: what a content repository runs in its CI. tests/unit (vitest, in `npm test`) runs the
// same check on the embedded content/. The server reads documents on demand (content-store.server.ts);
// this is the one place that reads them all, one at a time, keeping none.

export interface ContentScan {
  sites: number;
  documents: number;
  errors: ContentError[];
}

/** Reads and validates every site and document; `onPage` sees each valid document (nothing is kept). */
export function scanContent(contentDir: string, onPage?: (page: LoadedPage) => void): ContentScan {
  const root = path.resolve(contentDir);
  const errors: ContentError[] = [];
  const hosts = new Set<string>();
  let documents = 0;
  for (const dirName of listSiteFolders(root, errors)) {
    const siteFile = path.join(root, dirName, "site.json");
    const roots = siteRoots(root, path.join(root, dirName));
    const site = readSiteFile(siteFile, roots);
    if (!site.ok) {
      errors.push({ file: relativeFile(root, siteFile), issues: site.issues });
      continue;
    }
    const host = site.value.host;
    if (hosts.has(host)) {
      errors.push({ file: relativeFile(root, siteFile), issues: [`host: ${host} is already used by another site`] });
      continue;
    }
    hosts.add(host);

    const pagesDir = path.join(root, dirName, "pages");
    let files: string[] = [];
    const skipped: ContentError[] = [];
    try {
      files = listJson(pagesDir, skipped, root);
    } catch {
      errors.push({ file: relativeFile(root, pagesDir), issues: ["(folder): a site needs a pages/ folder"] });
    }
    errors.push(...skipped);
    // Per uid: its valid languages and its first file, for the English rule below.
    const pages = new Map<string, { langs: Set<string>; file: string }>();
    for (const file of files) {
      const parts = pageFileSegments(pagesDir, file);
      if (!parts) {
        errors.push({ file: relativeFile(root, file), issues: ["(file name): must be <slug>.<lang>.json, e.g. index.en.json or les-miserables.fr.json"] });
        continue;
      }
      const uid = joinUid(host, parts.segments);
      if (!isSupportedLanguage(parts.lang)) {
        errors.push({ file: relativeFile(root, file), uid, issues: [`(file name): "${parts.lang}" is not a supported language`] });
        continue;
      }
      const read = readPageDocument(file, roots);
      if (!read.ok) {
        errors.push({ file: relativeFile(root, file), uid, issues: read.issues });
        continue;
      }
      const entry = pages.get(uid) ?? { langs: new Set<string>(), file: relativeFile(root, file) };
      entry.langs.add(parts.lang);
      pages.set(uid, entry);
      documents++;
      onPage?.({ uid, lang: parts.lang, file: relativeFile(root, file), doc: read.value });
    }
    // English is every page's fallback language (docs/requirements.md#5-rules), so a page must exist in English.
    for (const [uid, entry] of pages) {
      if (entry.langs.has(DEFAULT_LANGUAGE)) continue;
      documents -= entry.langs.size;
      errors.push({ file: entry.file, uid, issues: [`(page): ${uid} has no English document (${DEFAULT_LANGUAGE}), which every page needs as its fallback`] });
    }
  }
  return { sites: hosts.size, documents, errors };
}

/** The report's lines and whether the folder is clean. */
export function contentReport(scan: ContentScan, folder: string): { ok: boolean; lines: string[] } {
  const lines = scan.errors.map((error) => `${error.file}\n  ${error.issues.join("\n  ")}`);
  lines.push(`${folder}: ${scan.sites} site(s), ${scan.documents} valid document(s), ${scan.errors.length} error(s)`);
  return { ok: scan.errors.length === 0 && scan.sites > 0, lines };
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  const folder = process.argv[2] ?? process.env.CONTENT_DIR ?? "content";
  let report: { ok: boolean; lines: string[] };
  try {
    report = contentReport(scanContent(folder), folder);
  } catch (error) {
    report = { ok: false, lines: [`${folder}: ${(error as Error).message}`] };
  }
  for (const line of report.lines) (report.ok ? console.log : console.error)(line);
  process.exit(report.ok ? 0 : 1);
}
