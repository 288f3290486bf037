import type { UrlMode } from "./page-url";

// robots.txt (docs/search.md). In production URL mode crawlers may read every page and are kept from what is not
// one: a route's data (`?_data=`, the JSON of a navigation inside the app), the form posts, the operator's and the
// developer's pages, the probes; the host's sitemap index is named with its absolute https URL. In development and
// test URL modes nothing may be crawled (and every answer says `X-Robots-Tag: noindex`, security-headers.server.ts).

/**
 * What is not a page, as robots.txt rules (`$` ends a path, `*` is any run of characters, as Google and
 * robots-parser read them). A route that is not a page belongs here; robots-txt.test.ts checks every route file.
 */
const NOT_PAGES = [
  "/*?_data=",
  "/*&_data=",
  "/_directory",
  "/machines$",
  "/machines/",
  "/tracking$",
  "/tracking/",
  "/consent$",
  "/preferences/",
  "/bench/",
  "/healthz$",
  "/readyz$",
] as const;

export interface RobotsInput {
  mode: UrlMode;
  /** The site's host when the request came to one (production), else null: no sitemap is named. */
  siteHost: string | null;
}

export function robotsTxt({ mode, siteHost }: RobotsInput): string {
  if (mode !== "production") return `# ${mode} URL mode: nothing here is for search engines.\nUser-agent: *\nDisallow: /\n`;
  const lines = ["User-agent: *", ...NOT_PAGES.map((path) => `Disallow: ${path}`), "Allow: /", ""];
  if (siteHost) lines.push(`Sitemap: https://${siteHost}/sitemap.xml`, "");
  return lines.join("\n");
}
