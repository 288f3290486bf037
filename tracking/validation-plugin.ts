import type { AnalyticsPlugin } from "analytics";
import type { DeliveryEnvelope } from "./data-layer";
import { recordLiveEvent } from "./live-log";
import { describeIssues, validateEvent, type ValidationIssue, type ValidationResult } from "./validate";

// The verdict step of the one analytics instance: `trackStart` runs before any plugin's `track`, and
// `abort()` there keeps an invalid event away from every destination (analytics-core's engine). The
// delivery queue validated the event already (once) and passes its verdict along; strict mode threw
// there, so an invalid event here is production's: dropped, and reported as tracking_violation.

const VIOLATION_EVENT = "tracking_violation";

type Envelope = Partial<DeliveryEnvelope> & { verdict?: ValidationResult };

interface TrackStartArgs {
  payload: { event: string; properties: unknown; options?: Envelope };
  abort: (reason: string) => unknown;
}

export interface ValidationPluginOptions {
  /** Delivers the tracking_violation in the dropped event's place (so the order is kept). */
  report: (event: string, properties: Record<string, unknown>, envelope: Partial<DeliveryEnvelope>) => void;
}

/** The `tracking_violation` properties for a dropped event, within GA4's 100-character values. */
function violationProperties(eventName: string, issues: readonly ValidationIssue[]) {
  const text = describeIssues(issues);
  return {
    violated_event: eventName.slice(0, 40),
    issue_paths: issues
      .map((issue) => issue.path)
      .join(",")
      .slice(0, 100),
    issues: text.length > 100 ? `${text.slice(0, 99)}…` : text,
    issue_count: issues.length,
  };
}

/** Reports an invalid event as tracking_violation, unless the report would fail too (e.g. a broken page context): no loops. */
export function reportViolation(
  options: ValidationPluginOptions,
  event: string,
  issues: readonly ValidationIssue[],
  envelope: Partial<DeliveryEnvelope>,
): void {
  const violation = violationProperties(event, issues);
  if (event !== VIOLATION_EVENT && validateEvent(VIOLATION_EVENT, violation, { page: envelope.page ?? null, attribution: envelope.attribution }).ok) {
    options.report(VIOLATION_EVENT, violation, envelope);
  }
}

export function validationPlugin(options: ValidationPluginOptions): AnalyticsPlugin {
  return {
    name: "storefront-validation",
    trackStart: ({ payload, abort }: TrackStartArgs) => {
      const { verdict, ...envelope } = payload.options ?? {};
      // Anything that reaches analytics without the queue's verdict is checked here, as it would have been.
      const result = verdict ?? validateEvent(payload.event, payload.properties, { page: envelope.page ?? null, attribution: envelope.attribution });
      if (result.ok) return undefined;
      recordLiveEvent({
        event: payload.event,
        properties: payload.properties,
        valid: false,
        issues: result.issues.map((issue) => `${issue.path}: ${issue.message}`),
        outcome: "dropped (invalid)",
      });
      reportViolation(options, payload.event, result.issues, envelope);
      return abort(describeIssues(result.issues));
    },
  };
}
