// Which lists' impressions (view_item_list) this page view has counted. The inline script at the end of
// <body> counts the lists seen before the app runs (app/page/early-input-head.ts), ExperienceList
// those seen after; whichever sees a list first counts it, once per page view (docs/tracking.md,
// "Delivery guarantee"). Keyed by the list's description, which both sides have.

/** On window, shared with the inline script. */
export const COUNTED_IMPRESSIONS = "__countedImpressions";

declare global {
  interface Window {
    [COUNTED_IMPRESSIONS]?: Record<string, 1>;
  }
}

/** True when this list's impression is still to count (and it is now counted), false when it was counted already. */
export function claimImpression(description: string): boolean {
  const counted = (window[COUNTED_IMPRESSIONS] ??= {});
  if (counted[description]) return false;
  counted[description] = 1;
  return true;
}

/** True once at least half the list, or half the screen, shows it (a long list never fits at 50%). */
export function halfVisible(entry: IntersectionObserverEntry): boolean {
  if (!entry.isIntersecting) return false;
  const screen = entry.rootBounds?.height ?? window.innerHeight;
  return entry.intersectionRatio >= 0.5 || entry.intersectionRect.height >= screen * 0.5;
}

/** A page view of its own (a client-side navigation) starts: its lists are to be counted again. */
export function forgetImpressions(): void {
  if (typeof window !== "undefined") window[COUNTED_IMPRESSIONS] = {};
}
