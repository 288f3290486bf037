import type { AnalyticsPlugin } from "analytics";
import { getEventDefinition } from "./catalogue";
import { ENVELOPE_VERSION } from "./envelope";
import { beaconedEventIds, consentCommand, isCollectedEntry, type CollectedEntry } from "./collect-rules";
import { nextTask } from "./task-scheduling";

// The first-party collector's browser side (docs/tracking.md#first-party-collection), an `analytics` plugin
// in the pipeline's chunk, after the data-layer plugin. It sends what window.dataLayer holds, by event_id:
// whatever pushed it (delivery before or after the pipeline arrived, the head scripts' page view and exit
// taps, a tracking_violation), each event once. The events wait in a queue kept in localStorage (at most 1,000,
// at most 7 days), go in batches of at most 40 KB with fetch keepalive, and with sendBeacon when the page is
// hidden or left; a network error, a 5xx or a 429 is retried with a growing wait. Consent: nothing is queued
// or posted unless Consent Mode's analytics_storage is granted, as the data layer itself says it at that point:
// the consent commands the consent API pushes (the head script's `default` for the region and `update` with the
// stored choice, then setConsent()'s `update`), read in order with the events, so an event is judged by the
// consent in force when it was pushed; a denial empties the queue. Bots load no pipeline, and a bot's page
// context is never queued.

const STORAGE_KEY = "storefront:collect-queue";
const MAX_QUEUED = 1000;
const MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
/** A batch's body at most (Snowplow's tracker default; keepalive and beacons share 64 KiB in flight). */
const MAX_BATCH_BYTES = 40_000;
const MAX_BATCH_EVENTS = 100;
/** Events of one moment go together: a tap and what follows it. */
const SEND_DELAY_MS = 1000;
const MAX_BACKOFF_MS = 60_000;

type Entry = CollectedEntry;
interface Queued {
  entry: Entry;
  /** When it was queued (ms): older than 7 days, it goes unsent. */
  at: number;
}

export interface CollectorOptions {
  /** COLLECT_PATH, from the page's public settings; without it the plugin does nothing. */
  path: string;
  layerName?: string;
}

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null; // storage blocked: the queue lives in memory for this page
  }
}

class Collector {
  private queue: Queued[] = [];
  /** Every event_id seen in the data layer (queued, sent, or not consented): none is looked at twice. */
  private readonly seen = new Set<string>();
  private layer: unknown[] | null = null;
  private scanned = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private backoffMs = 0;
  private sending = false;
  /** analytics_storage as the data layer's consent commands have set it so far (denied until one says otherwise). */
  private granted = false;

  constructor(private readonly options: CollectorOptions) {}

  private readonly onVisibility = () => {
    if (document.visibilityState === "hidden") this.beacon();
  };
  private readonly onPageHide = () => this.beacon();
  private retired = false;

  start(): void {
    this.load();
    this.sweep();
    if (!this.granted) this.clear();
    document.addEventListener("visibilitychange", this.onVisibility);
    addEventListener("pagehide", this.onPageHide);
    this.schedule(0);
  }

  /** A page that replaces its window.dataLayer (a test does, between cases) starts over with a new pipeline: this one stops. */
  private retire(): void {
    this.retired = true;
    document.removeEventListener("visibilitychange", this.onVisibility);
    removeEventListener("pagehide", this.onPageHide);
    if (this.timer !== null) clearTimeout(this.timer);
    this.queue = [];
  }

  /** Called after each event analytics delivered (the data-layer plugin pushed it): look in the next task. */
  noticed(): void {
    void nextTask().then(() => {
      this.sweep();
      this.schedule(SEND_DELAY_MS);
    });
  }

  /** Reads what the data layer gained since the last look; a consent change there is followed at once. */
  sweep(): void {
    const layer = (window as unknown as Record<string, unknown>)[this.options.layerName ?? "dataLayer"];
    if (this.retired || !Array.isArray(layer)) return;
    if (layer !== this.layer) {
      if (this.layer !== null) return this.retire();
      this.layer = layer;
    }
    const fresh: Queued[] = [];
    for (; this.scanned < layer.length; this.scanned++) {
      const item: unknown = layer[this.scanned];
      const consent = consentCommand(item);
      if (consent !== null) {
        this.granted = consent.granted;
        // The visitor's denial; a region's default is followed by the stored choice, if any, at once.
        if (consent.update && !consent.granted) {
          this.clear();
          fresh.length = 0;
        }
        continue;
      }
      if (!isCollectedEntry(item) || this.seen.has(item.event_id)) continue;
      this.seen.add(item.event_id);
      // Sent by the head script's beacon for a tap that was to leave the page: not again (the collector dedups anyway).
      if (beaconedEventIds().has(item.event_id)) continue;
      if (item.page?.isBot || !this.granted) continue;
      fresh.push({ entry: JSON.parse(JSON.stringify(item)) as Entry, at: Date.now() });
    }
    if (fresh.length === 0) return;
    this.queue.push(...fresh);
    this.trim();
    this.save();
  }

