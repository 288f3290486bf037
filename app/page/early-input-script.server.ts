import { DESCRIBED_CLICK_ATTRIBUTE, DESCRIBED_VIEW_ATTRIBUTE } from "../../tracking/described-events";
import { COUNTED_IMPRESSIONS } from "../../tracking/impressions";
import { PAGE_VIEW_EVENT } from "../../tracking/page-view";
import { PENDING_ATTRIBUTE, REPLAY_ATTRIBUTE } from "./early-input";

// The inline scripts of the early-input catcher (app/components/early-input.tsx says what they do),
// built on the server only: the browser runs them from the HTML, so the app's bundle carries none of
// their text.

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
 * them: tracking/data-layer.ts dataLayerEntry()); without a page view in the data layer nothing is pushed.
 */
const PUSH_DESCRIBED = [
  "function copy(x){var o={},k;for(k in x)o[k]=x[k];return o}",
  "function push(t){var l=w.dataLayer||[],v,a,i,o;",
  `for(i=0;i<l.length;i++)if(l[i]&&l[i].event===${JSON.stringify(PAGE_VIEW_EVENT)}){v=l[i];break}`,
  "if(!v||!t)return;try{a=JSON.parse(t)}catch(x){return}",
  "for(i=0;i<a.length;i++){o=copy(a[i]);if(o.event){o.page=copy(v.page);if(v.attribution)o.attribution=copy(v.attribution)}l.push(o)}}",
].join("");

/** The catcher, and for a visitor (not a bot: bots get no tracking code) the push of described events. */
export function earlyInputScript({ track }: { track: boolean }): string {
  return [
    `(function(){var d=document,w=window,s=w.__earlyInput={open:true,clicks:[]${track ? ",push:push" : ""}};`,
    track ? PUSH_DESCRIBED : "",
    "function hold(e){if(s.open)e.stopImmediatePropagation()}",
    `${JSON.stringify(HELD_FROM_REACT)}.forEach(function(t){d.addEventListener(t,hold,{capture:true,passive:true})});`,
    "d.addEventListener('click',function(e){",
    `if(!s.open)return;e.stopImmediatePropagation();var t=e.target,c=t&&t.closest&&t.closest('[${REPLAY_ATTRIBUTE}]');`,
    track
      ? `if(!c){c=t&&t.closest&&t.closest('[${DESCRIBED_CLICK_ATTRIBUTE}]');if(c)push(c.getAttribute('${DESCRIBED_CLICK_ATTRIBUTE}'));return}`
      : "if(!c)return;",
    "s.clicks.push(c);",
    `if(c.getAttribute('${REPLAY_ATTRIBUTE}')!=='native'){e.preventDefault();c.setAttribute('${PENDING_ATTRIBUTE}','');c.setAttribute('aria-busy','true')}`,
    "},true)})();",
  ].join("");
}

/**
 * ES5, at the end of <body>, when every list is parsed: a list described for its impression is counted
 * the first time half of it (or half the screen) shows it, until the app takes over (ExperienceList,
 * through claimImpression() in tracking/impressions.ts). The same rule as the app's.
 */
export const EARLY_IMPRESSIONS_SCRIPT = [
  `(function(){var w=window,s=w.__earlyInput,c;if(!s||!s.open||!s.push||!w.IntersectionObserver)return;c=w.${COUNTED_IMPRESSIONS}=w.${COUNTED_IMPRESSIONS}||{};`,
  "var o=new IntersectionObserver(function(es){if(!s.open){o.disconnect();return}",
  "for(var i=0;i<es.length;i++){var e=es[i],h=e.rootBounds?e.rootBounds.height:innerHeight,t;",
  "if(!e.isIntersecting||(e.intersectionRatio<0.5&&e.intersectionRect.height<h*0.5))continue;",
  `o.unobserve(e.target);t=e.target.getAttribute('${DESCRIBED_VIEW_ATTRIBUTE}');if(t&&!c[t]){c[t]=1;s.push(t)}}`,
  "},{threshold:[0,0.25,0.5,0.75,1]});",
  `document.querySelectorAll('[${DESCRIBED_VIEW_ATTRIBUTE}]').forEach(function(l){o.observe(l)})})();`,
].join("");
