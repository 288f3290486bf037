import { useLocation, useMatches } from "@remix-run/react";
import { useEffect, useLayoutEffect } from "react";
import { ATTRIBUTION_COOKIE, hasAttribution, nextAttribution, parseAttribution, type Attribution } from "../../../tracking/attribution";
import { cookieValue } from "../../../tracking/cookie-value";
import { recordLiveEvent } from "../../../tracking/live-log";
import type { PageContext } from "../../../tracking/page-context";
import { findPageViewPush, isPrerendering, referrerPath, type NavigationType } from "../../../tracking/page-view";
import { beginPageView, connectPipeline, setAttribution, setPageContext, track } from "../../../tracking/track";
import { nextTask } from "../../../tracking/task-scheduling";

// The client side of tracking, called once, by root.tsx's Layout: per page it gives the delivery queue
// the page context, starts the page view (the first document's is the server's, in <head>; each
// client-side navigation fires its own), and keeps attribution (docs/requirements.md#9-constants); once
// per document it offers the consent API to a consent banner, loads the pipeline (analytics, zod, the
// catalogue) and the field Web Vitals, so none of that weighs on the first paint. All of it is one
// layout effect: every layout effect of a commit runs before its passive effects, where components and
// machines fire their events, so those carry their page's context and follow its page_viewed whatever
// the order of the components (docs/decisions/034-one-event-vocabulary.md). Events fired earlier wait
// in the delivery queue, within the task.

/** The consent API and the h-attr cookie's consent check: a chunk fetched at low priority from the start, out of the initial JavaScript. */
const consentApi = () => import("../../../tracking/consent-api");

/** This document's tracking state, owned by this module: only startPage() and the steps it calls touch it. */
const thisDocument = {
  /** The consent API, the pipeline and the Web Vitals are started once per document. */
  started: false,
  /**
   * The first document's page key while its page view is the server's, pushed in <head>
   * (app/page/page-view-push.server.ts): undefined before the first page starts; null when the server
   * pushed none (no page context, a bot, an invalid context: the client pushes it then) and from the
   * first navigation on.
   */
  serverPage: undefined as string | null | undefined,
  /** The page (path and query) whose view was last counted: one page view per page, not per revalidation. */
  countedPage: null as string | null,
  /** The URL of the page shown before: the next client-side page view's referrer. */
  previousUrl: null as string | null,
  /** This document's attribution: without ad_storage consent it lives here only, never in a cookie. */
  attribution: {} as Attribution,
};

function viewedByServer(pageKey: string): boolean {
  if (thisDocument.serverPage === undefined) {
    const entry = findPageViewPush(window.dataLayer);
    thisDocument.serverPage = entry ? pageKey : null;
    if (entry) {
      // The live panel on /tracking lists it too (validated on the server with the pipeline's schemas).
      const { event, page: _page, attribution: _attribution, ...properties } = entry;
      recordLiveEvent({ event: String(event), properties, valid: true, issues: [], outcome: "pushed by the server" });
    }
  } else if (thisDocument.serverPage !== pageKey) {
    thisDocument.serverPage = null;
  }
  return thisDocument.serverPage !== null;
}

/** Last-touch attribution from this URL, else the h-attr cookie, else this document's; stored only with ad_storage consent. */
function captureAttribution(search: string, context: PageContext): void {
  const fromCookie = parseAttribution(cookieValue(document.cookie, ATTRIBUTION_COOKIE));
  const { attribution, changed } = nextAttribution(search, hasAttribution(fromCookie) ? fromCookie : thisDocument.attribution);
  thisDocument.attribution = attribution;
  // Events carry it at once; the cookie waits for the consent rules (a chunk that is usually here by now).
  setAttribution(attribution);
  if (changed) void consentApi().then((api) => api.storeAttribution(attribution, context.countryCode));
}

