import { ATTRIBUTION_COOKIE, ATTRIBUTION_COOKIE_MAX_BYTES, ATTRIBUTION_KEYS, ATTRIBUTION_VALUE_PATTERN } from "../../tracking/attribution";
import { MAX_COOKIE_HEADER } from "../../tracking/cookie-value";
import { dataLayerEntry } from "../../tracking/data-layer";
import type { PageContext } from "../../tracking/page-context";
import { PAGE_VIEW_EVENT, type PageViewPush } from "../../tracking/page-view";
import { TrackingViolationError, validateEvent } from "../../tracking/validate";
import { pagePath } from "./page-query";

// The first document's page_viewed is pushed by the server: an inline script in <head>, right after the
// Consent Mode defaults, so the page view is in window.dataLayer before the first paint and a visitor who
// leaves before the pipeline has loaded is still counted. The entry is built from what the cached HTML
// already depends on (the page context, the page's title, the URL's page parameters; page-query.ts) and
// validated with the catalogue's schema and the envelope's, as the pipeline validates every event; the
// script adds what differs per visitor (the full path, click ids, referrer), so cached HTML may serve any
// visitor (app/server/page-cache.server.ts, docs/cdn-contract.md).

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

/** JSON that cannot close the script element (`</script>`) or break an ES5 string (U+2028, U+2029). */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/**
 * The inline script, in ES5. At run time it adds what is the visitor's own, as the client's first page view
 * did: page_path from the address (utm_* and click ids are in no cached HTML); page_referrer from
 * document.referrer (tracking/page-view.ts's referrerPath() rule), placed before `page` as the pipeline
 * places it; and the attribution keys of the address, else those of the h-attr cookie (attributionFromSearch(),
 * cookieValue() and parseAttribution()'s rules).
 */
export function pageViewHeadScript(push: PageViewPush): string {
  return [
    `(function(){var e=${scriptJson(push)},o={},k,r=document.referrer,u,c,p=${JSON.stringify(ATTRIBUTION_KEYS)},i,j,v,q,t,a={},n=0;`,
    `function f(s){q=new URLSearchParams(s);for(i=0;i<p.length;i++){t=q.get(p[i]);t=t&&t.trim();if(t&&${ATTRIBUTION_VALUE_PATTERN.toString()}.test(t)){a[p[i]]=t;n++}}}`,
    `if(r){try{u=new URL(r);r=(u.origin+u.pathname).slice(0,100)}catch(x){r=""}}`,
    `for(k in e){if(k==="page"&&r)o.page_referrer=r;o[k]=e[k]}`,
    `o.page_path=(location.pathname+location.search).slice(0,100);`,
    // h-attr is merged here, not left to later events: it is per visitor (never in the cached HTML), and the first page view is where attribution counts most.
    `try{f(location.search);if(!n){c=document.cookie;if(c.length<=${MAX_COOKIE_HEADER}){c=c.split(";");`,
    `for(i=0;i<c.length;i++){j=c[i].indexOf("=");if(j>=0&&c[i].slice(0,j).trim()===${JSON.stringify(ATTRIBUTION_COOKIE)}){v=decodeURIComponent(c[i].slice(j+1).trim().replace(/^"(.*)"$/,"$1"));break}}}`,
    `if(v&&v.length<=${ATTRIBUTION_COOKIE_MAX_BYTES * 2})f(v)}}catch(x){}if(n)o.attribution=a;`,
    `(window.dataLayer=window.dataLayer||[]).push(o)})();`,
  ].join("");
}
