import path from "node:path";
import { DEFAULT_LANGUAGE, isSupportedLanguage } from "~/i18n/languages";
import { validateEvent } from "../../tracking/validate";
import type { LinkContext, LinkHref } from "./action-link";
import { listJson, listSiteFolders, pageFileSegments, readPageDocument, readSiteFile, relativeFile, siteRoots } from "./content-files.server";
import type { LoadedPage } from "./content-store.server";
import { outboundLinkCall } from "./outbound-link";
import type { ContentError, PageDocument } from "./page-document";
import { toViewBlock } from "./page-view.server";
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
      const links = uncountableLinks(read.value, host);
      if (links.length > 0) errors.push({ file: relativeFile(root, file), uid, issues: links });
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

/** Every link a body block's view renders: an inline link, cta or a in rich text, or a video off the embed allow-list. */
function linksIn(value: unknown, found: LinkHref[]): void {
  if (Array.isArray(value)) for (const item of value) linksIn(item, found);
  else if (value && typeof value === "object") {
    const node = value as { name?: unknown; kind?: unknown; link?: LinkHref };
    if ((node.name === "link" || node.name === "cta" || node.name === "a" || node.kind === "blocked") && node.link) found.push(node.link);
    else for (const child of Object.values(value)) linksIn(child, found);
  }
}

/**
 * Links to another site whose click the catalogue would refuse to count (a host with "_", an IPv6
 * literal…): the server renders them without their description and warns on every page that shows one
 * (server/description-violations.server.ts), so they are reported here, before they are published. The
 * links are resolved as on the site's own host in production.
 */
function uncountableLinks(doc: PageDocument, host: string): string[] {
  const issues: string[] = [];
  const ctx: LinkContext = { mode: "production", host, lang: DEFAULT_LANGUAGE, knownHosts: new Set([host]) };
  doc.body.forEach((block, i) => {
    const links: LinkHref[] = [];
    linksIn(toViewBlock(block, ctx), links);
    const field = `body[${i}].${block.type === "video" ? "url" : "text"}`;
    for (const link of links) {
      const call = link.external && link.href ? outboundLinkCall(link.href, link.newTab) : null;
      const verdict = call ? validateEvent(call.name, call.properties) : null;
      if (verdict && !verdict.ok)
        issues.push(
          `${field}: the link to ${link.href.slice(0, 120)} cannot be counted: the catalogue refuses its ${call!.name} (${verdict.issues.map((issue) => `${issue.path}: ${issue.message}`).join("; ")})`,
        );
    }
  });
  return issues;
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
