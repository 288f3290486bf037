// A namespace import, not `import { z }`: that form keeps every zod locale in the browser bundle (docs/decisions/008-event-schemas-in-zod-mini.md).
import * as z from "zod/mini";
import { defineEventsOf, prop, shared } from "../define-event";

const defineEvent = defineEventsOf({ owner: "web-platform", version: "1-0-0" });

// Field Web Vitals: what real visitors' browsers measured, through the `web-vitals` library's attribution
// build (app/components/tracking/web-vitals-report.ts). One event per metric, each with GA4's web-vitals
// fields and that metric's own attribution (docs/decisions/025-field-web-vitals.md). Every property is
// required: the tag manager's Data Layer Variables read a merged model, where a property one push left
// out would show the value of an earlier push.

const COMPONENTS = ["reportWebVitals() in app/components/tracking/web-vitals-report.ts (web-vitals, after hydration)"];

/** An hour in milliseconds: a bound no real measurement reaches. */
const MAX_MS = 3_600_000;
/** Layout shift scores are unitless; a page that shifts this much is broken anyway. */
const MAX_CLS = 100;

const ms = (description: string) => prop(z.int().check(z.minimum(0), z.maximum(MAX_MS)), description);
const msDelta = (description: string) => prop(z.int().check(z.minimum(-MAX_MS), z.maximum(MAX_MS)), description);
const score = (description: string) => prop(z.number().check(z.minimum(0), z.maximum(MAX_CLS)), description);
const scoreDelta = (description: string) => prop(z.number().check(z.minimum(-MAX_CLS), z.maximum(MAX_CLS)), description);

const metricId = shared(() =>
  prop(
    z.string().check(z.regex(/^v\d+-\d+-\d+$/), z.maxLength(40)),
    "The library's id of this metric instance (one per page load or back/forward-cache restore): sum metric_delta per metric_id to get the final value",
  ),
);
const metricRating = shared(() =>
  prop(
    z.enum(["good", "needs-improvement", "poor"]),
    "The library's rating against Google's thresholds for this metric (its own spelling, as GA4's example sends it)",
  ),
);
const NAVIGATION_TYPES = ["navigate", "reload", "back-forward", "back-forward-cache", "prerender", "restore", "soft-navigation"] as const;
const navigationType = shared(() =>
  prop(z.enum(NAVIGATION_TYPES), "How the document was reached: the Navigation Timing type, or back-forward-cache, prerender, restore (a discarded tab)"),
);
// A property several events share is one tag-manager variable and one GA4 custom definition, so it has
// one description, written for all of them.
const debugTarget = shared(() =>
  prop(
    z.string().check(z.maxLength(100)),
    "The element the metric points at (LCP: the largest contentful element; INP: the element interacted with; CLS: the first element moved in the largest shift), as a CSS selector of at most 100 characters; empty when unknown",
  ),
);
const LOAD_STATES = ["loading", "dom-interactive", "dom-content-loaded", "complete"] as const;
const loadState = shared(() => prop(z.enum(LOAD_STATES), "The document's loading state at the metric's moment (INP: the interaction; FCP: the paint)"));
const timeToFirstByte = shared(() => ms("From navigation start to the first byte of the document, in ms (a subpart of LCP and of FCP)"));

const VALUE = "Change since this metric instance's last report (metric_delta), as GA4's event value so it can be summed: ms, or the score for CLS";
const METRIC_VALUE = "The metric's value: milliseconds, or for CLS a unitless layout-shift score rounded to 4 decimals";
const METRIC_DELTA = "Change since this metric instance's last report (equal to metric_value on the first report): ms, or the score for CLS";

/** GA4's web-vitals fields for a metric in milliseconds. */
const timingFields = () => ({
  value: msDelta(VALUE),
  metric_id: metricId(),
  metric_value: ms(METRIC_VALUE),
  metric_delta: msDelta(METRIC_DELTA),
  metric_rating: metricRating(),
  navigation_type: navigationType(),
});

// One valid example per metric; each invalid example differs from it in the field it breaks.
const LCP_EXAMPLE = {
  value: 2140,
  metric_id: "v6-1764150000000-1234567890123",
  metric_value: 2140,
  metric_delta: 2140,
  metric_rating: "good",
  navigation_type: "navigate",
  debug_target: "#main>section>picture>img.c-hero",
  time_to_first_byte_ms: 420,
  resource_load_delay_ms: 310,
  resource_load_duration_ms: 1180,
  element_render_delay_ms: 230,
} as const;

const INP_EXAMPLE = {
  value: 96,
  metric_id: "v6-1764150000000-2234567890123",
  metric_value: 96,
  metric_delta: 96,
  metric_rating: "good",
  navigation_type: "navigate",
  debug_target: "#main>div.c-list>a.c-card",
  interaction_type: "pointer",
  input_delay_ms: 12,
  processing_duration_ms: 40,
  presentation_delay_ms: 44,
  load_state: "complete",
} as const;

const FCP_EXAMPLE = {
  value: 1180,
  metric_id: "v6-1764150000000-3234567890123",
  metric_value: 1180,
  metric_delta: 1180,
  metric_rating: "good",
  navigation_type: "reload",
  time_to_first_byte_ms: 420,
  first_byte_to_fcp_ms: 760,
  load_state: "dom-interactive",
} as const;

