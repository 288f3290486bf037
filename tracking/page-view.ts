import type { Attribution } from "./attribution";
import type { PageContext } from "./page-context";

// page_viewed's rules shared by the server's first page view (app/page/page-view-push.server.ts, an inline script
// in <head>) and useTracking()'s page views on client-side navigations. In the main bundle: no zod.

export const PAGE_VIEW_EVENT = "page_viewed";

/**
 * page_viewed's navigation_type (docs/requirements.md#11-moving-between-pages): the document's own for the first
 * page view (its navigation timing entry; "prerender" when it was prerendered and then shown), "client" for a
 * navigation inside the app, "back_forward" as well for a page restored from the back/forward cache.
 */
export const NAVIGATION_TYPES = ["navigate", "reload", "back_forward", "prerender", "client"] as const;
export type NavigationType = (typeof NAVIGATION_TYPES)[number];

/** What the pipeline pushes for page_viewed, before the visitor's own parts (page_referrer, h-attr). */
export interface PageViewPush {
  event: typeof PAGE_VIEW_EVENT;
  page_title: string;
  page_path: string;
  navigation_type?: NavigationType;
  page: PageContext;
  attribution?: Attribution;
}

/** In a browser prerendering the page in a hidden tab (the Speculation Rules API, or its own address-bar guess). */
export function isPrerendering(): boolean {
  return (document as { prerendering?: boolean }).prerendering === true;
}

/**
 * The document's navigation_type, from its navigation timing entry: "prerender" when it was prerendered and
 * shown later (activationStart > 0), else its type ("navigate" when the browser gives none it knows).
 */
export function documentNavigationType(): NavigationType {
  const entry = performance.getEntriesByType?.("navigation")[0] as (PerformanceNavigationTiming & { activationStart?: number }) | undefined;
  if (!entry) return "navigate";
  if (entry.activationStart! > 0) return "prerender";
  const type = entry.type as string;
  return type === "reload" || type === "back_forward" || type === "prerender" ? type : "navigate";
}

/** page_referrer's rule (no query, which may carry personal data): origin and path, at most 100 characters. */
export function referrerPath(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}`.slice(0, 100);
  } catch {
    return undefined;
  }
}

/** The server's page_viewed in the data layer, if the head script ran: the first document's page view. */
export function findPageViewPush(dataLayer: readonly unknown[] | undefined): Record<string, unknown> | undefined {
  return dataLayer?.find((entry) => (entry as { event?: unknown } | null)?.event === PAGE_VIEW_EVENT) as Record<string, unknown> | undefined;
}
