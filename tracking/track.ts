import type { Attribution } from "./attribution";
import type { EventName, EventProperties } from "./catalogue";
import { recordLiveEvent } from "./live-log";
import type { PageContext } from "./page-context";
import { PAGE_VIEW_EVENT } from "./page-view";

// The typed tracking API. Components and the machine adapter call `track(name, properties)`;
// a misspelt name or a wrong property fails the type-check (catalogue.ts derives the types).
//
// This module is in the main bundle, so it holds only a queue: the pipeline (analytics, zod, the
// catalogue, the data-layer plugin) is loaded after hydration and connected with connectPipeline().
// Nothing is lost: events wait in order until the pipeline and the page context are both there, and
// after a navigation they wait for that page's `page_viewed`, so every page view comes first. The first
// document's page view is the server's, already in the data layer, so its events wait for none.

declare global {
  interface Window {
    dataLayer?: unknown[];
    /** Set (e.g. by a test) to make invalid events throw in a production build too. */
    __TRACKING_STRICT__?: boolean;
  }
}

export interface QueuedEvent {
  name: string;
  properties: unknown;
}

export interface DeliveryEnvelope {
  page: PageContext;
  attribution?: Attribution;
}

/** What the lazily loaded pipeline (pipeline.ts) provides. */
export interface Pipeline {
  /** Throws a TrackingViolationError naming the zod issue path when the properties are invalid. */
  assertValid(name: string, properties: unknown): void;
  deliver(event: QueuedEvent, envelope: DeliveryEnvelope): void;
}

/** Invalid events throw in development and tests; production drops them and reports a violation. */
export function isStrictTracking(): boolean {
  if (typeof window !== "undefined" && window.__TRACKING_STRICT__ === true) return true;
  return process.env.NODE_ENV !== "production";
}

/** Above this many waiting events the oldest go (a pipeline that never loads must not grow memory forever). */
export const MAX_QUEUED_EVENTS = 500;


let pageContext: PageContext | null | undefined;
let pipeline: Pipeline | null = null;
let attribution: Attribution | undefined;
let waitingForPageView = false;
let lastPageKey: string | undefined;
let queue: QueuedEvent[] = [];

/** The current page's context; null on pages that have none (e.g. /tracking); undefined before it is known. */
export function getPageContext(): PageContext | null | undefined {
  return pageContext;
}

export function setPageContext(context: PageContext | null): void {
  if (typeof window === "undefined") return; // the server has many visitors at once; state is per browser
  pageContext = context;
  if (context?.isBot) queue = []; // spec: bots send nothing, not even what they queued
  flush();
}

/**
 * A navigation started: hold events until its `page_viewed`, which is then delivered first.
 * (Child components' effects run before the bootstrap's, so without this a new page's first
 * events would come before its page view.) `viewed`: its page view is in the data layer already
 * (the server's, for the first document: app/page/page-view-push.server.ts), so nothing waits.
 */
export function beginPageView(pageKey: string, { viewed = false }: { viewed?: boolean } = {}): void {
  if (typeof window === "undefined" || pageKey === lastPageKey) return; // idempotent: render may run twice
  lastPageKey = pageKey;
  waitingForPageView = !viewed;
}

/** Attribution keys attached to every event from now on (from the h-attr cookie). */
export function setAttribution(value: Attribution | undefined): void {
  attribution = value && Object.keys(value).length > 0 ? value : undefined;
}

export function connectPipeline(next: Pipeline): void {
  pipeline = next;
  flush();
}

export function track<N extends EventName>(name: N, properties: EventProperties<N>): void {
  if (typeof window === "undefined") return;
  if (pageContext?.isBot) return;
  // Throw at the call site, so the stack trace points at the bad call.
  if (pipeline && isStrictTracking()) pipeline.assertValid(name, properties);
  queue.push({ name, properties });
  if (queue.length > MAX_QUEUED_EVENTS) queue.splice(0, queue.length - MAX_QUEUED_EVENTS);
  flush();
}

function flush(): void {
  if (waitingForPageView) {
    const index = queue.findIndex((event) => event.name === PAGE_VIEW_EVENT);
    if (index < 0) return;
    if (index > 0) queue.unshift(...queue.splice(index, 1));
    waitingForPageView = false;
  }
  if (!pipeline || pageContext === undefined || queue.length === 0) return;
  const events = queue;
  queue = [];
  if (pageContext === null) {
    for (const event of events) {
      recordLiveEvent({ event: event.name, properties: event.properties, valid: false, issues: [], outcome: "dropped (no page context)" });
    }
    return;
  }
  const envelope: DeliveryEnvelope = attribution ? { page: pageContext, attribution } : { page: pageContext };
  let firstError: unknown;
  for (const event of events) {
    try {
      pipeline.deliver(event, envelope);
    } catch (error) {
      firstError ??= error; // strict mode: keep delivering the rest, then surface the first failure
    }
  }
  if (firstError !== undefined) throw firstError;
}

/** Test helper: back to the state of a fresh page load. */
export function resetTracking(): void {
  pageContext = undefined;
  pipeline = null;
  attribution = undefined;
  waitingForPageView = false;
  lastPageKey = undefined;
  queue = [];
}
