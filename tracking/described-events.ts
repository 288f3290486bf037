import type { EventName, EventProperties } from "./catalogue";
import { dataLayerPolicy, isEcommerceEvent } from "./data-layer-policy";
import { track } from "./track";

// Events a control's click pushes, described on the control by the server (docs/tracking.md, "Delivery
// guarantee"). Before the app runs, the inline head script (app/page/early-input-head.ts) pushes them
// in the click's task, adding the page context and attribution of the page view the server pushed;
// once the app runs, the control's handler pushes the same calls with track(). One list of calls feeds
// both, so the two pushes are the same, field for field. No zod here (main bundle): the server checks
// every description against the catalogue when it renders it (renderWithDescriptionCheck).

/** One track() call, typed by the catalogue. */
export type TrackCall = { [N in EventName]: { name: N; properties: EventProperties<N> } }[EventName];

/** On a control: the data-layer items its click pushes, without `page` and `attribution`. */
export const DESCRIBED_CLICK_ATTRIBUTE = "data-track";
/** On a list: the items its first sight pushes (view_item_list). */
export const DESCRIBED_VIEW_ATTRIBUTE = "data-track-view";
/** The page a description is rendered on (its uid and language), so a refused one can be traced to its document. */
export interface DescribedOn {
  uid: string;
  lang: string;
}
/** A server's catalogue check of the descriptions it renders (app/server/description-check.server.ts). */
export interface DescriptionCheck {
  /** Throws a TrackingViolationError naming the field. `item` is the call's data-layer item as JSON: the same text for the same event and properties. */
  check(call: { name: string; properties: unknown }, item: string): void;
  /** What becomes of a description the check refused in production (the control is rendered without it). */
  report(error: unknown, on: DescribedOn | undefined): void;
}

/** The check of the render in progress: renders are synchronous (renderToString), so one at a time. */
let rendering: DescriptionCheck | undefined;

/** Runs a synchronous render with `check` on every description it writes; without one, nothing is checked (the browser). */
export function renderWithDescriptionCheck<T>(check: DescriptionCheck | undefined, render: () => T): T {
  const outer = rendering;
  rendering = check;
  try {
    return render();
  } finally {
    rendering = outer;
  }
}

/** Where a refused description goes outside a checked render. */
const printViolation = (error: unknown) => console.error(error);

/** What a described control's click pushes, as the head script pushes it (`{ ecommerce: null }` before a GA4 ecommerce event), as JSON. */
function describedItems(calls: readonly TrackCall[]): string {
  const items: string[] = [];
  for (const call of calls) {
    // Only events pushed on every occurrence can be described: the head script keeps no dedupe state.
    if (dataLayerPolicy(call.name) !== "push") throw new Error(`${call.name} cannot be described on a control: its data-layer policy is not "push"`);
    const item = JSON.stringify({ event: call.name, ...call.properties });
    rendering?.check(call, item);
    if (isEcommerceEvent(call.name)) items.push('{"ecommerce":null}');
    items.push(item);
  }
  return `[${items.join(",")}]`;
}

/**
 * The attribute value for `calls`, or undefined when the server's check refuses one of them in
 * production: reported with the page it is `on` (the app's handler still tracks the click, and the
 * pipeline reports its violation there).
 */
export function describeCalls(calls: readonly TrackCall[], on?: DescribedOn): string | undefined {
  if (calls.length === 0) return undefined;
  try {
    return describedItems(calls);
  } catch (error) {
    if (process.env.NODE_ENV !== "production") throw error;
    if (rendering) rendering.report(error, on);
    else printViolation(error);
    return undefined;
  }
}

/** The props that describe a control's click for the head script. */
export const describedClick = (calls: readonly TrackCall[], on?: DescribedOn) => ({ [DESCRIBED_CLICK_ATTRIBUTE]: describeCalls(calls, on) });

/** The app's side of a described control: the same calls, through track(). */
export function trackCalls(calls: readonly TrackCall[]): void {
  for (const call of calls) track(call.name, call.properties as never);
}
