// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { allSignals } from "./consent";
import { dataLayerEntry } from "./data-layer";
import { newEventId } from "./event-id";
import { createPipeline } from "./pipeline";
import { SAMPLE_CONTEXT } from "./test-fixtures";
import { connectPipeline, resetTracking, setPageContext, track } from "./track";

// The collector plugin through the real pipeline and a real (happy-dom) window.dataLayer and localStorage; the
// network is a recording double at the fetch and sendBeacon boundary, answering what a test tells it to.

type Posted = { envelope: string; versions: Record<string, string>; events: Array<Record<string, unknown>> };
const STORAGE_KEY = "storefront:collect-queue";

let answers: number[];
let posted: Posted[];
let beacons: Posted[];

/** gtag() pushes its `arguments`: a Consent Mode command as the consent API pushes it. */
function consent(action: "default" | "update", granted: boolean) {
  (function (..._args: unknown[]) {
    // eslint-disable-next-line prefer-rest-params
    window.dataLayer!.push(arguments);
  })("consent", action, allSignals(granted ? "granted" : "denied"));
}

function start() {
  connectPipeline(createPipeline({ containerId: null, collectPath: "/events" }));
  setPageContext(SAMPLE_CONTEXT);
}

const postedIds = () => posted.flatMap((batch) => batch.events.map((event) => event.event_id));
const layerIds = () => (window.dataLayer as Array<Record<string, unknown>>).flatMap((entry) => (typeof entry.event_id === "string" ? [entry.event_id] : []));

beforeEach(() => {
  resetTracking();
  window.dataLayer = [];
  localStorage.clear();
  answers = [];
  posted = [];
  beacons = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (_url: string, init: RequestInit) => {
      posted.push(JSON.parse(String(init.body)) as Posted);
      return new Response("{}", { status: answers.shift() ?? 200 });
    }),
  );
  vi.stubGlobal("navigator", {
    ...navigator,
    sendBeacon: (_url: string, body: Blob) => {
      void body.text().then((text) => beacons.push(JSON.parse(text) as Posted));
      return true;
    },
  });
});
afterEach(() => {
  // The next case's data layer is a new one: this case's collector stops at its next look.
  window.dataLayer = [];
  window.dispatchEvent(new Event("pagehide"));
  vi.unstubAllGlobals();
});

describe("the collector plugin", () => {
  it("posts every event of the data layer once, with the catalogue's versions, whoever pushed it", async () => {
    consent("default", true);
    // Pushed before the pipeline arrived (as the head script's page view is).
    track("page_viewed", { page_title: "Eiffel Tower", page_path: "/eiffel-tower/" });
    start();
    track("currency_changed", { from_currency: "USD", to_currency: "EUR" });
    await vi.waitFor(
      () => {
        expect(layerIds()).toHaveLength(2);
        expect(postedIds().sort()).toEqual(layerIds().sort());
      },
      { timeout: 5000 },
    );
    expect(posted[0]!.versions.page_viewed).toMatch(/^\d+-\d+-\d+$/);
    expect(posted[0]!.envelope).toBe("1-0-1");
    expect(new Set(postedIds()).size).toBe(postedIds().length);
  });

  it("queues and posts nothing without analytics_storage granted, and a denial empties the queue, here and in storage", async () => {
    consent("default", false);
    start();
    track("currency_changed", { from_currency: "USD", to_currency: "EUR" });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(localStorage.getItem(STORAGE_KEY)).toBeNull();
    consent("update", true);
    answers.push(503, 503, 503);
    track("language_changed", { from_language: "en", to_language: "fr" });
    await vi.waitFor(() => expect(localStorage.getItem(STORAGE_KEY)).toContain("language_changed"));
    expect(localStorage.getItem(STORAGE_KEY)).not.toContain("currency_changed");
    consent("update", false);
    track("currency_changed", { from_currency: "EUR", to_currency: "USD" }); // the next look at the data layer sees the denial
    await vi.waitFor(() => expect(localStorage.getItem(STORAGE_KEY)).toBeNull());
    window.dispatchEvent(new Event("pagehide"));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(beacons).toEqual([]);
  });

  it("keeps a batch answered 503 and sends it again after a wait, until it is taken", async () => {
    consent("default", true);
    answers.push(503);
    start();
    track("currency_changed", { from_currency: "USD", to_currency: "EUR" });
    await vi.waitFor(() => expect(posted).toHaveLength(1), { timeout: 5000 });
    expect(localStorage.getItem(STORAGE_KEY)).toContain("currency_changed");
    await vi.waitFor(() => expect(posted).toHaveLength(2), { timeout: 5000 });
    expect(posted[1]!.events.map((event) => event.event_id)).toEqual(posted[0]!.events.map((event) => event.event_id));
    await vi.waitFor(() => expect(localStorage.getItem(STORAGE_KEY)).toBeNull());
  });

  it("does not send again what the head script's exit-tap beacon sent", async () => {
    consent("default", true);
    // The head script's page view, and its beacon's mark.
    window.dataLayer!.push(dataLayerEntry("page_viewed", { page_title: "Eiffel Tower", page_path: "/" }, { page: SAMPLE_CONTEXT }, newEventId()));
    const beaconed = layerIds();
    expect(beaconed).toHaveLength(1);
    window.__beaconedEventIds = new Set(beaconed);
    start();
    track("currency_changed", { from_currency: "USD", to_currency: "EUR" });
    await vi.waitFor(() => expect(postedIds()).toHaveLength(1), { timeout: 5000 });
    expect(postedIds()).toEqual(layerIds().filter((id) => !beaconed.includes(id)));
    window.__beaconedEventIds = undefined;
  }, 10_000);

  it("sends what is queued with sendBeacon when the page is left", async () => {
    consent("default", true);
    start();
    track("currency_changed", { from_currency: "USD", to_currency: "EUR" });
    // The page is left in a later task than the tap's (the event is in the data layer by then).
    await vi.waitFor(() => expect(layerIds()).toHaveLength(1));
    window.dispatchEvent(new Event("pagehide"));
    expect(posted).toEqual([]);
    await vi.waitFor(() => expect(beacons.flatMap((batch) => batch.events.map((event) => event.event))).toContain("currency_changed"));
    expect(localStorage.getItem(STORAGE_KEY)).toBeNull();
  });

  it("keeps at most 1,000 events and none older than 7 days from an earlier page", async () => {
    const old = Date.now() - 8 * 24 * 60 * 60 * 1000;
    const entry = (i: number, at: number) => ({ entry: { event: "currency_changed", event_id: `00000000-0000-4000-8000-${String(i).padStart(12, "0")}` }, at });
    localStorage.setItem(STORAGE_KEY, JSON.stringify([entry(0, old), ...Array.from({ length: 1100 }, (_, i) => entry(i + 1, Date.now()))]));
    answers.push(503);
    consent("default", true);
    start();
    track("language_changed", { from_language: "en", to_language: "fr" });
    await vi.waitFor(() => expect(posted.length).toBeGreaterThan(0), { timeout: 5000 });
    const kept = JSON.parse(localStorage.getItem(STORAGE_KEY)!) as Array<{ entry: { event_id: string } }>;
    expect(kept).toHaveLength(1000);
    expect(kept.map((item) => item.entry.event_id)).not.toContain(entry(0, old).entry.event_id);
    expect(kept.at(-1)!.entry.event_id).toBe(layerIds().at(-1));
  });
});
