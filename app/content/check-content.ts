import path from "node:path";
import { loadContent, type ContentStore } from "./content-store.server";

// `npm run content:check [folder]`: validates every document of every site in a content folder
// (CONTENT_DIR, else content/) with the messages the server logs, naming file and field, and exits 1
// on any error: what a content repository runs in its CI. tests/unit (vitest, in `npm test`) runs the
// same check on the embedded content/.

/** The report's lines and whether the folder is clean. */
export function contentReport(store: ContentStore, folder: string): { ok: boolean; lines: string[] } {
  const lines = store.errors.map((error) => `${error.file}\n  ${error.issues.join("\n  ")}`);
  const documents = store.allPages().length;
  lines.push(`${folder}: ${store.sites.length} site(s), ${documents} valid document(s), ${store.errors.length} error(s)`);
  return { ok: store.errors.length === 0 && store.sites.length > 0, lines };
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  const folder = process.argv[2] ?? process.env.CONTENT_DIR ?? "content";
  let report: { ok: boolean; lines: string[] };
  try {
    report = contentReport(loadContent(path.resolve(folder)), folder);
  } catch (error) {
    report = { ok: false, lines: [`${folder}: ${(error as Error).message}`] };
  }
  for (const line of report.lines) (report.ok ? console.log : console.error)(line);
  process.exit(report.ok ? 0 : 1);
}