  /** A denial: nothing waits any more, here or in storage. */
  private clear(): void {
    this.queue = [];
    storage()?.removeItem(STORAGE_KEY);
  }

  private trim(): void {
    const oldest = Date.now() - MAX_AGE_MS;
    this.queue = this.queue.filter((item) => item.at >= oldest).slice(-MAX_QUEUED);
  }

  /** What an earlier page left unsent; dropped at the first sweep unless its consent says granted. */
  private load(): void {
    try {
      const kept = JSON.parse(storage()?.getItem(STORAGE_KEY) ?? "[]") as Queued[];
      if (Array.isArray(kept)) this.queue = kept.filter((item) => item && isCollectedEntry(item.entry) && typeof item.at === "number");
    } catch {
      this.queue = [];
    }
    for (const item of this.queue) this.seen.add(item.entry.event_id);
    this.trim();
  }

  private save(): void {
    try {
      if (this.queue.length === 0) storage()?.removeItem(STORAGE_KEY);
      else storage()?.setItem(STORAGE_KEY, JSON.stringify(this.queue));
    } catch {
      // Full or blocked: the queue still lives in memory for this page.
    }
  }

  /** The first events of the queue that fit one batch, and its body. */
  private nextBatch(): { items: Queued[]; body: string } | null {
    if (this.queue.length === 0) return null;
    const items: Queued[] = [];
    let body = "";
    for (const item of this.queue) {
      if (items.length >= MAX_BATCH_EVENTS) break;
      const next = this.body([...items, item]);
      if (items.length > 0 && next.length > MAX_BATCH_BYTES) break;
      items.push(item);
      body = next;
    }
    return { items, body };
  }

  private body(items: readonly Queued[]): string {
    const versions: Record<string, string> = {};
    for (const { entry } of items) {
      const definition = getEventDefinition(entry.event);
      if (definition) versions[entry.event] = definition.version;
    }
    return JSON.stringify({ envelope: ENVELOPE_VERSION, versions, events: items.map((item) => item.entry) });
  }

  private drop(items: readonly Queued[]): void {
    const sent = new Set(items);
    this.queue = this.queue.filter((item) => !sent.has(item));
    this.save();
  }

  private schedule(delayMs: number): void {
    if (this.timer !== null || this.queue.length === 0) return;
    this.timer = setTimeout(
      () => {
        this.timer = null;
        void this.send();
      },
      Math.max(delayMs, this.backoffMs),
    );
  }

  /** One batch with fetch keepalive; then the next, or a retry after a growing wait. */
  private async send(): Promise<void> {
    this.sweep();
    if (this.sending || this.retired) return;
    if (!this.granted) return this.clear();
    const batch = this.nextBatch();
    if (!batch) return;
    this.sending = true;
    let retryAfterMs = 0;
    try {
      const response = await fetch(this.options.path, {
        method: "POST",
        keepalive: true,
        headers: { "content-type": "text/plain;charset=UTF-8" },
        body: batch.body,
      });
      // Read to its end, so the request is over (the answer is a few bytes of counts).
      await response.arrayBuffer().catch(() => undefined);
      if (response.status === 429 || response.status >= 500) {
        retryAfterMs = Number(response.headers.get("retry-after")) * 1000 || 0;
        throw new Error(String(response.status));
      }
      // Taken (2xx), or refused for what it is (400, 403, 413): sending it again would not change the answer.
      this.drop(batch.items);
      this.backoffMs = 0;
    } catch {
      this.backoffMs = Math.min(MAX_BACKOFF_MS, Math.max(retryAfterMs, this.backoffMs ? this.backoffMs * 2 : 1000));
    } finally {
      this.sending = false;
    }
    this.schedule(0);
  }

  /** The page is hidden or left: what is queued goes now, with sendBeacon (a fetch could be cut off). */
  beacon(): void {
    this.sweep();
    if (this.retired || !this.granted || typeof navigator.sendBeacon !== "function") return;
    for (let batch = this.nextBatch(); batch; batch = this.nextBatch()) {
      const queued = navigator.sendBeacon(this.options.path, new Blob([batch.body], { type: "text/plain;charset=UTF-8" }));
      if (!queued) break; // over the browser's budget: it stays in storage for the next page
      this.drop(batch.items);
    }
  }
}

/** The plugin: started with the analytics instance; null without a collect path (a test page, a misconfigured shell). */
export function collectorPlugin(options: CollectorOptions | null): AnalyticsPlugin {
  const collector = options ? new Collector(options) : null;
  return {
    name: "storefront-collector",
    initialize: () => collector?.start(),
    track: () => collector?.noticed(),
    loaded: () => true,
  };
}
