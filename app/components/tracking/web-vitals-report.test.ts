import { describe, expect, it } from "vitest";
import type {
  CLSMetricWithAttribution,
  FCPMetricWithAttribution,
  INPMetricWithAttribution,
  LCPMetricWithAttribution,
  TTFBMetricWithAttribution,
} from "web-vitals/attribution";
import { SAMPLE_CONTEXT } from "../../../tracking/test-fixtures";
import { validateEvent } from "../../../tracking/validate";
import { clsProperties, debugTarget, fcpProperties, inpProperties, lcpProperties, reportWhenHidden, ttfbProperties } from "./web-vitals-report";

// The mapping from what web-vitals reports to the catalogue's events: every result must pass its
// schema, strings stay within GA4's 100 characters, and the deltas of one metric still add up.

const base = { id: "v6-1764150000000-1234567890123", navigationType: "navigate" as const, navigationId: 1, entries: [] };

const lcp = (over: Partial<LCPMetricWithAttribution> = {}, attribution: Partial<LCPMetricWithAttribution["attribution"]> = {}): LCPMetricWithAttribution => ({
  ...base,
  name: "LCP",
  value: 2140.4,
  delta: 2140.4,
  rating: "good",
  ...over,
  attribution: {
    target: "#main>section>picture>img",
    timeToFirstByte: 420.2,
    resourceLoadDelay: 310,
    resourceLoadDuration: 1180.1,
    elementRenderDelay: 230.1,
    ...attribution,
  },
});

const inp = (over: Partial<INPMetricWithAttribution> = {}, attribution: Partial<INPMetricWithAttribution["attribution"]> = {}): INPMetricWithAttribution => ({
  ...base,
  name: "INP",
  value: 96,
  delta: 96,
  rating: "good",
  ...over,
  attribution: {
    interactionTarget: "#main>div>a.card",
    interactionType: "pointer",
    inputDelay: 12.4,
    processingDuration: 40,
    presentationDelay: 43.6,
    loadState: "complete",
    processedEventEntries: [],
    longAnimationFrameEntries: [],
    ...attribution,
  },
});

const cls = (over: Partial<CLSMetricWithAttribution> = {}, attribution: CLSMetricWithAttribution["attribution"] = {}): CLSMetricWithAttribution => ({
  ...base,
  name: "CLS",
  value: 0,
  delta: 0,
  rating: "good",
  ...over,
  attribution,
});

const fcp: FCPMetricWithAttribution = {
  ...base,
  name: "FCP",
  value: 1180.3,
  delta: 1180.3,
  rating: "good",
  attribution: { timeToFirstByte: 420.2, firstByteToFCP: 760.1, loadState: "dom-interactive" },
};

const ttfb: TTFBMetricWithAttribution = {
  ...base,
  name: "TTFB",
  value: 420.2,
  delta: 420.2,
  rating: "good",
  navigationType: "back-forward-cache",
  attribution: { waitingDuration: 2, cacheDuration: 0, dnsDuration: 30.1, connectionDuration: 160, requestDuration: 228.1 },
};

const issues = (name: string, properties: unknown) => {
  const result = validateEvent(name, properties, { page: SAMPLE_CONTEXT });
  return result.ok ? [] : result.issues;
};

