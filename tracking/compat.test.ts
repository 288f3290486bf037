import { describe, expect, it } from "vitest";
import { compareEvent, comparePlans } from "./compat";
import { buildPlan, type PlanEvent } from "./plan";
import { historyEntries, readPlanHistory, readReleasedPlan } from "./plan-release";

// The gate (run by `npm test`): the catalogue against the released plan; and the rules, on deliberate
// changes to one released event.

const current = buildPlan();

describe("the catalogue against the released plan (tracking/plan.released.json)", () => {
  it("changes no event without the version bump its changes need", () => {
    const problems = comparePlans(readReleasedPlan(), current).flatMap((verdict) => verdict.problems);
    expect(problems, "run npm run tracking:compat for the details").toEqual([]);
  });

  it("versions the envelope like an event: event_id is an ADDITION, and the same fields at the old version are refused", () => {
    const envelope = comparePlans(readReleasedPlan(), current).find((verdict) => verdict.event === "(envelope)")!;
    expect(envelope.needs).toBe("ADDITION");
    expect(envelope.changes.map((change) => `${change.path}: ${change.what}`)).toContain("event_id: optional property added");
    const unbumped = comparePlans(readReleasedPlan(), { ...current, envelope: { ...current.envelope, version: "1-0-0" } });
    expect(unbumped.flatMap((verdict) => verdict.problems)).toEqual([
      expect.stringMatching(/^\(envelope\): event_id: optional property added needs an ADDITION bump/),
    ]);
  });

  it("has a history entry for every released event at its released version", () => {
    const history = readPlanHistory();
    for (const event of readReleasedPlan().events) {
      const entries = history.filter((entry) => entry.event === event.name);
      expect(entries.at(-1)?.version, event.name).toBe(event.version);
    }
  });
});

// The rules are tried on menu_closed as it was released (its version then is 1-0-0, whatever the catalogue's is now).
const released = readReleasedPlan().events.find((event) => event.name === "menu_closed")!;
const clone = (): PlanEvent => JSON.parse(JSON.stringify(released)) as PlanEvent;
type Props = { properties: Record<string, Record<string, unknown>>; required: string[] };
const props = (event: PlanEvent) => event.properties as unknown as Props;
const versioned = (event: PlanEvent, version: string) => ({ ...event, version: version as PlanEvent["version"] });
const problemsOf = (after: PlanEvent | undefined, removals?: Set<string>) => compareEvent(released, after, removals).problems;

describe("the rules", () => {
  it("accepts an unchanged event at its version", () => {
    expect(problemsOf(clone())).toEqual([]);
  });

  it("refuses a removed property without a MODEL bump, and accepts it with one", () => {
    const after = clone();
    delete props(after).properties.reason;
    props(after).required = props(after).required.filter((key) => key !== "reason");
    expect(problemsOf(versioned(after, "1-0-1"))).toEqual([
      expect.stringMatching(/^menu_closed: reason: property removed needs a MODEL bump \(1-0-0 → 2-0-0\)/),
    ]);
    expect(problemsOf(versioned(after, "1-1-0"))).toHaveLength(1);
    expect(problemsOf(versioned(after, "2-0-0"))).toEqual([]);
  });

  it("refuses a narrowed enum without a MODEL bump; a widened one needs an ADDITION", () => {
    const narrowed = clone();
    const reason = props(narrowed).properties.reason!;
    reason.enum = (reason.enum as string[]).slice(0, 2);
    expect(problemsOf(narrowed)).toEqual([expect.stringContaining("enum narrowed")]);
    expect(problemsOf(versioned(narrowed, "2-0-0"))).toEqual([]);
    const widened = clone();
    const releasedReasons = props(clone()).properties.reason!.enum as string[];
    props(widened).properties.reason!.enum = [...releasedReasons, "scroll_away"];
    const widenedProblems = problemsOf(widened);
    expect(widenedProblems).toEqual([expect.stringContaining("needs an ADDITION bump")]);
    expect(problemsOf(versioned(widened, "1-0-1"))).toEqual([]);
  });

  it("refuses a property made required, or a new required one, without a MODEL bump", () => {
    const optional: PlanEvent = clone();
    props(optional).required = props(optional).required.filter((key) => key !== "reason");
    const backToRequired = compareEvent(versioned(optional, "1-0-1"), versioned(clone(), "1-0-2")).problems;
    expect(backToRequired).toEqual([expect.stringContaining("property made required needs a MODEL bump")]);
    const withNew = clone();
    props(withNew).properties.source = { type: "string", maxLength: 40 };
    props(withNew).required.push("source");
    expect(problemsOf(versioned(withNew, "1-0-1"))).toEqual([expect.stringContaining("source: required property added needs a MODEL bump")]);
  });

  it("refuses a new optional property without at least an ADDITION bump", () => {
    const after = clone();
    props(after).properties.source = { type: "string", maxLength: 40, description: "Where", pii: false };
    expect(problemsOf(after)).toEqual([expect.stringContaining("source: optional property added needs an ADDITION bump (1-0-0 → 1-0-1)")]);
    expect(problemsOf(versioned(after, "1-0-1"))).toEqual([]);
  });

  it("refuses a narrowed limit (maxLength down, a minimum up) without a MODEL bump", () => {
    const after = clone();
    const menu = props(after).properties.menu!;
    menu.maxLength = 5;
    expect(problemsOf(after)[0]).toMatch(/menu: maxLength lowered from none to 5 needs a MODEL bump/);
  });

  it("refuses a bumped version with no schema change; a description change needs none", () => {
    expect(problemsOf(versioned(clone(), "1-0-1"))).toEqual(["menu_closed: version bumped 1-0-0 → 1-0-1 with no schema change"]);
    const described = clone();
    props(described).properties.reason!.description = "Why the menu closed, in other words";
    expect(problemsOf(described)).toEqual([]);
  });

  it("refuses versions that skip or go back", () => {
    expect(problemsOf(versioned(clone(), "3-0-0"))[0]).toMatch(/is not one step/);
    expect(problemsOf(versioned(clone(), "0-9-0"))[0]).toMatch(/is not one step/);
  });

  it("refuses a removed event unless the release names it", () => {
    expect(problemsOf(undefined)).toEqual([expect.stringContaining("menu_closed: removed from the catalogue")]);
    expect(problemsOf(undefined, new Set(["menu_closed"]))).toEqual([]);
  });

  it("writes history for new, removed and re-versioned events only", () => {
    const after = clone();
    props(after).properties.source = { type: "string" };
    const verdicts = [compareEvent(released, versioned(after, "1-0-1")), compareEvent(undefined, current.events[0]), compareEvent(released, clone())];
    expect(historyEntries(verdicts, "2026-11-24")).toEqual([
      { event: "menu_closed", version: "1-0-1", date: "2026-11-24", changes: ["source: optional property added"] },
      { event: current.events[0]!.name, version: current.events[0]!.version, date: "2026-11-24", changes: ["first released"] },
    ]);
  });
});
