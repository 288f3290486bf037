import { describe, expect, it } from "vitest";
import { comparePlans } from "../compat";
import { buildGtmContainer, variableName } from "../gtm-container";
import { buildPlan } from "../plan";
import { readReleasedPlan } from "../plan-release";

// The field Web Vitals where analysts meet them: the plan, the tag manager export and the released plan
// the compatibility gate compares with (docs/decisions/025-field-web-vitals.md).

const VITALS = ["web_vital_cls", "web_vital_fcp", "web_vital_inp", "web_vital_lcp", "web_vital_ttfb"];
/** GA4's web-vitals example: the delta as the event value, and the metric's id, value, delta, rating and navigation type. */
const GA4_FIELDS = ["value", "metric_id", "metric_value", "metric_delta", "metric_rating", "navigation_type"];

const plan = buildPlan();
const vitals = plan.events.filter((event) => VITALS.includes(event.name));
const properties = (event: (typeof vitals)[number]) => (event.properties.properties ?? {}) as Record<string, { description?: string }>;

describe("field Web Vitals in the tracking plan", () => {
  it("has one pushed event per metric, in the performance category, each with GA4's web-vitals fields, all required", () => {
    expect(vitals.map((event) => event.name)).toEqual(VITALS);
    for (const event of vitals) {
      expect(event).toMatchObject({ category: "performance", dataLayer: "push", version: "1-0-0" });
      expect(Object.keys(properties(event))).toEqual(expect.arrayContaining(GA4_FIELDS));
      // The tag manager's merged data model would fill a missing property from an earlier push.
      expect((event.properties.required as string[]).sort()).toEqual(Object.keys(properties(event)).sort());
    }
  });

  it("describes a property the metrics share once, since it is one variable and one GA4 custom definition", () => {
    const descriptions = new Map<string, Set<string>>();
    for (const event of vitals)
      for (const [key, schema] of Object.entries(properties(event))) descriptions.set(key, (descriptions.get(key) ?? new Set()).add(schema.description ?? ""));
    for (const [key, texts] of descriptions) expect([...texts], key).toHaveLength(1);
  });

  it("gives the tag manager a trigger, a GA4 tag sending every property, and a variable for each, in a performance folder", () => {
    const version = buildGtmContainer(plan).containerVersion;
    const folder = version.folder.find((f) => f.name === "Storefront: performance")!;
    expect(folder).toBeDefined();
    const variables = new Set(version.variable.map((v) => v.name));
    for (const event of vitals) {
      const trigger = version.trigger.find((t) => t.name === `Event - ${event.name}`)!;
      const tag = version.tag.find((t) => t.name === `GA4 - ${event.name}`)!;
      expect(tag.firingTriggerId).toEqual([trigger.triggerId]);
      expect([tag.parentFolderId, trigger.parentFolderId]).toEqual([folder.folderId, folder.folderId]);
      const sent = JSON.stringify(tag.parameter);
      for (const key of Object.keys(properties(event))) {
        expect(variables.has(variableName(key)), key).toBe(true);
        expect(sent, `${event.name}.${key}`).toContain(`"value":"${key}"`);
      }
    }
  });

  it("is in the released plan, so the compatibility gate guards its schemas", () => {
    const released = readReleasedPlan();
    expect(released.events.filter((event) => VITALS.includes(event.name)).map((event) => event.name)).toEqual(VITALS);
    const verdicts = comparePlans(released, plan).filter((verdict) => VITALS.includes(verdict.event));
    expect(verdicts.flatMap((verdict) => verdict.problems)).toEqual([]);
  });
});
