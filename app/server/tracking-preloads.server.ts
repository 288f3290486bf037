import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

// The tracking pipeline's chunks (zod, the catalogue, analytics, web-vitals) are loaded after hydration,
// but fetched from the start, in parallel and at low priority, by <link rel="modulepreload"> in the
// document: never as a chain of imports, each found only when the one before has arrived
// (docs/tracking.md, "Delivery guarantee"). Which files those are comes from the compiler's own record of
// the browser build (build/metafile.js.json, beside the server build), read once per process.

interface Metafile {
  outputs: Record<string, { entryPoint?: string; inputs: Record<string, unknown>; imports: Array<{ path: string; kind: string }> }>;
}

/** Lazily imported modules that belong to tracking: their chunks, and what those import, are preloaded. */
const TRACKING_ENTRY = /^(tracking\/|node_modules\/(analytics|web-vitals)\/)/;
const ASSETS_DIR = "public/build/";

/** The URLs to module-preload for tracking, given the browser build's metafile and its public path. */
export function trackingPreloadUrls(meta: Metafile, publicPath: string): string[] {
  const outputs = meta.outputs;
  const reachable = (roots: string[]): Set<string> => {
    const seen = new Set<string>();
    const stack = [...roots];
    while (stack.length > 0) {
      const file = stack.pop()!;
      if (seen.has(file) || !outputs[file]) continue;
      seen.add(file);
      for (const imported of outputs[file].imports) if (imported.kind === "import-statement") stack.push(imported.path);
    }
    return seen;
  };
  // The client entry and the root route ("browser-route-module:root.tsx?browser"): loaded on every page.
  const entries = Object.keys(outputs).filter((file) => /(^|[/:])(entry\.client|root)\.tsx(\?browser)?$/.test(outputs[file]!.entryPoint ?? ""));
  const initial = reachable(entries);
  const lazy = new Set<string>();
  for (const file of initial) {
    for (const imported of outputs[file]!.imports) {
      if (imported.kind === "dynamic-import" && TRACKING_ENTRY.test(outputs[imported.path]?.entryPoint ?? "")) lazy.add(imported.path);
    }
  }
  return [...reachable([...lazy])]
    .filter((file) => !initial.has(file) && file.startsWith(ASSETS_DIR))
    .sort()
    .map((file) => `${publicPath}${file.slice(ASSETS_DIR.length)}`);
}

let cached: string[] | undefined;

/** The preloads of this process's build; none when the metafile is missing (a safe default: tracking still loads). */
export function trackingPreloads(publicPath: string): string[] {
  if (cached) return cached;
  try {
    const metafile = path.join(path.dirname(fileURLToPath(import.meta.url)), "metafile.js.json");
    cached = trackingPreloadUrls(JSON.parse(readFileSync(metafile, "utf8")) as Metafile, publicPath);
  } catch {
    cached = [];
  }
  return cached;
}
