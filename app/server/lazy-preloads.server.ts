import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

// Chunks loaded after hydration, but fetched from the start, in parallel and at low priority, by
// <link rel="modulepreload"> in the document: the tracking pipeline's (zod, the catalogue, analytics,
// web-vitals, the consent API), never as a chain of imports, each found only when the one before has arrived
// (docs/tracking.md, "Delivery guarantee"); the modal dialog's (decision 045), so a tap on Call us soon after
// hydration does not wait for it on a slow network (the idle callback that imports it may come late on a
// busy phone); the lazy islands' (app/components/islands.ts: what neither the first paint nor the first tap needs of
// the app's code, so the page is ready soon after hydration; docs/decisions/052-first-load-holds-what-first-paint-and-tap-need.md);
// and the consent banner's, so it hydrates right after the page: until it has, any
// update that reaches its Suspense boundary outside a transition (Remix's RemixBrowser sets the location when a
// navigation inside the app ends) makes React give up its server HTML (error 421) and draw it again once the
// chunk is here, and a tap on a link soon after hydration made the bar vanish and come back; and both page routes'
// modules, so a navigation inside the app to a page of the other route does not wait for its module. Which files
// those are comes from the compiler's own record of the browser build (build/metafile.js.json, beside the server
// build), read once per process.

export interface Metafile {
  outputs: Record<string, { entryPoint?: string; inputs: Record<string, unknown>; imports: Array<{ path: string; kind: string }> }>;
}

/** Lazily imported modules fetched ahead: their chunks, and what those import, are preloaded. */
const PRELOADED_ENTRY =
  /^(tracking\/|node_modules\/(analytics|web-vitals)\/|app\/components\/overlays\/ModalDialog\.tsx$|app\/components\/behaviour\/ConsentBanner\.tsx$|app\/components\/islands\.ts$)/;
const ASSETS_DIR = "public/build/";
/** The page routes ($ and _index), as the metafile names their entry ("browser-route-module:routes/$.tsx?browser"). */
const PAGE_ROUTE_ENTRY = /(^|[/:])routes\/(\$|_index)\.tsx(\?browser)?$/;
/** The client entry and the root route: with the page routes, loaded on every page. */
const SHELL_ENTRY = /(^|[/:])(entry\.client|root)\.tsx(\?browser)?$/;

/** The output files `roots` load up front: themselves and what they import statically, transitively. */
function reachable(outputs: Metafile["outputs"], roots: string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length > 0) {
    const file = stack.pop()!;
    if (seen.has(file) || !outputs[file]) continue;
    seen.add(file);
    for (const imported of outputs[file].imports) if (imported.kind === "import-statement") stack.push(imported.path);
  }
  return seen;
}

const entryOf = (outputs: Metafile["outputs"], file: string) => outputs[file]!.entryPoint ?? "";
const pageRouteOutputs = (outputs: Metafile["outputs"]) => Object.keys(outputs).filter((file) => PAGE_ROUTE_ENTRY.test(entryOf(outputs, file)));

/**
 * The initial JavaScript of a page, as output files of the browser build: the client entry, the root route
 * ("browser-route-module:root.tsx?browser") and the page routes ($ and _index, where the shell and its modal host
 * live), with everything they import statically. tests/bench/treemap.ts draws it.
 */
export function initialOutputs(meta: Metafile): Set<string> {
  const outputs = meta.outputs;
  const entries = [...pageRouteOutputs(outputs), ...Object.keys(outputs).filter((file) => SHELL_ENTRY.test(entryOf(outputs, file)))];
  return reachable(outputs, entries);
}

/** The URLs to module-preload, given the browser build's metafile and its public path. */
export function lazyPreloadUrls(meta: Metafile, publicPath: string): string[] {
  const outputs = meta.outputs;
  const pageRoutes = pageRouteOutputs(outputs);
  const initial = initialOutputs(meta);
  const lazy = new Set<string>();
  for (const file of initial) {
    for (const imported of outputs[file]!.imports) {
      if (imported.kind === "dynamic-import" && PRELOADED_ENTRY.test(outputs[imported.path]?.entryPoint ?? "")) lazy.add(imported.path);
    }
  }
  // Both page routes' own modules (small: what they import is initial): a page of one route links to
  // pages of the other (every header's logo to the site's root), and Remix runs a route's clientLoader, which hands
  // it the data fetched ahead, only once its module is here (docs/decisions/049-next-page-data-in-memory.md).
  return [...pageRoutes, ...[...reachable(outputs, [...lazy])].filter((file) => !initial.has(file))]
    .filter((file) => file.startsWith(ASSETS_DIR))
    .sort()
    .map((file) => `${publicPath}${file.slice(ASSETS_DIR.length)}`);
}

let cached: string[] | undefined;

/** The preloads of this process's build; none when the metafile is missing (a safe default: the chunks still load). */
export function lazyPreloads(publicPath: string): string[] {
  if (cached) return cached;
  try {
    const metafile = path.join(path.dirname(fileURLToPath(import.meta.url)), "metafile.js.json");
    cached = lazyPreloadUrls(JSON.parse(readFileSync(metafile, "utf8")) as Metafile, publicPath);
  } catch {
    cached = [];
  }
  return cached;
}
