import type { Attribution } from "./attribution";
import { recordLiveEvent } from "./live-log";
import type { PageContext } from "./page-context";
import { PAGE_VIEW_EVENT } from "./page-view";
import { nextTask } from "./task-scheduling";
import type { ValidationResult } from "./validate";

// The one queue between track() and the data layer, and the one place that orders delivery
// (docs/tracking.md, "From a click to the data layer"). An event waits here, in order, until three
// things are known: the pipeline (analytics, zod and the catalogue, loaded after hydration), the page
// context, and, after a navigation, that page's `page_viewed`, which then goes first. It is validated
// once, when it is delivered. A lone event is delivered in the task that fired it (a click on a booking
// link that is about to leave the page must still reach the data layer); a backlog (what a page fired
// while the pipeline loaded) goes out one event per task, so none of that is one long task on a phone.

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
  /** The event's one validation: properties, page context and attribution. */
  validate(event: QueuedEvent, envelope: DeliveryEnvelope): ValidationResult;
  /** Hands a validated event to analytics; an invalid verdict is dropped or reported there, never thrown. */
  deliver(event: QueuedEvent, envelope: DeliveryEnvelope, verdict: ValidationResult): void;
  /** The error strict mode raises for an invalid verdict. */
  violation(event: QueuedEvent, verdict: ValidationResult & { ok: false }): Error;
}

/** Above this many waiting events the oldest go (a pipeline that never loads must not grow memory forever). */
export const MAX_QUEUED_EVENTS = 500;

export interface DeliveryQueueOptions {
  /** Invalid events throw (development, tests, window.__TRACKING_STRICT__); otherwise analytics reports them. */
  strict: () => boolean;
}

export class DeliveryQueue {
  /** undefined until known; null on pages that have none (e.g. /tracking). */
  private context: PageContext | null | undefined;
  private pipeline: Pipeline | null = null;
  private attribution: Attribution | undefined;
  private pageKey: string | undefined;
  private pageViewPending = false;
  private waiting: QueuedEvent[] = [];
  /** A backlog is going out, one event per task: new events join the end of it. */
  private draining = false;

  constructor(private readonly options: DeliveryQueueOptions) {}

  get pageContext(): PageContext | null | undefined {
    return this.context;
  }

  setPageContext(context: PageContext | null): void {
    this.context = context;
    if (context?.isBot) this.waiting = []; // spec: bots send nothing, not even what they queued
    this.deliverWhatCan();
  }

  /**
   * A page starts: hold its events until its `page_viewed`. `viewed`: its page view is in the data
   * layer already (the server's, for the first document), so nothing waits. Idempotent per page key.
   */
  beginPageView(pageKey: string, { viewed = false }: { viewed?: boolean } = {}): void {
    if (pageKey === this.pageKey) return;
    this.pageKey = pageKey;
    this.pageViewPending = !viewed;
  }

  setAttribution(value: Attribution | undefined): void {
    this.attribution = value && Object.keys(value).length > 0 ? value : undefined;
  }

  connectPipeline(pipeline: Pipeline): void {
    this.pipeline = pipeline;
    this.deliverWhatCan();
  }

  push(event: QueuedEvent): void {
    if (this.context?.isBot) return;
    this.waiting.push(event);
    if (this.waiting.length > MAX_QUEUED_EVENTS) this.waiting.splice(0, this.waiting.length - MAX_QUEUED_EVENTS);
    // A lone event that can go now goes in this task, and an invalid one throws here, at its call site.
    this.deliverWhatCan({ atCallSite: true });
  }

  private ready(): boolean {
    if (this.pageViewPending) {
      const index = this.waiting.findIndex((event) => event.name === PAGE_VIEW_EVENT);
      if (index < 0) return false;
      if (index > 0) this.waiting.unshift(...this.waiting.splice(index, 1));
      this.pageViewPending = false;
    }
    return this.pipeline !== null && this.context !== undefined && this.waiting.length > 0;
  }

  private deliverWhatCan({ atCallSite = false } = {}): void {
    if (this.draining || !this.ready()) return;
    const lone = this.waiting.length === 1;
    this.deliverNext(atCallSite && lone);
    if (this.waiting.length > 0) void this.drain();
  }

  /** The rest of a backlog, one event per task, in order; events fired meanwhile join the end. */
  private async drain(): Promise<void> {
    this.draining = true;
    try {
      do {
        await nextTask();
        if (!this.ready()) break;
        this.deliverNext(false);
      } while (this.waiting.length > 0);
    } finally {
      this.draining = false;
    }
  }

  private deliverNext(atCallSite: boolean): void {
    const event = this.waiting.shift();
    const pipeline = this.pipeline;
    const context = this.context;
    if (!event || !pipeline || context === undefined) return;
    if (context === null) {
      recordLiveEvent({ event: event.name, properties: event.properties, valid: false, issues: [], outcome: "not sent (this page has no page context)" });
      return;
    }
    const envelope: DeliveryEnvelope = this.attribution ? { page: context, attribution: this.attribution } : { page: context };
    const verdict = pipeline.validate(event, envelope);
    if (!verdict.ok && this.options.strict()) {
      recordLiveEvent({
        event: event.name,
        properties: event.properties,
        valid: false,
        issues: verdict.issues.map((i) => `${i.path}: ${i.message}`),
        outcome: "dropped (invalid)",
      });
      const error = pipeline.violation(event, verdict);
      if (atCallSite) throw error;
      // Not the caller's fault any more: fail loudly without stopping the events behind it.
      queueMicrotask(() => {
        throw error;
      });
      return;
    }
    pipeline.deliver(event, envelope, verdict);
  }
}
