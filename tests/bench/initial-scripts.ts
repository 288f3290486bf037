/** The scripts a page's HTML names to load at start: module preloads, script sources and module imports, static or dynamic. */
export function initialScriptUrls(html: string): string[] {
  const urls = new Set<string>();
  for (const match of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)) urls.add(match[1]!);
  for (const match of html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)) urls.add(match[1]!);
  for (const match of html.matchAll(/import\s*\(?\s*(?:[^"'()]*from\s*)?["'](\/build\/[^"']+\.js)["']/g)) urls.add(match[1]!);
  return [...urls];
}
