import { useLocation, useMatches } from "@remix-run/react";
import { useEffect, useLayoutEffect, useRef } from "react";
import {
  ATTRIBUTION_COOKIE,
  ATTRIBUTION_MAX_AGE_SECONDS,
  hasAttribution,
  nextAttribution,
  parseAttribution,
  serializeAttribution,
  type Attribution,
} from "../../../tracking/attribution";
import { consentDefaults, type ConsentState } from "../../../tracking/consent";
import { getConsent, setConsent } from "../../../tracking/consent-update";
import { recordLiveEvent } from "../../../tracking/live-log";
import type { PageContext } from "../../../tracking/page-context";
import { findPageViewPush, referrerPath } from "../../../tracking/page-view";
import { beginPageView, connectPipeline, setAttribution, setPageContext, track } from "../../../tracking/track";
import { cookieValue } from "../../../tracking/cookie-value";
import { nextTask } from "../../../tracking/task-scheduling";
import { startWebVitals } from "./web-vitals";

// The client side of tracking, mounted once in root.tsx. TrackingPageStart (before the page) gives the
// delivery queue the page context from the page route's loader data; TrackingBootstrap (after it) fires
// page_viewed per client-side navigation (the first
// document's is the server's, in <head>), keeps attribution (docs/requirements.md#9-constants), offers the consent API to a
// consent banner, and loads the pipeline (analytics, zod, the catalogue) once the app has hydrated,
// so none of that weighs on the first paint. Events fired before are queued.

declare global {
  interface Window {
    /** For a consent banner (ours or a third-party one): read and record the visitor's choice. */
    storefrontConsent?: { get: () => ConsentState | null; set: (state: ConsentState) => boolean };
  }
}

/** The page context from whichever route loaded a page; null on other routes (e.g. /tracking, a 404). */
function usePageContextFromMatches(): PageContext | null {
  for (const match of useMatches()) {
    const data = match.data as { kind?: string; context?: PageContext } | undefined;
    if (data?.kind === "page" && data.context) return data.context;
  }
  return null;
}

function readCookie(name: string): string | null {
  return cookieValue(document.cookie, name);
}

/**
 * The first document's page key while its page view is the server's, pushed in <head>
 * (app/page/page-view-push.server.ts): undefined before the first render; null when the server pushed
 * none (no page context, a bot, an invalid context: the client pushes it then, as before) and from the
 * first navigation on.
 */
let serverViewedKey: string | null | undefined;

function viewedByServer(pageKey: string): boolean {
  if (serverViewedKey === undefined) {
    const entry = findPageViewPush(window.dataLayer);
    serverViewedKey = entry ? pageKey : null;
    if (entry) {
      // The live panel on /tracking lists it too (validated on the server with the pipeline's schemas).
      const { event, page: _page, attribution: _attribution, ...properties } = entry;
      recordLiveEvent({ event: String(event), properties, valid: true, issues: [], outcome: "pushed by the server" });
    }
  } else if (serverViewedKey !== pageKey) {
    serverViewedKey = null;
  }
  return serverViewedKey !== null;
}

/** This document's attribution: without ad_storage consent it lives here only, never in a cookie. */
let documentAttribution: Attribution = {};

/** Last-touch attribution from this URL, else the h-attr cookie, else this document's; stored only with ad_storage consent. */
function captureAttribution(search: string, context: PageContext): void {
  const fromCookie = parseAttribution(readCookie(ATTRIBUTION_COOKIE));
  const { attribution, changed } = nextAttribution(search, hasAttribution(fromCookie) ? fromCookie : documentAttribution);
  documentAttribution = attribution;
  const consent = getConsent() ?? consentDefaults(context.countryCode);
  if (changed && consent.ad_storage === "granted") {
    const secure = location.protocol === "https:" ? "; Secure" : "";
    document.cookie = `${ATTRIBUTION_COOKIE}=${encodeURIComponent(serializeAttribution(attribution))}; Path=/; Max-Age=${ATTRIBUTION_MAX_AGE_SECONDS}; SameSite=Lax${secure}`;
  }
  setAttribution(attribution);
}

const useLayoutEffectInBrowser = typeof window === "undefined" ? useEffect : useLayoutEffect;

/**
 * Tells the delivery queue which page this is. Rendered in root.tsx before the page itself: siblings'
 * effects run in order, so this layout effect runs before any of the page's effects, and the page's
 * events carry its context and wait for its page_viewed.
 */
export function TrackingPageStart() {
  const context = usePageContextFromMatches();
  const location = useLocation();
  const pageKey = `${location.pathname}${location.search}`;
  useLayoutEffectInBrowser(() => {
    beginPageView(pageKey, { viewed: viewedByServer(pageKey) });
    setPageContext(context);
  }, [pageKey, context]);
  return null;
}

export function TrackingBootstrap({ containerId }: { containerId: string | null }) {
  const context = usePageContextFromMatches();
  const location = useLocation();
  const pageKey = `${location.pathname}${location.search}`;
  const previousUrl = useRef<string | null>(null);

  useEffect(() => {
    if (context?.isBot) return; // spec: bots send nothing, so nothing is loaded either
    window.storefrontConsent = { get: getConsent, set: setConsent };
    const nonce = document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce || undefined;
    let cancelled = false;
    // The pipeline starts loading as soon as the app has hydrated: the first page view is already in
    // the data layer (the server's), and the page's other events wait in order until it is here.
    // Loading, setting up analytics and delivering the waiting events are separate tasks, so none is long.
    void (async () => {
      // Evaluated in three tasks rather than one: the event envelope (with the parts of zod it
      // needs), then analytics, then the rest of the pipeline (later imports find the earlier
      // modules evaluated), so no evaluation is one long task (decision 008). Not import("zod"): a
      // namespace loaded dynamically cannot be tree-shaken.
      await import("../../../tracking/envelope");
      await nextTask();
      await import("analytics");
      await nextTask();
      const { createPipeline } = await import("../../../tracking/pipeline");
      await nextTask();
      if (cancelled) return;
      const pipeline = createPipeline({ containerId, nonce });
      await nextTask();
      if (!cancelled) connectPipeline(pipeline);
    })();
    return () => {
      cancelled = true;
    };
    // The pipeline is created once per document; the context only matters for the bot rule.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Field Web Vitals, once per document after hydration (decision 025); none for bots.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => startWebVitals(context), []);

  useEffect(() => {
    if (context && !context.isBot) captureAttribution(location.search, context);
    const referrer = previousUrl.current ?? (document.referrer || null);
    previousUrl.current = window.location.href;
    if (serverViewedKey === pageKey) return; // pushed in <head> already: never twice
    // Not a storefront page (/tracking, /machines, a 404): no page context, so no page view to count.
    if (!context) return;
    const referrerPart = referrer ? referrerPath(referrer) : undefined;
    track("page_viewed", {
      page_title: document.title.slice(0, 100),
      page_path: pageKey.slice(0, 100),
      ...(referrerPart ? { page_referrer: referrerPart } : {}),
    });
    // One page view per path and query, not per re-render or same-URL revalidation.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pageKey]);

  return null;
}
