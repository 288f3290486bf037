import { ATTRIBUTION_COOKIE, hasAttribution, landingAttribution } from "./attribution";
import { cookieValue } from "./cookie-value";
import { newEventId } from "./event-id";
import { documentNavigationType, isPrerendering, referrerPath, type NavigationType, type PageViewPush } from "./page-view";

// The first document's page_viewed head script, as a typed function: compiled for the browser by
// scripts/head-scripts.ts and written inline in <head> by app/page/page-view-push.server.ts
// (docs/decisions/032-one-react-tree.md). It completes the server's entry with the app's own rules.

/**
 * Adds what is the visitor's own, as the client's page views do: page_path from the address (utm_* and
 * click ids are in no cached HTML); page_referrer from document.referrer (referrerPath()) and navigation_type
 * from the navigation timing entry (documentNavigationType()), placed before `page` as the pipeline places
 * them; and the attribution keys of the address, else those of the h-attr cookie (landingAttribution(),
 * cookieValue()). Then pushes it. A page the browser prerenders is not seen yet: its page
 * view waits until it is shown (docs/decisions/045-client-navigation.md).
 */
export function pageViewHead(push: PageViewPush): void {
  if (isPrerendering()) {
    document.addEventListener("prerenderingchange", () => pushPageView(push, "prerender"), { once: true });
    return;
  }
  pushPageView(push, documentNavigationType());
}

function pushPageView(push: PageViewPush, navigationType: NavigationType): void {
  const referrer = document.referrer && referrerPath(document.referrer);
  const entry: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(push)) {
    if (key === "page") {
      if (referrer) entry.page_referrer = referrer;
      entry.navigation_type = navigationType;
    }
    entry[key] = value;
    if (key === "event") entry.event_id = newEventId(); // per visitor and per push: never in the cached HTML
  }
  entry.page_path = (location.pathname + location.search).slice(0, 100);
  // h-attr is merged here, not left to later events: it is per visitor (never in the cached HTML), and the first page view is where attribution counts most.
  try {
    const attribution = landingAttribution(location.search, cookieValue(document.cookie, ATTRIBUTION_COOKIE));
    if (hasAttribution(attribution)) entry.attribution = attribution;
  } catch {
    // A browser without URLSearchParams: the page view goes without attribution.
  }
  (window.dataLayer = window.dataLayer || []).push(entry);
}