describe("web-vitals metrics as catalogue events", () => {
  it("maps each metric to properties its catalogue schema accepts", () => {
    expect(issues("web_vital_lcp", lcpProperties(lcp()))).toEqual([]);
    expect(issues("web_vital_inp", inpProperties(inp()))).toEqual([]);
    expect(
      issues("web_vital_cls", clsProperties(cls({ value: 0.0123, delta: 0.0123 }, { largestShiftTarget: "main>img", largestShiftValue: 0.0123 }))),
    ).toEqual([]);
    expect(issues("web_vital_fcp", fcpProperties(fcp))).toEqual([]);
    expect(issues("web_vital_ttfb", ttfbProperties(ttfb))).toEqual([]);
  });

  it("sends GA4's web-vitals fields: value is the delta, milliseconds are whole", () => {
    expect(lcpProperties(lcp())).toEqual({
      value: 2140,
      metric_id: base.id,
      metric_value: 2140,
      metric_delta: 2140,
      metric_rating: "good",
      navigation_type: "navigate",
      debug_target: "#main>section>picture>img",
      time_to_first_byte_ms: 420,
      resource_load_delay_ms: 310,
      resource_load_duration_ms: 1180,
      element_render_delay_ms: 230,
    });
    expect(inpProperties(inp())).toMatchObject({
      interaction_type: "pointer",
      input_delay_ms: 12,
      processing_duration_ms: 40,
      presentation_delay_ms: 44,
      load_state: "complete",
    });
    expect(ttfbProperties(ttfb)).toMatchObject({ navigation_type: "back-forward-cache", dns_duration_ms: 30, request_duration_ms: 228 });
  });

  it("keeps the deltas of one metric summing to its rounded value", () => {
    // INP reported on hidden, then again (grown) after the visitor came back and left again.
    const first = inpProperties(inp({ value: 95.6, delta: 95.6 }));
    const second = inpProperties(inp({ value: 104.4, delta: 104.4 - 95.6 }));
    expect(first.metric_value).toBe(96);
    expect(first.metric_delta + second.metric_delta).toBe(second.metric_value);
    // CLS scores keep 4 decimals, and 0.1 + 0.2 still adds up.
    const a = clsProperties(cls({ value: 0.1, delta: 0.1 }));
    const b = clsProperties(cls({ value: 0.1 + 0.2, delta: 0.2 }));
    expect(b.metric_value).toBe(0.3);
    expect(a.metric_delta + b.metric_delta).toBeCloseTo(b.metric_value, 10);
    expect(b.value).toBe(b.metric_delta);
    // INP can shrink (its 98th percentile moves past 50 interactions): a negative delta is valid.
    const shrunk = inpProperties(inp({ value: 88, delta: -16 }));
    expect(shrunk.metric_delta).toBe(-16);
    expect(issues("web_vital_inp", shrunk)).toEqual([]);
  });

  it("truncates a selector to GA4's 100 characters, keeping the tag name", () => {
    const long = `img.${Array.from({ length: 30 }, (_, i) => `c-class${i}`).join(".")}`;
    expect(long.length).toBeGreaterThan(100);
    const mapped = lcpProperties(lcp({}, { target: long }));
    expect(mapped.debug_target).toHaveLength(100);
    expect(mapped.debug_target.startsWith("img.c-class0")).toBe(true);
    expect(issues("web_vital_lcp", mapped)).toEqual([]);
    expect(debugTarget("a".repeat(100))).toHaveLength(100);
    expect(debugTarget(undefined)).toBe("");
  });

  it("fills what the library could not attribute, so no property is ever missing", () => {
    // No interaction entry (below the browser's threshold), no shifts, a removed LCP element.
    const bareInp = inpProperties(inp({}, { interactionTarget: undefined, interactionType: undefined }));
    expect(bareInp).toMatchObject({ debug_target: "", interaction_type: "unknown" });
    expect(clsProperties(cls())).toMatchObject({ metric_value: 0, debug_target: "", largest_shift_value: 0 });
    expect(lcpProperties(lcp({}, { target: undefined })).debug_target).toBe("");
    for (const [name, properties] of [
      ["web_vital_inp", bareInp],
      ["web_vital_cls", clsProperties(cls())],
    ] as const) {
      expect(issues(name, properties)).toEqual([]);
    }
  });

  it("never sends a negative duration (a browser's rounding can make a phase a hair below 0)", () => {
    expect(inpProperties(inp({}, { inputDelay: -0.4, presentationDelay: -2 }))).toMatchObject({ input_delay_ms: 0, presentation_delay_ms: 0 });
  });
});

describe("INP reported when the page is hidden", () => {
  /** A page whose visibility the test sets, and a stand-in for onINP with every change reported. */
  function harness() {
    let hidden = false;
    const hiddenListeners: Array<() => void> = [];
    let report!: (metric: INPMetricWithAttribution) => void;
    const sent: Array<{ value: number; delta: number; id: string }> = [];
    reportWhenHidden<INPMetricWithAttribution>(
      (callback, options) => {
        expect(options.reportAllChanges).toBe(true);
        report = callback;
      },
      ({ value, delta, id }) => sent.push({ value, delta, id }),
      { hidden: () => hidden, onHidden: (listener) => hiddenListeners.push(listener) },
    );
    return {
      sent,
      change: (value: number, id = base.id) => report(inp({ value, delta: 0, id })),
      hide: () => {
        hidden = true;
        hiddenListeners.forEach((listener) => listener());
      },
      show: () => (hidden = false),
    };
  }

  it("pushes nothing while the page is visible, then the latest value once it is hidden", () => {
    const page = harness();
    page.change(48);
    page.change(96);
    expect(page.sent).toEqual([]);
    page.hide();
    expect(page.sent).toEqual([{ value: 96, delta: 96, id: base.id }]);
  });

  it("pushes an interaction the library finishes only after the page was hidden (the tap that left it)", () => {
    const page = harness();
    page.hide(); // the library's own final report came first, with no interaction yet: nothing to push
    expect(page.sent).toEqual([]);
    page.change(120); // its idle work for the tap runs next, in the same hidden event
    expect(page.sent).toEqual([{ value: 120, delta: 120, id: base.id }]);
  });

  it("pushes again only what changed after the visitor came back, as a delta", () => {
    const page = harness();
    page.change(96);
    page.hide();
    page.show();
    page.hide(); // hidden again without a slower interaction: nothing new
    page.show();
    page.change(200);
    page.hide();
    expect(page.sent).toEqual([
      { value: 96, delta: 96, id: base.id },
      { value: 200, delta: 104, id: base.id },
    ]);
  });

  it("starts a new metric after a back/forward-cache restore (a new id)", () => {
    const page = harness();
    page.change(96);
    page.hide();
    page.show();
    page.change(40, "v6-1764150000001-1234567890123");
    page.hide();
    expect(page.sent.map(({ delta, id }) => [id.slice(0, 16), delta])).toEqual([
      ["v6-1764150000000", 96],
      ["v6-1764150000001", 40],
    ]);
  });
});
