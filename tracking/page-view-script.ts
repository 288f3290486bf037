import { ATTRIBUTION_COOKIE, ATTRIBUTION_COOKIE_MAX_BYTES, ATTRIBUTION_KEYS, ATTRIBUTION_VALUE_PATTERN, type Attribution } from "./attribution";
import { MAX_COOKIE_HEADER } from "./cookie-value";
import type { PageContext } from "./page-context";

// The first document's page_viewed is pushed by the server: an inline script in <head>, right after the
// Consent Mode defaults, so the page view is in window.dataLayer before the first paint and a visitor who
// leaves before the pipeline has loaded is still counted. The server builds and validates the entry
// (page-view-push.server.ts); this script adds only what differs per visitor, so cached HTML may serve
// any visitor (app/server/page-cache.server.ts). No zod here: root.tsx renders it in the browser too.

export const PAGE_VIEW_EVENT = "page_viewed";

/** What the pipeline pushes for page_viewed, before the visitor's own parts (page_referrer, h-attr). */
export interface PageViewPush {
  event: typeof PAGE_VIEW_EVENT;
  page_title: string;
  page_path: string;
  page: PageContext;
  attribution?: Attribution;
}

/** JSON that cannot close the script element (`</script>`) or break an ES5 string (U+2028, U+2029). */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c").replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");
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

/**
 * The inline script. At run time it adds page_referrer from document.referrer (referrerPath()'s rule, in
 * ES5), placed before `page` as the pipeline places it; and, when the URL had no attribution keys, those of the h-attr cookie (cookieValue() and
 * parseAttribution()'s rules), as the client's first page view did.
 */
export function pageViewHeadScript(push: PageViewPush): string {
  return [
    `(function(){var e=${scriptJson(push)},o={},k,r=document.referrer,u,c,p,i,j,v,q,t,a={},n=0;`,
    `if(r){try{u=new URL(r);r=(u.origin+u.pathname).slice(0,100)}catch(x){r=""}}`,
    `for(k in e){if(k==="page"&&r)o.page_referrer=r;o[k]=e[k]}`,
    // h-attr is merged here, not left to later events: it is per visitor (never in the cached HTML), and the first page view is where attribution counts most.
    `if(!o.attribution)try{c=document.cookie;if(c.length<=${MAX_COOKIE_HEADER}){p=c.split(";");`,
    `for(i=0;i<p.length;i++){j=p[i].indexOf("=");if(j>=0&&p[i].slice(0,j).trim()===${JSON.stringify(ATTRIBUTION_COOKIE)}){v=decodeURIComponent(p[i].slice(j+1).trim().replace(/^"(.*)"$/,"$1"));break}}}`,
    `if(v&&v.length<=${ATTRIBUTION_COOKIE_MAX_BYTES * 2}){q=new URLSearchParams(v);p=${JSON.stringify(ATTRIBUTION_KEYS)};`,
    `for(i=0;i<p.length;i++){t=q.get(p[i]);t=t&&t.trim();if(t&&${ATTRIBUTION_VALUE_PATTERN.toString()}.test(t)){a[p[i]]=t;n++}}if(n)o.attribution=a}}catch(x){}`,
    `(window.dataLayer=window.dataLayer||[]).push(o)})();`,
  ].join("");
}

/** The server's page_viewed in the data layer, if the head script ran: the first document's page view. */
export function findPageViewPush(dataLayer: readonly unknown[] | undefined): Record<string, unknown> | undefined {
  return dataLayer?.find(
    (entry): entry is Record<string, unknown> => typeof entry === "object" && entry !== null && (entry as { event?: unknown }).event === PAGE_VIEW_EVENT,
  );
}
