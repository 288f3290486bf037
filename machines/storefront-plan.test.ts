import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { catalogue } from "../tracking/catalogue";
import type { EventDefinition } from "../tracking/define-event";
import { machineEmitters } from "./emitted-by";
import { storefrontPlan, storefrontPlanText } from "./storefront-plan";

describe("the storefront's tracking plan", () => {
  // CI runs the unit tests, so a catalogue or machine change without `npm run tracking:plan` fails the build.
  it("tracking/plan.json is up to date with the catalogue and the machines (run `npm run tracking:plan`)", () => {
    const committed = readFileSync(fileURLToPath(new URL("../tracking/plan.json", import.meta.url)), "utf8");
    expect(committed === storefrontPlanText(), "tracking/plan.json is stale: run `npm run tracking:plan` and commit it").toBe(true);
  });

  it("names an emitter for every event: machine transitions from the actions that emit them, or the components a definition lists", () => {
    const plan = storefrontPlan();
    for (const event of plan.events) expect(event.emittedBy.length, `${event.name} has no emitter`).toBeGreaterThan(0);
    const header = plan.events.find((event) => event.name === "header_shadow_changed")!;
    expect(header.emittedBy).toEqual([
      "header: elevation.flat → elevation.raised (SAMPLE [isBeyondShadowThreshold])",
      "header: elevation.raised → elevation.flat (SAMPLE [not(isBeyondShadowThreshold)])",
    ]);
  });

  it("lists a transition only under the event its emitting action names, and only catalogue events", () => {
    const names = new Set([...catalogue].map((definition) => (definition as EventDefinition).name));
    for (const name of Object.keys(machineEmitters())) expect(names, `an action emits "${name}"`).toContain(name);
    // An event a definition says machines emit must not also be claimed by a component line for a machine.
    for (const definition of [...catalogue] as EventDefinition[]) {
      for (const line of definition.components ?? []) expect(line, definition.name).not.toMatch(/^[a-zA-Z]+: \S+ → /);
    }
  });
});
