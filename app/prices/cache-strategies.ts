// Caching policy as data (STYLE: "a few named strategies"). Each strategy says how long a cached
// upstream answer is fresh, how long after that it may be served while it is refreshed in the
// background (stale-while-revalidate), and how long it may stand in when the upstream fails
// (stale-if-error). The same names give the page's Cache-Control.

export interface CacheStrategy {
  /** Fresh for this long: served without asking upstream. */
  maxAgeMs: number;
  /** After that, served as is for this long while one background call refreshes it. */
  staleWhileRevalidateMs: number;
  /** After that, still served for this long if the refreshing call fails. */
  staleIfErrorMs: number;
}

export const CACHE_STRATEGIES = {
  /** Prices: change during the day, so fresh for a minute, quietly refreshed for ten. */
  short: { maxAgeMs: 60_000, staleWhileRevalidateMs: 10 * 60_000, staleIfErrorMs: 24 * 60 * 60_000 },
  /** Catalogue facts (names, ratings, images): fresh for an hour. */
  long: { maxAgeMs: 60 * 60_000, staleWhileRevalidateMs: 23 * 60 * 60_000, staleIfErrorMs: 7 * 24 * 60 * 60_000 },
  /** Never cached (in-flight merging still applies). */
  none: { maxAgeMs: 0, staleWhileRevalidateMs: 0, staleIfErrorMs: 0 },
} as const satisfies Record<string, CacheStrategy>;

export type CacheStrategyName = keyof typeof CACHE_STRATEGIES;

/** The page's own Cache-Control for CDNs: s-maxage and stale-while-revalidate in seconds. */
export const PAGE_CACHE = { sMaxAgeSeconds: 60, staleWhileRevalidateSeconds: 600, staleIfErrorSeconds: 86_400 } as const;
