// The app's JavaScript is fetched only once the page's hero image is painted.
//
// Remix's <Scripts> asks for every module at once: modulepreload links for the 16 chunks (119 KB gzip)
// and a module script whose static imports load the route modules. On a phone on a slow link they
// then share the bandwidth with the hero image and the two fonts the first screen needs, and the
// hero, the page's largest paint, arrives later (`fetchpriority="low"` on the links did not stop
// Chromium from starting them). Here the links are parked (no rel, so nothing is fetched) and the
// module script's imports become dynamic ones, started by a small gate once every
// `fetchpriority="high"` image has loaded (or failed), been decoded and been on screen for two
// frames, or after GATE_CAP_MS whatever happens. The bytes are the same, so the app is ready only about one
// round trip later than before, and the hero gets the whole link first.
//
// Lighthouse shows it too: its Lantern model counts every script that finished loading before the
// largest paint into that paint, as if module scripts blocked rendering. On the city page the 72 KB
// React chunk then set the simulated LCP: 2.3-2.8 s in 5 of 6 runs, 1.8 s in the run where the
// hero happened to paint before the chunk arrived.
//
// The parked links keep their element and href, so React's hydration of <Scripts> (which renders
// them again on the client) still matches: React 18 does not compare attributes when it hydrates.

/** Start the app anyway after this long: a hero that never finishes must not leave the page inert. */
export const GATE_CAP_MS = 3000;

/** The attribute that marks a parked modulepreload link. */
export const PARKED_PRELOAD_ATTRIBUTE = "data-app-preload";

const PRELOAD_LINK = /<link rel="modulepreload" href="([^"]+)"/g;
const MODULE_SCRIPT = /(<script[^>]* type="module" async="">)([\s\S]*?)(<\/script>)/g;
const NAMESPACE_IMPORT = /^import \* as (route\d+) from ("[^"\\]+");$/gm;
const SIDE_EFFECT_IMPORT = /^import ("[^"\\]+");$/gm;

// Runs in the browser as written (inline, under the page's CSP nonce), so plain ES2017 and small.
// `modules` are the parked links' scripts except the entry, in the document's order (each chunk before
// the route modules that import it). Once open, the gate works in short tasks, so no one task holds a
// phone's main thread for long:
// - starting a module request costs the main thread about a millisecond with a debugger attached, the
//   first one more (all 16 at once were one 6-21 ms task in Lighthouse's traces, four at once 10-19 ms),
//   so the links are restored one per task;
// - the modules are evaluated one per task (evaluating all at once, as static imports do, was one task
//   of React DOM, Stitches' styled() calls and the design tokens together).
// `start` then runs Remix's own script, whose imports are by then all evaluated. Hidden pages
// (background tabs, prerendering) paint nothing, so they start at once.
const gate = (modules: readonly string[]) => `(start) => {
  const links = Array.from(document.querySelectorAll("link[${PARKED_PRELOAD_ATTRIBUTE}]"));
  const channel = new MessageChannel();
  const nextTask = () => (window.scheduler && scheduler.yield ? scheduler.yield() : new Promise((resolve) => {
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  }));
  let started = false;
  const go = async () => {
    if (started) return;
    started = true;
    for (const link of links) {
      link.rel = "modulepreload";
      await nextTask();
    }
    for (const module of ${JSON.stringify(modules).replace(/</g, "\\u003c")}) {
      await import(module).catch(() => undefined);
      await nextTask();
    }
    start();
  };
  if (document.visibilityState === "hidden") return go();
  setTimeout(go, ${GATE_CAP_MS});
  const settled = (img) => (img.complete ? Promise.resolve() : new Promise((done) => {
    img.addEventListener("load", done, { once: true });
    img.addEventListener("error", done, { once: true });
  })).then(() => img.decode()).catch(() => undefined);
  const heroes = Array.from(document.querySelectorAll('img[fetchpriority="high"]'));
  Promise.all(heroes.map(settled)).then(() => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(go, 0))));
}`;

const ENTRY_IMPORT = /^import\(("[^"\\]+")\);$/m;

/**
 * Rewrites Remix's module script so its imports wait for the gate; `preloads` are the parked links'
 * scripts, in the document's order. Returns null when the script does not have the shape Remix 2 gives
 * it (then the page keeps Remix's own loading).
 */
export function gatedModuleScript(body: string, preloads: readonly string[]): string | null {
  if (!body.includes("window.__remixRouteModules")) return null;
  const entry = ENTRY_IMPORT.exec(body)?.[1];
  if (!entry) return null;
  const names: string[] = [];
  const specifiers: string[] = [];
  let rest = body.replace(NAMESPACE_IMPORT, (_line, name: string, specifier: string) => {
    names.push(name);
    specifiers.push(specifier);
    return "";
  });
  rest = rest.replace(SIDE_EFFECT_IMPORT, (_line, specifier: string) => {
    names.push("");
    specifiers.push(specifier);
    return "";
  });
  // Any other static import would still load at once and break the function the rest moves into.
  if (names.length === 0 || /^\s*import[\s*{"']/m.test(rest)) return null;
  const imports = specifiers.map((specifier) => `import(${specifier})`).join(", ");
  // The entry module hydrates the page, so it runs last, from Remix's own script.
  const entryHref = JSON.parse(entry) as string;
  const modules = preloads.filter((href) => href !== entryHref);
  return `(${gate(modules)})(() => Promise.all([${imports}]).then(([${names.join(", ")}]) => {${rest}}));`;
}

/** The document with the app's script loading parked behind the gate (see the top of this file). */
export function deferAppStart(html: string): string {
  const preloads: string[] = [];
  const parked = html.replace(PRELOAD_LINK, (_link, href: string) => {
    preloads.push(href);
    return `<link ${PARKED_PRELOAD_ATTRIBUTE}="" href="${href}"`;
  });
  let gated = false;
  const out = parked.replace(MODULE_SCRIPT, (whole, open: string, body: string, close: string) => {
    const script = gatedModuleScript(body, preloads);
    if (script === null) return whole;
    gated = true;
    return `${open}${script}${close}`;
  });
  // Parking the links without gating the script would leave them unfetched for nothing.
  return gated ? out : html;
}
