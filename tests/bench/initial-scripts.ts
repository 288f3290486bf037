/**
 * The scripts a page's HTML names to load at start, for the app to run: module preloads, script sources and
 * module imports, static or dynamic. Low-priority module preloads are left out: they name code evaluated only
 * after hydration (the tracking pipeline: app/server/lazy-preloads.server.ts), fetched early so it never
 * arrives as a chain of imports; lazyScriptUrls() names those, and bundle.spec bounds them on their own.
 */
export function initialScriptUrls(html: string): string[] {
  const urls = new Set<string>();
  for (const match of html.matchAll(/<link([^>]+)>/g)) {
    const attributes = match[1]!;
    const href = /\bhref="([^"]+)"/.exec(attributes)?.[1];
    if (href && /\brel="modulepreload"/.test(attributes) && !/\bfetchpriority="low"/.test(attributes)) urls.add(href);
  }
  for (const match of html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)) urls.add(match[1]!);
  for (const match of html.matchAll(/import\s*\(?\s*(?:[^"'()]*from\s*)?["'](\/build\/[^"']+\.js)["']/g)) urls.add(match[1]!);
  return [...urls];
}

/** Low-priority module preloads: code the page evaluates after hydration, fetched from the start in parallel. */
export function lazyScriptUrls(html: string): string[] {
  const urls: string[] = [];
  for (const match of html.matchAll(/<link([^>]+)>/g)) {
    const attributes = match[1]!;
    const href = /\bhref="([^"]+)"/.exec(attributes)?.[1];
    if (href && /\brel="modulepreload"/.test(attributes) && /\bfetchpriority="low"/.test(attributes)) urls.push(href);
  }
  return urls;
}
