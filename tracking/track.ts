import type { Attribution } from "./attribution";
import type { EventName, EventProperties } from "./catalogue";
import { resetDataLayerDedupe } from "./data-layer";
import { DeliveryQueue, type Pipeline } from "./delivery-queue";
import { forgetImpressions } from "./impressions";
import type { PageContext } from "./page-context";

// The typed tracking API. Components and the machine adapter call `track(name, properties)`;
// a misspelt name or a wrong property fails the type-check (catalogue.ts derives the types).
// This module is in the main bundle, so it holds only the API over the one delivery path
// (delivery-queue.ts), which pushes into window.dataLayer in the caller's task; the pipeline (analytics,
// zod, the catalogue) arrives after hydration and is connected with connectPipeline().

export type { Pipeline } from "./delivery-queue";
export { MAX_UNCHECKED_EVENTS } from "./delivery-queue";

declare global {
  interface Window {
    dataLayer?: unknown[];
    /** Set (e.g. by a test) to make invalid events throw in a production build too. */
    __TRACKING_STRICT__?: boolean;
  }
}

/** Invalid events throw in development and tests; production drops them and reports a violation. */
function isStrictTracking(): boolean {
  if (typeof window !== "undefined" && window.__TRACKING_STRICT__ === true) return true;
  return process.env.NODE_ENV !== "production";
}

const browser = typeof window !== "undefined"; // the server has many visitors at once: no state there
let queue = new DeliveryQueue({ strict: isStrictTracking });

/** The current page's context; null on pages that have none (e.g. /tracking); undefined before it is known. */
export function getPageContext(): PageContext | null | undefined {
  return queue.pageContext;
}

export function setPageContext(context: PageContext | null): void {
  if (browser) queue.setPageContext(context);
}

/**
 * A page starts: its events wait for its `page_viewed`, which is then delivered first. `viewed`: its
 * page view is in the data layer already (the server's: app/page/page-view-push.server.ts).
 */
export function beginPageView(pageKey: string, options: { viewed?: boolean } = {}): void {
  if (!browser) return;
  const started = queue.beginPageView(pageKey, options);
  // A page view of its own (a client-side navigation): its lists are counted again, even the same ones.
  if (started && !options.viewed) forgetImpressions();
}

/** Attribution keys attached to every event from now on (from the h-attr cookie). */
export function setAttribution(value: Attribution | undefined): void {
  queue.setAttribution(value);
}

export function connectPipeline(pipeline: Pipeline): void {
  queue.connectPipeline(pipeline);
}

/** Pushes one catalogue event in this task; in strict mode, once the pipeline is here, an invalid event throws here. */
export function track<N extends EventName>(name: N, properties: EventProperties<N>): void {
  if (browser) queue.push({ name, properties });
}

/** Test helper: back to the state of a fresh page load. */
export function resetTracking(): void {
  queue = new DeliveryQueue({ strict: isStrictTracking });
  resetDataLayerDedupe();
}
