// docs/requirements.md#11-moving-between-pages: a page's data fetched while the visitor reads, kept in memory until a
// tap on its link uses it. The page route's clientLoader takes it; without it (not fetched, failed, too old) the
// route asks Remix's server loader as before. Why in memory, and the loan it takes (Remix 2's `?_data=` URL):
// docs/decisions/049-next-page-data-in-memory.md.

/** How long a page's data may wait for its tap: a browser's prefetch rule (used once within 5 minutes). */
const KEPT_MS = 5 * 60_000;
/** At most this many pages' data, the oldest going first (what one weighs: docs/decisions/049-next-page-data-in-memory.md). */
const MAX_PAGES = 24;

const kept = new Map<string, { at: number; data: Promise<unknown> }>();

/** A page's path and query (a URL's or the address shown): what its data is kept under. */
export const pageOf = ({ pathname, search }: Pick<URL, "pathname" | "search">) => `${pathname}${search}`;

/** The kept entry of a page, unless it is too old. */
const fresh = (page: string) => {
  const entry = kept.get(page);
  return entry && performance.now() - entry.at < KEPT_MS ? entry : undefined;
};

/**
 * Fetches the data of the page at `href` (a page path of this site) unless it is the page shown or already kept.
 * Only a plain answer is kept, the loader's JSON: a redirect (204), a 404 or an error is left to the navigation.
 */
export function fetchPageData(href: string): void {
  const url = new URL(href, location.href);
  const page = pageOf(url);
  if (fresh(page) || page === pageOf(location)) return;
  // The data request Remix's client makes for a page route (the routes are ours: "/" is the index route).
  url.searchParams.set("_data", url.pathname === "/" ? "routes/_index" : "routes/$");
  kept.set(page, {
    at: performance.now(),
    data: fetch(url, { priority: "low", cache: "no-store" })
      .then((answer) => (answer.ok ? answer.json() : undefined))
      .catch(() => undefined),
  });
  if (kept.size > MAX_PAGES) kept.delete(kept.keys().next().value!);
}

/** The data kept for the page at `url`, used once: `undefined` when there is none, or it is too old or failed. */
export function takePageData(url: string): Promise<unknown> | undefined {
  const page = pageOf(new URL(url));
  const entry = fresh(page);
  // The page shown loaded again with nothing kept for it (Remix's reload after a form's action, such as another
  // currency): what was kept may be outdated. Going back or forward, the address has changed too, but the page left
  // was kept (its links fetched it once the next page showed): that is used.
  if (!kept.delete(page) && page === pageOf(location)) kept.clear();
  return entry?.data;
}
