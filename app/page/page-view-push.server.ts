import { dataLayerEntry } from "../../tracking/data-layer";
import type { PageContext } from "../../tracking/page-context";
import { PAGE_VIEW_EVENT, type PageViewPush } from "../../tracking/page-view";
import type { pageViewHead } from "../../tracking/page-view-head";
import { TrackingViolationError, validateEvent } from "../../tracking/validate";
import { callScript } from "./head-script.server";
import { PAGE_VIEW_HEAD } from "./head-scripts.generated.server";
import { pagePath } from "./page-query";

// The first document's page_viewed is pushed by the server: an inline script in <head>, right after the
// Consent Mode defaults, so the page view is in window.dataLayer before the first paint and a visitor who
// leaves before the pipeline has loaded is still counted. The entry is built from what the cached HTML
// already depends on (the page context, the page's title, the URL's page parameters; page-query.ts) and
// validated with the catalogue's schema and the envelope's, as the pipeline validates every event; the
// script adds what differs per visitor (the full path, click ids, referrer), so cached HTML may serve any
// visitor (app/edge/cached-page.server.ts, docs/cdn-contract.md).

export interface PageViewPushInput {
  context: PageContext;
  /** The page's <title> as rendered (the meta title); the browser reads it back as document.title. */
  title: string;
  /** The request URL; only its path and page parameters reach the HTML (the script puts in the visitor's own). */
  url: URL;
}

/** document.title's rule: ASCII whitespace stripped at both ends and collapsed to one space (HTML spec). */
function asDocumentTitle(title: string): string {
  return title.replace(/[\t\n\f\r ]+/g, " ").trim();
}

/** The entry the pipeline would push, or null for a bot (spec: bots send nothing). Throws a TrackingViolationError naming the field when invalid. */
export function buildPageViewPush({ context, title, url }: PageViewPushInput): PageViewPush | null {
  if (context.isBot) return null;
  // The same truncation as useTracking()'s client-side page views.
  const properties = { page_title: asDocumentTitle(title).slice(0, 100), page_path: pagePath(url.pathname, url.search).slice(0, 100) };
  const envelope = { page: context };
  const result = validateEvent(PAGE_VIEW_EVENT, properties, envelope);
  if (!result.ok) throw new TrackingViolationError(PAGE_VIEW_EVENT, result.issues);
  return dataLayerEntry(PAGE_VIEW_EVENT, properties, envelope) as unknown as PageViewPush;
}

/**
 * The inline script: tracking/page-view-head.ts, compiled, called with the server's entry. At run time it
 * adds what is the visitor's own (the full path, the referrer, click ids), as the client's page views do.
 */
export function pageViewHeadScript(push: PageViewPush): string {
  return callScript<typeof pageViewHead>(PAGE_VIEW_HEAD, push);
}
