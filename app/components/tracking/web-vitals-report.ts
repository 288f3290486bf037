import {
  onCLS,
  onFCP,
  onINP,
  onLCP,
  onTTFB,
  type CLSMetricWithAttribution,
  type FCPMetricWithAttribution,
  type INPMetricWithAttribution,
  type LCPMetricWithAttribution,
  type MetricType,
  type ReportOpts,
  type TTFBMetricWithAttribution,
} from "web-vitals/attribution";
import type { EventProperties } from "../../../tracking/catalogue";
import type { track as Track } from "../../../tracking/track";

// Field Web Vitals as catalogue events: the lazily loaded half (use-tracking.ts loads it after hydration).
// The library's default reporting: LCP, FCP and TTFB once, CLS and INP when the page is hidden (and
// again if they changed after the visitor came back). Why this way: docs/decisions/025-field-web-vitals.md.

/** A User Timing mark set once the library observes: the moment `npm run bench:vitals` measures. */
const WEB_VITALS_READY_MARK = "storefront:web-vitals-ready";

/** GA4 takes at most 100 characters a value. */
const MAX_VALUE_LENGTH = 100;

type Common = Pick<EventProperties<"web_vital_lcp">, "value" | "metric_id" | "metric_value" | "metric_delta" | "metric_rating" | "navigation_type">;

const roundMs = (n: number) => Math.round(n);
const roundScore = (n: number) => Math.round(n * 10_000) / 10_000;
/** Durations are never negative; a browser's rounding can make a part a hair below 0. */
const ms = (n: number | undefined) => Math.max(0, roundMs(n ?? 0));

/**
 * Value and delta rounded so that the deltas of one metric id still add up to its value: the delta is
 * the difference of the rounded value and the rounded previous value (value - delta).
 */
function common(metric: MetricType, round: (n: number) => number): Common {
  const value = round(metric.value);
  const delta = round(value - round(metric.value - metric.delta));
  return {
    value: delta,
    metric_id: metric.id,
    metric_value: value,
    metric_delta: delta,
    metric_rating: metric.rating,
    navigation_type: metric.navigationType,
  };
}

/**
 * A selector for GA4, at most 100 characters. The library already drops ancestors to stay near 100, so
 * only one element with a long class list is longer: its start keeps the tag name and first classes.
 */
export function debugTarget(selector: string | undefined): string {
  return (selector ?? "").slice(0, MAX_VALUE_LENGTH);
}

export function lcpProperties(metric: LCPMetricWithAttribution): EventProperties<"web_vital_lcp"> {
  const a = metric.attribution;
  return {
    ...common(metric, roundMs),
    debug_target: debugTarget(a.target),
    time_to_first_byte_ms: ms(a.timeToFirstByte),
    resource_load_delay_ms: ms(a.resourceLoadDelay),
    resource_load_duration_ms: ms(a.resourceLoadDuration),
    element_render_delay_ms: ms(a.elementRenderDelay),
  };
}

export function inpProperties(metric: INPMetricWithAttribution): EventProperties<"web_vital_inp"> {
  const a = metric.attribution;
  return {
    ...common(metric, roundMs),
    debug_target: debugTarget(a.interactionTarget),
    interaction_type: a.interactionType ?? "unknown",
    input_delay_ms: ms(a.inputDelay),
    processing_duration_ms: ms(a.processingDuration),
    presentation_delay_ms: ms(a.presentationDelay),
    load_state: a.loadState,
  };
}

export function clsProperties(metric: CLSMetricWithAttribution): EventProperties<"web_vital_cls"> {
  const a = metric.attribution;
  return {
    ...common(metric, roundScore),
    debug_target: debugTarget(a.largestShiftTarget),
    largest_shift_value: roundScore(a.largestShiftValue ?? 0),
  };
}

export function fcpProperties(metric: FCPMetricWithAttribution): EventProperties<"web_vital_fcp"> {
  const a = metric.attribution;
  return {
    ...common(metric, roundMs),
    time_to_first_byte_ms: ms(a.timeToFirstByte),
    first_byte_to_fcp_ms: ms(a.firstByteToFCP),
    load_state: a.loadState,
  };
}

export function ttfbProperties(metric: TTFBMetricWithAttribution): EventProperties<"web_vital_ttfb"> {
  const a = metric.attribution;
  return {
    ...common(metric, roundMs),
    waiting_duration_ms: ms(a.waitingDuration),
    cache_duration_ms: ms(a.cacheDuration),
    dns_duration_ms: ms(a.dnsDuration),
    connection_duration_ms: ms(a.connectionDuration),
    request_duration_ms: ms(a.requestDuration),
  };
}

/** The page's visibility, as the reporter needs it (a seam for the unit tests). */
export interface Visibility {
  hidden(): boolean;
  /** Calls `listener` each time the page becomes hidden, after the library's own listeners. */
  onHidden(listener: () => void): void;
}

const documentVisibility: Visibility = {
  hidden: () => document.visibilityState === "hidden",
  onHidden: (listener) => addEventListener("visibilitychange", () => document.visibilityState === "hidden" && listener(), true),
};

/**
 * The library's default reporting (the value when the page is hidden, and again if it changed after the
 * visitor came back), kept by us. web-vitals 6.2.3 processes an interaction in an idle callback (up to
 * 1 s later) and, when the page is hidden first, makes its final report before that pending work: the
 * tap that left the page (a booking link) was lost. Asked for every change, we keep the latest in
 * memory and push it when hidden, including a change that arrives while hidden (decision 025).
 */
export function reportWhenHidden<M extends MetricType>(
  subscribe: (report: (metric: M) => void, options: ReportOpts) => void,
  send: (metric: M) => void,
  visibility: Visibility = documentVisibility,
): void {
  let latest: M | undefined;
  const sent = new Map<string, number>(); // metric id → the value last pushed
  const flush = () => {
    if (!latest || sent.get(latest.id) === latest.value) return;
    send({ ...latest, delta: latest.value - (sent.get(latest.id) ?? 0) });
    sent.set(latest.id, latest.value);
  };
  subscribe(
    (metric) => {
      latest = metric;
      if (visibility.hidden()) flush();
    },
    { reportAllChanges: true },
  );
  visibility.onHidden(flush);
}

/**
 * Starts the library's observers; each report goes through track() like every other event. track() is
 * passed in rather than imported, so this lazily loaded chunk shares nothing with the page's own code and
 * the compiler does not split the main bundle around it.
 */
export function reportWebVitals(track: typeof Track): void {
  onTTFB((metric) => track("web_vital_ttfb", ttfbProperties(metric)));
  onFCP((metric) => track("web_vital_fcp", fcpProperties(metric)));
  onLCP((metric) => track("web_vital_lcp", lcpProperties(metric)));
  onCLS((metric) => track("web_vital_cls", clsProperties(metric)));
  reportWhenHidden(onINP, (metric) => track("web_vital_inp", inpProperties(metric)));
  performance.mark(WEB_VITALS_READY_MARK);
}
