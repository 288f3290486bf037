import { DESCRIBED_CLICK_ATTRIBUTE, DESCRIBED_VIEW_ATTRIBUTE } from "../../tracking/described-events";
import { dataLayerEntry, type DeliveryEnvelope } from "../../tracking/data-layer";
import { newEventId } from "../../tracking/event-id";
import { beaconExit, clickLeavesPage, type ExitBeaconSettings } from "../../tracking/exit-beacon";
import { claimImpression, halfVisible } from "../../tracking/impressions";
import { findPageViewPush, isPrerendering } from "../../tracking/page-view";
import { PENDING_ATTRIBUTE, REPLAY_ATTRIBUTE, type EarlyInput } from "./early-input-state";

// The early-input catcher's inline scripts (app/components/early-input.tsx says what they do), as typed
// functions: compiled for the browser by scripts/head-scripts.ts and written inline by
// app/components/early-input.tsx (docs/decisions/032-one-react-tree.md). They use the app's own rules
// (dataLayerEntry(), claimImpression(), halfVisible()), so the two sides cannot drift apart.

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
 * The catcher: capture listeners that keep input from React until it has hydrated, and the queue of
 * clicks on `data-replay` controls. A click elsewhere goes to `onOtherClick` (the visitor's described
 * events) and keeps its platform behaviour.
 */
function catchInput(onOtherClick?: (target: Element, event: MouseEvent) => void): EarlyInput {
  const d = document;
  const state: EarlyInput = (window.__earlyInput = { open: true, clicks: [] });
  const hold = (event: Event) => {
    if (state.open) event.stopImmediatePropagation();
  };
  for (const type of HELD_FROM_REACT) d.addEventListener(type, hold, { capture: true, passive: true });
  d.addEventListener(
    "click",
    (event) => {
      if (!state.open) return;
      event.stopImmediatePropagation();
      const target = event.target as Element | null;
      const control = target?.closest?.(`[${REPLAY_ATTRIBUTE}]`);
      if (!control) {
        if (target?.closest) onOtherClick?.(target, event as MouseEvent);
        return;
      }
      state.clicks.push(control);
      if (control.getAttribute(REPLAY_ATTRIBUTE) !== "native") {
        event.preventDefault();
        control.setAttribute(PENDING_ATTRIBUTE, "");
        control.setAttribute("aria-busy", "true");
      } else jumpInPlace(control, event);
    },
    true,
  );
  return state;
}

/**
 * A link to a block of this page answers at once with the platform's jump, but without the fragment navigation:
 * that fires popstate, which the router, once it runs, reads as a new location, and a context change above a lazy
 * island that has not hydrated yet makes React drop the island's server HTML and draw it again, shifting the page
 * (docs/decisions/052-first-load-holds-what-first-paint-and-tap-need.md). The replayed click then takes its machine's
 * jump, as a click after the app is ready does.
 */
function jumpInPlace(control: Element, event: Event): void {
  if (!(control instanceof HTMLAnchorElement) || !control.hash || control.pathname !== location.pathname || control.search !== location.search) return;
  let target: HTMLElement | null = null;
  try {
    target = document.getElementById(decodeURIComponent(control.hash.slice(1)));
  } catch {
    return;
  }
  if (!target) return;
  event.preventDefault();
  target.scrollIntoView();
}

/**
 * Pushes a description's items, each event with the page and attribution of the server's page_viewed
 * entry, as the app's delivery adds them (dataLayerEntry()); without a page view nothing is pushed.
 */
function pushDescribed(description: string | null): void {
  const layer = window.dataLayer || [];
  const view = findPageViewPush(layer) as Partial<DeliveryEnvelope> | undefined;
  if (!view || !description) return;
  let items: Array<Record<string, unknown>>;
  try {
    items = JSON.parse(description);
  } catch {
    return;
  }
  for (const item of items) layer.push(item.event ? dataLayerEntry(String(item.event), item, view, newEventId()) : { ...item });
}

/** For a bot (bots get no tracking code): the catcher alone. */
export function catchEarlyInput(): void {
  catchInput();
}

/**
 * For a visitor: the catcher, and the push of described events in the click's task. When that click may end the
 * visit's time on this page (clickLeavesPage(): a link to another document, a form's submit) and the page has a collector (`beacon`), what the data layer holds and was not sent
 * goes to the collector with sendBeacon, consent permitting (beaconExit()): no collector code is on the page yet.
 */
export function catchEarlyInputAndTrack(beacon?: ExitBeaconSettings | null): void {
  const state = catchInput((target, event) => {
    const described = target.closest(`[${DESCRIBED_CLICK_ATTRIBUTE}]`);
    if (!described) return;
    pushDescribed(described.getAttribute(DESCRIBED_CLICK_ATTRIBUTE));
    if (beacon && clickLeavesPage(target, event)) beaconExit(beacon);
  });
  state.push = pushDescribed;
}

/**
 * At the end of <body>, when every list is parsed: a list described for its impression is counted the
 * first time half of it (or half the screen) shows it (halfVisible()), once (claimImpression()), until
 * the app takes over; in a prerendered page, from the moment it is shown.
 */
export function countEarlyImpressions(): void {
  // A prerendered page is not seen: its lists are counted once it is shown, by the app if it has hydrated by then.
  if (isPrerendering()) {
    document.addEventListener("prerenderingchange", countEarlyImpressions, { once: true });
    return;
  }
  const state = window.__earlyInput;
  if (!state || !state.open || !state.push || !window.IntersectionObserver) return;
  const push = state.push;
  const observer = new IntersectionObserver(
    (entries) => {
      if (!state.open) return observer.disconnect();
      for (const entry of entries) {
        if (!halfVisible(entry)) continue;
        observer.unobserve(entry.target);
        const description = entry.target.getAttribute(DESCRIBED_VIEW_ATTRIBUTE);
        if (description && claimImpression(description)) push(description);
      }
    },
    { threshold: [0, 0.25, 0.5, 0.75, 1] },
  );
  document.querySelectorAll(`[${DESCRIBED_VIEW_ATTRIBUTE}]`).forEach((list) => observer.observe(list));
}
