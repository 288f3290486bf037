import { useEffect } from "react";
import { DESCRIBED_CLICK_ATTRIBUTE, DESCRIBED_VIEW_ATTRIBUTE } from "../../tracking/described-events";
import { PAGE_VIEW_EVENT } from "../../tracking/page-view";
import { useNonce } from "./nonce";

// No tap is lost while the app's JavaScript is on its way (docs/decisions/001-answer-from-first-paint.md).
// Until the app has hydrated, a few bytes of inline script own the page's input: a click on a control
// marked `data-replay` is recorded; `data-replay="native"` keeps the platform's own answer (a popover
// button, a jump link), any other is held back and marked `data-pending` and `aria-busy` (a visible and
// announced "working on it"; a control may show its own busy look for it, as the video facade does).
// Clicks elsewhere keep their platform behaviour (links, forms, <details>); a control the server described
// (`data-track`: a booking link, a quick link, a language or currency choice, the badge, a download, an
// outbound link) has its events pushed here, in the click's task, before the browser leaves
// (tracking/described-events.ts). A list described for its first sight (`data-track-view`) is watched
// from the end of the body (EarlyImpressionsScript) and counted when half of it is seen. Input never reaches React
// before it has hydrated, because React would then hydrate the whole page synchronously before
// answering: one long task, during which nothing on the page answers. Once the app has hydrated, each
// recorded click is replayed on the same element, in order, so it reaches its machine and emits its
// catalogue event as if it had happened then.

/** The attribute that asks for replay; the value "native" keeps the platform's answer. */
const REPLAY_ATTRIBUTE = "data-replay";
/** Set on a held-back control until its click is replayed. */
const PENDING_ATTRIBUTE = "data-pending";

interface EarlyInput {
  /** False once the app has hydrated: from then on React answers. */
  open: boolean;
  clicks: Element[];
  /** Pushes a description's items with the page view's page context and attribution. */
  push: (description: string | null) => void;
  /** The list descriptions whose impression is counted, by whichever side counted it first. */
  seen: Record<string, 1>;
}

declare global {
  interface Window {
    __earlyInput?: EarlyInput;
  }
}

/** The events React 18 would answer by hydrating at once (its discrete events), clicks aside. */
const HELD_FROM_REACT = [
  "pointerdown",
  "pointerup",
  "mousedown",
  "mouseup",
  "touchstart",
  "touchend",
  "keydown",
  "keyup",
  "keypress",
  "submit",
  "dblclick",
  "auxclick",
  "contextmenu",
];

/**
 * ES5, because it runs before any module: the capture listeners, the queue, and the push of described
 * events (page and attribution copied from the server's page_viewed entry, as the app's delivery adds
 * them: tracking/data-layer.ts dataLayerEntry()). No page view (a bot): nothing is pushed.
 */
const EARLY_INPUT_SCRIPT = [
  "(function(){var d=document,w=window,s=w.__earlyInput={open:true,clicks:[],seen:{},push:push};",
  "function copy(x){var o={},k;for(k in x)o[k]=x[k];return o}",
  "function push(t){var l=w.dataLayer||[],v,a,i,o;",
  `for(i=0;i<l.length;i++)if(l[i]&&l[i].event===${JSON.stringify(PAGE_VIEW_EVENT)}){v=l[i];break}`,
  "if(!v||!t)return;try{a=JSON.parse(t)}catch(x){return}",
  "for(i=0;i<a.length;i++){o=copy(a[i]);if(o.event){o.page=copy(v.page);if(v.attribution)o.attribution=copy(v.attribution)}l.push(o)}}",
  "function hold(e){if(s.open)e.stopImmediatePropagation()}",
  `${JSON.stringify(HELD_FROM_REACT)}.forEach(function(t){d.addEventListener(t,hold,{capture:true,passive:true})});`,
  "d.addEventListener('click',function(e){",
  `if(!s.open)return;e.stopImmediatePropagation();var t=e.target,c=t&&t.closest&&t.closest('[${REPLAY_ATTRIBUTE}]');`,
  `if(!c){c=t&&t.closest&&t.closest('[${DESCRIBED_CLICK_ATTRIBUTE}]');if(c)push(c.getAttribute('${DESCRIBED_CLICK_ATTRIBUTE}'));return}`,
  "s.clicks.push(c);",
  `if(c.getAttribute('${REPLAY_ATTRIBUTE}')!=='native'){e.preventDefault();c.setAttribute('${PENDING_ATTRIBUTE}','');c.setAttribute('aria-busy','true')}`,
  "},true)})();",
].join("");

/**
 * ES5, at the end of <body>, when every list is parsed: a list described for its impression is counted
 * the first time half of it (or half the screen) shows it, until the app takes over (ExperienceList,
 * through claimImpression()). The same rule as the app's.
 */
const EARLY_IMPRESSIONS_SCRIPT = [
  "(function(){var s=window.__earlyInput;if(!s||!s.open||!window.IntersectionObserver)return;",
  "var o=new IntersectionObserver(function(es){if(!s.open){o.disconnect();return}",
  "for(var i=0;i<es.length;i++){var e=es[i],h=e.rootBounds?e.rootBounds.height:innerHeight,t;",
  "if(!e.isIntersecting||(e.intersectionRatio<0.5&&e.intersectionRect.height<h*0.5))continue;",
  `o.unobserve(e.target);t=e.target.getAttribute('${DESCRIBED_VIEW_ATTRIBUTE}');if(t&&!s.seen[t]){s.seen[t]=1;s.push(t)}}`,
  "},{threshold:[0,0.25,0.5,0.75,1]});",
  `document.querySelectorAll('[${DESCRIBED_VIEW_ATTRIBUTE}]').forEach(function(l){o.observe(l)})})();`,
].join("");

/** In <head>, before the body can be tapped. */
export function EarlyInputScript() {
  const nonce = useNonce();
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: EARLY_INPUT_SCRIPT }} />;
}

/** At the end of <body>, after every list a page can describe. */
export function EarlyImpressionsScript() {
  const nonce = useNonce();
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: EARLY_IMPRESSIONS_SCRIPT }} />;
}

/**
 * The app's side of an impression: true when this list's impression is still to count (and it is now
 * counted), false when the head script counted it before the app ran.
 */
export function claimImpression(description: string): boolean {
  const seen = typeof window === "undefined" ? undefined : window.__earlyInput?.seen;
  if (!seen) return true;
  if (seen[description]) return false;
  seen[description] = 1;
  return true;
}

/**
 * Hands input to React and replays the caught clicks once the page has hydrated (a root effect runs
 * after every child's, so each machine is already started). `click()` runs React's handler, which
 * decides as usual.
 */
export function useReplayEarlyInput(): void {
  useEffect(() => {
    const early = window.__earlyInput;
    if (!early) return;
    early.open = false;
    const clicks = early.clicks.splice(0);
    for (const element of clicks) {
      if (element.hasAttribute(PENDING_ATTRIBUTE)) element.removeAttribute("aria-busy");
      element.removeAttribute(PENDING_ATTRIBUTE);
      if (element.isConnected && element instanceof HTMLElement) element.click();
    }
  }, []);
}