/** The pipeline arrives in short tasks after hydration; the page's events meanwhile are pushed and checked when it is here. */
async function loadPipeline(containerId: string | null): Promise<void> {
  // Evaluated in three tasks rather than one: the event envelope (with the parts of zod it needs), then
  // analytics, then the rest of the pipeline (later imports find the earlier modules evaluated), so no
  // evaluation is one long task (decision 008). Not import("zod"): a namespace loaded dynamically
  // cannot be tree-shaken.
  await import("../../../tracking/envelope");
  await nextTask();
  await import("analytics");
  await nextTask();
  const { createPipeline, warmValidation } = await import("../../../tracking/pipeline");
  await nextTask();
  const pipeline = createPipeline({ containerId });
  await nextTask();
  connectPipeline(pipeline);
  // Then, in idle moments, each event's schema made and run once: a kind's first event costs no more than its next.
  void warmValidation();
}

function startDocument(containerId: string | null, context: PageContext | null): void {
  thisDocument.started = true;
  // Bots send nothing, so nothing is loaded either; the first page's context decides, for the document.
  if (context?.isBot) return;
  // A page restored from the back/forward cache is a page view of its own (docs/decisions/045-client-navigation.md);
  // its open menus, modals and toasts close through their machines (usePageChanged()).
  addEventListener("pageshow", (event) => {
    if (event.persisted && thisDocument.countedPage) pushPageView(thisDocument.countedPage, undefined, "back_forward");
  });
  void consentApi().then((api) => api.offerConsentApi());
  void loadPipeline(containerId);
  // Field Web Vitals from a chunk of their own: the library reads the buffered performance entries, so
  // loading it late loses nothing a visit still has open (decision 025). None without a page context;
  // a chunk that fails to load (the visitor went offline) costs this page its vitals, nothing else.
  if (context)
    import("./web-vitals-report").then(
      ({ reportWebVitals }) => reportWebVitals(track),
      () => undefined,
    );
}

function startPage(pageKey: string, search: string, context: PageContext | null, containerId: string | null): void {
  const viewed = viewedByServer(pageKey);
  beginPageView(pageKey, { viewed });
  setPageContext(context);
  if (!thisDocument.started) startDocument(containerId, context);
  if (thisDocument.countedPage === pageKey) return; // the same page's loader data again: counted already
  thisDocument.countedPage = pageKey;
  if (context && !context.isBot) captureAttribution(search, context);
  const previousUrl = thisDocument.previousUrl;
  const referrer = previousUrl ?? (document.referrer || null);
  thisDocument.previousUrl = window.location.href;
  // Pushed in <head> already (never twice); or not a storefront page (/tracking, /machines, a 404): no page view to count.
  if (viewed || !context) return;
  // The first page's view is the server's (pushed in <head> with its document's navigation type) unless that one was
  // invalid, which this one then is too (and is reported as such).
  pushPageView(pageKey, referrer ? referrerPath(referrer) : undefined, previousUrl ? "client" : "navigate");
}

function pushPageView(pageKey: string, referrer: string | undefined, navigationType: NavigationType): void {
  track("page_viewed", {
    page_title: document.title.slice(0, 100),
    page_path: pageKey.slice(0, 100),
    ...(referrer ? { page_referrer: referrer } : {}),
    navigation_type: navigationType,
  });
}

/** The page context from whichever route loaded a page; null on other routes (e.g. /tracking, a 404). */
function usePageContextFromMatches(): PageContext | null {
  for (const match of useMatches()) {
    const data = match.data as { kind?: string; context?: PageContext } | undefined;
    if (data?.kind === "page" && data.context) return data.context;
  }
  return null;
}

const useLayoutEffectInBrowser = typeof window === "undefined" ? useEffect : useLayoutEffect;

/** Tracking for this document, given the root loader's public env; none without it (the root's error page). */
export function useTracking(env: { gtmContainerId: string | null } | undefined): void {
  const context = usePageContextFromMatches();
  const { pathname, search } = useLocation();
  const containerId = env && env.gtmContainerId;
  useLayoutEffectInBrowser(() => {
    if (containerId === undefined) return;
    const start = () => startPage(pathname + search, search, context, containerId);
    // A prerendered page is not seen yet: it starts (and its held events go) when it is shown (docs/decisions/045-client-navigation.md).
    if (isPrerendering()) document.addEventListener("prerenderingchange", start, { once: true });
    else start();
  }, [pathname, search, context, containerId]);
}
