// The app's JavaScript is fetched only once the page's hero image is painted.
//
// Remix's <Scripts> asks for every module at once: modulepreload links for the 16 chunks (119 KB gzip)
// and a module script whose static imports load the route modules. On a phone on a slow link they
// then share the bandwidth with the hero image and the two fonts the first screen needs, and the
// hero, the page's largest paint, arrives later (`fetchpriority="low"` on the links did not stop
// Chromium from starting them). Here the links are parked (no rel, so nothing is fetched) and the
// module script's imports become dynamic ones, started by a small gate once every
// `fetchpriority="high"` image has loaded (or failed), been decoded and been on screen for a frame,
// or after GATE_CAP_MS whatever happens. The bytes are the same, so the app is ready only about one
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

const PRELOAD_LINK = /<link rel="modulepreload" href=/g;
const MODULE_SCRIPT = /(<script[^>]* type="module" async="">)([\s\S]*?)(<\/script>)/g;
const NAMESPACE_IMPORT = /^import \* as (route\d+) from ("[^"\\]+");$/gm;
const SIDE_EFFECT_IMPORT = /^import ("[^"\\]+");$/gm;

// Runs in the browser as written (inline, under the page's CSP nonce), so plain ES2017 and small.
// `start` loads the app; it runs once. Hidden pages (background tabs, prerendering) paint nothing, so
// they start at once.
const GATE = `(start) => {
  let started = false;
  const go = () => {
    if (started) return;
    started = true;
    for (const link of document.querySelectorAll("link[${PARKED_PRELOAD_ATTRIBUTE}]")) link.rel = "modulepreload";
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

/**
 * Rewrites Remix's module script so its imports wait for the gate. Returns null when the script does
 * not have the shape Remix 2 gives it (then the page keeps Remix's own loading).
 */
export function gatedModuleScript(body: string): string | null {
  if (!body.includes("window.__remixRouteModules")) return null;
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
  return `(${GATE})(() => Promise.all([${imports}]).then(([${names.join(", ")}]) => {${rest}}));`;
}

/** The document with the app's script loading parked behind the gate (see the top of this file). */
export function deferAppStart(html: string): string {
  let gated = false;
  const out = html.replace(MODULE_SCRIPT, (whole, open: string, body: string, close: string) => {
    const script = gatedModuleScript(body);
    if (script === null) return whole;
    gated = true;
    return `${open}${script}${close}`;
  });
  // Parking the links without gating the script would leave them unfetched for nothing.
  return gated ? out.replace(PRELOAD_LINK, `<link ${PARKED_PRELOAD_ATTRIBUTE}="" href=`) : html;
}
