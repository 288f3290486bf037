import { PAGE_CACHE } from "~/prices/cache-strategies";
import { CURRENCY_KEY_HEADER, type CurrencySource } from "~/prices/page-currency.server";
import type { UpstreamTiming } from "~/prices/price-loaders.server";
import { OPERATOR_CACHE_CONTROL } from "~/server/server-timing.server";

// The page's HTTP caching and timing headers.
//  - Cache-Control: shared caches may keep a page for s-maxage and serve it stale while they refresh.
//    A page rendered with missing prices is kept only briefly, so a hiccup upstream is not cached for long.
//  - Vary: X-Currency. The language is in the URL already; the currency is the one input outside it.
//    `Vary: Cookie` would give every visitor their own cache entry, so the CDN is expected to copy the
//    `currency` cookie, normalised, into X-Currency and key on it (see page-currency.server.ts).
//    A currency read from the cookie without that header means no such CDN is in front: the page is
//    then private, so no shared cache can hand one visitor's currency to another.
//    The CDN country header is varied on too: the consent defaults in <head> depend on it. So is the
//    device (X-Device from the CDN, else the User-Agent and client hints it was read from; device.server.ts).
//  - Server-Timing, for an operator's request only (server-timing.server.ts): one entry per upstream
//    call plus the total time spent waiting for prices. That response is private, no-store.

export interface PageHeadersInput {
  currencySource: CurrencySource;
  degraded: boolean;
  timings: readonly UpstreamTiming[];
  pricesMs: number;
  /** The request carried the Server-Timing key: upstream detail, and no shared cache may keep it. */
  operator?: boolean;
  /** Other request headers the HTML depends on: the CDN country header (consent defaults), the device's. */
  varyOn?: readonly string[];
}

const DEGRADED = { sMaxAgeSeconds: 5, staleWhileRevalidateSeconds: 30 } as const;

export function pageCacheControl(currencySource: CurrencySource, degraded: boolean): string {
  if (currencySource === "cookie") return "private, max-age=0, must-revalidate";
  const policy = degraded ? DEGRADED : PAGE_CACHE;
  const staleIfError = degraded ? "" : `, stale-if-error=${PAGE_CACHE.staleIfErrorSeconds}`;
  return `public, max-age=0, s-maxage=${policy.sMaxAgeSeconds}, stale-while-revalidate=${policy.staleWhileRevalidateSeconds}${staleIfError}`;
}

/**
 * A missing page is kept 5 seconds by a shared cache (it absorbs a flood of requests for one bad URL) and
 * not at all by the browser, so a page added to the content is seen within 5 seconds (decision 014).
 * Like a page, it is private when its currency came from the cookie alone.
 */
export function notFoundCacheControl(currencySource: CurrencySource | null): string {
  return currencySource === "cookie" ? "private, max-age=0, must-revalidate" : `public, max-age=0, s-maxage=${NOT_FOUND_SHARED_SECONDS}`;
}

const NOT_FOUND_SHARED_SECONDS = 5;

const headerCase = (name: string) => name.toLowerCase().replace(/(^|-)([a-z])/g, (_, dash: string, c: string) => `${dash}${c.toUpperCase()}`);

/** A Vary value naming each header once, in the order given. */
export function varyHeader(names: readonly string[]): string {
  return [...new Set(names.map(headerCase))].join(", ");
}

const quote = (text: string) => `"${text.replace(/["\\]/g, "")}"`;

export function serverTiming(timings: readonly UpstreamTiming[], pricesMs: number): string {
  const entries = timings.map((t, i) => `api-${i};desc=${quote(`${t.label} ${t.status}`)};dur=${t.durationMs.toFixed(1)}`);
  entries.push(`prices;desc="prices (parallel, time-boxed)";dur=${pricesMs.toFixed(1)}`);
  return entries.join(", ");
}

export function pageHeaders(input: PageHeadersInput): Record<string, string> {
  const vary = varyHeader([CURRENCY_KEY_HEADER, ...(input.varyOn ?? [])]);
  if (!input.operator) return { "Cache-Control": pageCacheControl(input.currencySource, input.degraded), Vary: vary };
  return { "Cache-Control": OPERATOR_CACHE_CONTROL, Vary: vary, "Server-Timing": serverTiming(input.timings, input.pricesMs) };
}
