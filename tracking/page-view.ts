import type { Attribution } from "./attribution";
import type { PageContext } from "./page-context";

// page_viewed's rules shared by the server's first page view (app/page/page-view-push.server.ts, an inline script
// in <head>) and useTracking()'s page views on client-side navigations. In the main bundle: no zod.

export const PAGE_VIEW_EVENT = "page_viewed";

/** What the pipeline pushes for page_viewed, before the visitor's own parts (page_referrer, h-attr). */
export interface PageViewPush {
  event: typeof PAGE_VIEW_EVENT;
  page_title: string;
  page_path: string;
  page: PageContext;
  attribution?: Attribution;
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
