import type { Attribution } from "./attribution";
import { pushToDataLayer, type DeliveryEnvelope } from "./data-layer";
import { recordLiveEvent, type LiveRecord } from "./live-log";
import type { PageContext } from "./page-context";
import { PAGE_VIEW_EVENT } from "./page-view";
import { nextTask } from "./task-scheduling";
import type { ValidationResult } from "./validate";

// The one path between track() and the data layer (docs/tracking.md, "Delivery guarantee"). An event
// reaches window.dataLayer in the task that fired it, whatever has loaded: nothing waits on a network
// fetch. Before the pipeline (zod, the catalogue, analytics) has arrived, the event is pushed here and
// checked right after the pipeline arrives (a bad one is followed by a tracking_violation); from then on
// it is checked first and handed to analytics, whose plugins push it in microtasks of the same task.
// Only two things hold an event, both within the task: the page context is not known yet (an event
// fired before useTracking()'s layout effect), or a client-side navigation's page_viewed has not been
// fired yet, which then goes first.

export interface QueuedEvent {
  name: string;
  properties: unknown;
}

/** What the lazily loaded pipeline (pipeline.ts) provides. */
export interface Pipeline {
  /** The event's one validation: properties, page context and attribution. */
  validate(event: QueuedEvent, envelope: DeliveryEnvelope): ValidationResult;
  /** Hands a checked event to analytics; an invalid verdict is dropped and reported there, never thrown. */
  deliver(event: QueuedEvent, envelope: DeliveryEnvelope, verdict: ValidationResult): void;
  /** An event pushed before the pipeline was here turned out invalid: push its tracking_violation. */
  report(event: QueuedEvent, envelope: DeliveryEnvelope, verdict: ValidationResult & { ok: false }): void;
  /** The error strict mode raises for an invalid verdict. */
  violation(event: QueuedEvent, verdict: ValidationResult & { ok: false }): Error;
}

/** Above this many pushed-but-unchecked events the oldest go unchecked (a pipeline that never loads must not grow memory forever). */
export const MAX_UNCHECKED_EVENTS = 500;

export interface DeliveryQueueOptions {
  /** Invalid events throw (development, tests, window.__TRACKING_STRICT__); otherwise analytics reports them. */
  strict: () => boolean;
}

interface PushedEvent {
  event: QueuedEvent;
  envelope: DeliveryEnvelope;
}

export class DeliveryQueue {
  /** undefined until known; null on pages that have none (e.g. /tracking). */
  private context: PageContext | null | undefined;
  private pipeline: Pipeline | null = null;
  private attribution: Attribution | undefined;
  private pageKey: string | undefined;
  private pageViewPending = false;
  /** Held within the task: the context is not known yet, or the page's page_viewed has not come. */
  private held: QueuedEvent[] = [];
  /** Pushed before the pipeline arrived, to be checked when it does. */
  private unchecked: PushedEvent[] = [];

  constructor(private readonly options: DeliveryQueueOptions) {}

  get pageContext(): PageContext | null | undefined {
    return this.context;
  }

  setPageContext(context: PageContext | null): void {
    this.context = context;
    if (context?.isBot) this.held = []; // bots send nothing, not even what they fired before the context was known
    this.release();
  }

  /**
   * A page starts: hold its events until its `page_viewed`. `viewed`: its page view is in the data
   * layer already (the server's, for the first document), so nothing waits. Idempotent per page key:
   * true when a new page view started.
   */
  beginPageView(pageKey: string, { viewed = false }: { viewed?: boolean } = {}): boolean {
    if (pageKey === this.pageKey) return false;
    this.pageKey = pageKey;
    this.pageViewPending = !viewed;
    return true;
  }

  setAttribution(value: Attribution | undefined): void {
    this.attribution = value && Object.keys(value).length > 0 ? value : undefined;
  }

  connectPipeline(pipeline: Pipeline): void {
    this.pipeline = pipeline;
    if (this.unchecked.length > 0) void this.checkPushed(pipeline);
  }

  push(event: QueuedEvent): void {
    if (this.context?.isBot) return;
    const isPageView = event.name === PAGE_VIEW_EVENT;
    if (this.context === undefined || (this.pageViewPending && !isPageView)) {
      this.held.push(event);
      return;
    }
    if (isPageView) this.pageViewPending = false;
    this.deliver(event, true);
    if (isPageView) this.release();
  }

  /** What was held goes now, in order, in this task; while a page view is awaited, it goes first or nothing goes. */
  private release(): void {
    if (this.context === undefined) return;
    const held = this.held.splice(0);
    if (this.pageViewPending) {
      const viewIndex = held.findIndex((event) => event.name === PAGE_VIEW_EVENT);
      if (viewIndex < 0) {
        this.held = held;
        return;
      }
      held.unshift(...held.splice(viewIndex, 1));
      this.pageViewPending = false;
    }
    for (const event of held) this.deliver(event, false);
  }

  private deliver(event: QueuedEvent, atCallSite: boolean): void {
    const context = this.context;
    if (context === undefined) return;
    if (context === null) {
      recordLiveEvent({ event: event.name, properties: event.properties, valid: false, issues: [], outcome: "not sent (this page has no page context)" });
      return;
    }
    const envelope: DeliveryEnvelope = this.attribution ? { page: context, attribution: this.attribution } : { page: context };
    const pipeline = this.pipeline;
    if (!pipeline) {
      // The validator is not here yet: push now, check when it arrives.
      pushToDataLayer(event.name, event.properties as object, envelope);
      this.unchecked.push({ event, envelope });
      if (this.unchecked.length > MAX_UNCHECKED_EVENTS) this.unchecked.splice(0, this.unchecked.length - MAX_UNCHECKED_EVENTS);
      return;
    }
    const verdict = pipeline.validate(event, envelope);
    if (!verdict.ok && this.options.strict()) {
      this.recordInvalid(event, verdict);
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

  /** The events pushed before the pipeline arrived, checked one per task (none of it a long task on a phone). */
  private async checkPushed(pipeline: Pipeline): Promise<void> {
    while (this.unchecked.length > 0) {
      await nextTask();
      const pushed = this.unchecked.shift();
      if (!pushed) break;
      const verdict = pipeline.validate(pushed.event, pushed.envelope);
      if (verdict.ok) continue;
      this.recordInvalid(pushed.event, verdict, "pushed before it was checked, then found invalid");
      pipeline.report(pushed.event, pushed.envelope, verdict);
      if (this.options.strict()) {
        const error = pipeline.violation(pushed.event, verdict);
        queueMicrotask(() => {
          throw error;
        });
      }
    }
  }

  private recordInvalid(event: QueuedEvent, verdict: ValidationResult & { ok: false }, outcome: LiveRecord["outcome"] = "dropped (invalid)"): void {
    recordLiveEvent({
      event: event.name,
      properties: event.properties,
      valid: false,
      issues: verdict.issues.map((i) => `${i.path}: ${i.message}`),
      outcome,
    });
  }
}
