// The query parameters a page's HTML depends on: which page (uid), its language and
// the booking date; and the development site directory's host search, site and page number (q, site,
// page). Everything else (utm_*, the attribution keys, inspect=…) is read in the browser only, so the
// page caches, in process and on the CDN, key on these and nothing else.
export const PAGE_QUERY_PARAMS = ["uid", "lang", "date", "q", "site", "page"] as const;

/** The page's own parameters from a query, every occurrence in order, the rest dropped. */
export function pageQuery(search: string | URLSearchParams): URLSearchParams {
  const all = typeof search === "string" ? new URLSearchParams(search) : search;
  const kept = new URLSearchParams();
  for (const [name, value] of all) if ((PAGE_QUERY_PARAMS as readonly string[]).includes(name)) kept.append(name, value);
  return kept;
}

/** A path with the page's own parameters only: what the server may write into cached HTML. */
export function pagePath(pathname: string, search: string): string {
  const query = pageQuery(search).toString();
  return query ? `${pathname}?${query}` : pathname;
}
