import { ATTRIBUTION_COOKIE, attributionFromSearch, hasAttribution, parseAttribution } from "./attribution";
import { cookieValue } from "./cookie-value";
import { referrerPath, type PageViewPush } from "./page-view";

// The first document's page_viewed head script, as a typed function: compiled for the browser by
// scripts/head-scripts.ts and written inline in <head> by app/page/page-view-push.server.ts
// (docs/decisions/032-one-react-tree.md). It completes the server's entry with the app's own rules.

/**
 * Adds what is the visitor's own, as the client's page views do: page_path from the address (utm_* and
 * click ids are in no cached HTML); page_referrer from document.referrer (referrerPath()), placed before
 * `page` as the pipeline places it; and the attribution keys of the address, else those of the h-attr
 * cookie (attributionFromSearch(), cookieValue(), parseAttribution()). Then pushes it.
 */
export function pageViewHead(push: PageViewPush): void {
  const referrer = document.referrer && referrerPath(document.referrer);
  const entry: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(push)) {
    if (key === "page" && referrer) entry.page_referrer = referrer;
    entry[key] = value;
  }
  entry.page_path = (location.pathname + location.search).slice(0, 100);
  // h-attr is merged here, not left to later events: it is per visitor (never in the cached HTML), and the first page view is where attribution counts most.
  try {
    let attribution = attributionFromSearch(location.search);
    if (!hasAttribution(attribution)) attribution = parseAttribution(cookieValue(document.cookie, ATTRIBUTION_COOKIE));
    if (hasAttribution(attribution)) entry.attribution = attribution;
  } catch {
    // A browser without URLSearchParams: the page view goes without attribution.
  }
  (window.dataLayer = window.dataLayer || []).push(entry);
}
