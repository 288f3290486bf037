import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { visualizer, type Metadata } from "esbuild-visualizer";
import { initialOutputs, type Metafile } from "~/server/lazy-preloads.server";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../setup/chromium";

// What a page's initial JavaScript holds, drawn as a treemap of its modules (bytes each module leaves in the
// minified output): the compiler's own record of the browser build (build/metafile.js.json, which `remix build`
// writes), narrowed to the output files every page loads up front (initialOutputs(), the same reading that decides
// the low-priority preloads), drawn by esbuild-visualizer and photographed by Debian's chromium. The gzip bytes the
// budget counts are measured on the served files (tests/e2e/bundle.spec.ts, `npm run bench`'s table).
// `npm run bench` draws it after its build; `npx tsx tests/bench/treemap.ts` draws it from the current build.

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const METAFILE = path.join(ROOT, "build/metafile.js.json");
const TREEMAP_IMAGE = path.join(ROOT, "docs/images/initial-js-treemap.png");

/** The metafile with only the initial outputs: the picture is of what the first load fetches, nothing lazy. */
function initialMetafile(meta: Metadata): { metafile: Metadata; files: number; bytes: number } {
  const initial = initialOutputs(meta as unknown as Metafile);
  const outputs = Object.fromEntries(Object.entries(meta.outputs).filter(([file]) => initial.has(file)));
  const bytes = Object.values(outputs).reduce((sum, output) => sum + output.bytes, 0);
  return { metafile: { ...meta, outputs }, files: Object.keys(outputs).length, bytes };
}

export async function drawInitialTreemap(image = TREEMAP_IMAGE): Promise<string> {
  const { metafile, files, bytes } = initialMetafile(JSON.parse(readFileSync(METAFILE, "utf8")) as Metadata);
  const title = `Initial JavaScript: ${files} files, ${(bytes / 1024).toFixed(1)} KB minified`;
  const html = await visualizer(metafile, { title, template: "treemap" });
  const dir = mkdtempSync(path.join(tmpdir(), "treemap-"));
  try {
    const page = path.join(dir, "treemap.html");
    writeFileSync(page, html);
    execFileSync(
      CHROMIUM_PATH,
      [
        ...CHROMIUM_ARGS,
        "--headless",
        "--hide-scrollbars",
        `--user-data-dir=${path.join(dir, "profile")}`,
        "--window-size=1600,1000",
        "--virtual-time-budget=5000",
        `--screenshot=${image}`,
        pathToFileURL(page).href,
      ],
      { stdio: "ignore", timeout: 60_000 },
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  console.log(`${title}: ${path.relative(ROOT, image)}`);
  return image;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await drawInitialTreemap();
