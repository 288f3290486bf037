import { attributionFromSearch, hasAttribution } from "./attribution";
import { dataLayerEntry } from "./data-layer-plugin";
import type { PageContext } from "./page-context";
import { PAGE_VIEW_EVENT, type PageViewPush } from "./page-view-script";
import { TrackingViolationError, validateEvent } from "./validate";

// The first document's page_viewed, built on the server from what the cached HTML already depends on
// (the page context, the page's title, the request URL) and validated with the catalogue's schema and
// the envelope's, as the pipeline validates every event. Written into <head> by page-view-script.ts.

export interface PageViewPushInput {
  context: PageContext;
  /** The page's <title> as rendered (the meta title); the browser reads it back as document.title. */
  title: string;
  /** The request URL: page_path and the attribution keys of its query, as the client read them on a first page. */
  url: URL;
}

/** document.title's rule: ASCII whitespace stripped at both ends and collapsed to one space (HTML spec). */
function asDocumentTitle(title: string): string {
  return title.replace(/[\t\n\f\r ]+/g, " ").trim();
}

/** The entry the pipeline would push, or null for a bot (spec: bots send nothing). Throws a TrackingViolationError naming the field when invalid. */
export function buildPageViewPush({ context, title, url }: PageViewPushInput): PageViewPush | null {
  if (context.isBot) return null;
  // The same truncation as TrackingBootstrap's client-side page views.
  const properties = { page_title: asDocumentTitle(title).slice(0, 100), page_path: `${url.pathname}${url.search}`.slice(0, 100) };
  const fromUrl = attributionFromSearch(url.search);
  const envelope = { page: context, ...(hasAttribution(fromUrl) ? { attribution: fromUrl } : {}) };
  const result = validateEvent(PAGE_VIEW_EVENT, properties, envelope);
  if (!result.ok) throw new TrackingViolationError(PAGE_VIEW_EVENT, result.issues);
  return dataLayerEntry(PAGE_VIEW_EVENT, properties, envelope) as unknown as PageViewPush;
}