const TTFB_EXAMPLE = {
  value: 420,
  metric_id: "v6-1764150000000-4234567890123",
  metric_value: 420,
  metric_delta: 420,
  metric_rating: "good",
  navigation_type: "navigate",
  waiting_duration_ms: 2,
  cache_duration_ms: 0,
  dns_duration_ms: 30,
  connection_duration_ms: 160,
  request_duration_ms: 228,
} as const;

const CLS_EXAMPLE = {
  value: 0.0123,
  metric_id: "v6-1764150000000-1234567890123",
  metric_value: 0.0123,
  metric_delta: 0.0123,
  metric_rating: "good",
  navigation_type: "navigate",
  debug_target: "main>section.c-hero>img",
  largest_shift_value: 0.0123,
} as const;

export const webVitalsEvents = [
  defineEvent({
    name: "web_vital_lcp",
    description: "Largest Contentful Paint of this page load, reported once when the visitor first interacts or the page is hidden.",
    category: "performance",
    properties: () =>
      z.object({
        ...timingFields(),
        debug_target: debugTarget(),
        time_to_first_byte_ms: timeToFirstByte(),
        resource_load_delay_ms: ms("LCP subpart: from the first byte until the LCP resource (an image) started loading; 0 for text"),
        resource_load_duration_ms: ms("LCP subpart: how long the LCP resource took to load; 0 for text"),
        element_render_delay_ms: ms("LCP subpart: from the resource loaded (or the first byte) until the element was painted"),
      }),
    components: COMPONENTS,
    examples: {
      valid: [LCP_EXAMPLE],
      invalid: [
        { ...LCP_EXAMPLE, metric_rating: "needs_improvement", debug_target: "img" },
        { ...LCP_EXAMPLE, debug_target: "x".repeat(101) },
      ],
    },
  }),
  defineEvent({
    name: "web_vital_inp",
    description:
      "Interaction to Next Paint of this page load (its slowest interaction, or the 98th percentile past 50), reported when the page is hidden and again if it changed after the visitor came back. Not reported for a visit without a tap, click or key press.",
    category: "performance",
    properties: () =>
      z.object({
        ...timingFields(),
        debug_target: debugTarget(),
        interaction_type: prop(z.enum(["pointer", "keyboard", "unknown"]), "A pointer (tap, click) or a key press; unknown when the browser gave no entry"),
        input_delay_ms: ms("INP phase: from the input until the page's first event handler started (the main thread was busy)"),
        processing_duration_ms: ms("INP phase: how long the page's event handlers ran"),
        presentation_delay_ms: ms("INP phase: from the handlers' end until the next frame was presented"),
        load_state: loadState(),
      }),
    components: COMPONENTS,
    examples: {
      valid: [INP_EXAMPLE],
      invalid: [
        { ...INP_EXAMPLE, debug_target: "a", interaction_type: "touch" },
        { ...INP_EXAMPLE, debug_target: "a", input_delay_ms: -3 },
      ],
    },
  }),
  defineEvent({
    name: "web_vital_cls",
    description:
      "Cumulative Layout Shift of this page load (its worst session window of unexpected shifts), reported when the page is hidden and again if it grew after the visitor came back.",
    category: "performance",
    properties: () =>
      z.object({
        value: scoreDelta(VALUE),
        metric_id: metricId(),
        metric_value: score(METRIC_VALUE),
        metric_delta: scoreDelta(METRIC_DELTA),
        metric_rating: metricRating(),
        navigation_type: navigationType(),
        debug_target: debugTarget(),
        largest_shift_value: score("Score of the largest single layout shift in the window; 0 when nothing shifted"),
      }),
    components: COMPONENTS,
    examples: {
      valid: [CLS_EXAMPLE, { ...CLS_EXAMPLE, value: 0, metric_value: 0, metric_delta: 0, debug_target: "", largest_shift_value: 0 }],
      invalid: [
        { ...CLS_EXAMPLE, metric_value: -0.1 },
        { ...CLS_EXAMPLE, navigation_type: "back_forward" },
      ],
    },
  }),
  defineEvent({
    name: "web_vital_fcp",
    description: "First Contentful Paint of this page load, reported once it is known.",
    category: "performance",
    properties: () =>
      z.object({
        ...timingFields(),
        time_to_first_byte_ms: timeToFirstByte(),
        first_byte_to_fcp_ms: ms("From the first byte until the first contentful paint, in ms"),
        load_state: loadState(),
      }),
    components: COMPONENTS,
    examples: {
      valid: [FCP_EXAMPLE],
      invalid: [{ ...FCP_EXAMPLE, metric_id: "1764150000000" }],
    },
  }),
  defineEvent({
    name: "web_vital_ttfb",
    description: "Time to First Byte of the document, reported once the response has started.",
    category: "performance",
    properties: () =>
      z.object({
        ...timingFields(),
        waiting_duration_ms: ms("TTFB part: redirects and the wait before the request could start"),
        cache_duration_ms: ms("TTFB part: looking in the HTTP cache (service worker included)"),
        dns_duration_ms: ms("TTFB part: the DNS lookup"),
        connection_duration_ms: ms("TTFB part: TCP and TLS connection"),
        request_duration_ms: ms("TTFB part: from the request sent until the first byte of the response"),
      }),
    components: COMPONENTS,
    examples: {
      valid: [TTFB_EXAMPLE],
      invalid: [{ ...TTFB_EXAMPLE, value: 420.5 }],
    },
  }),
] as const;
