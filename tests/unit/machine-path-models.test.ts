import { describe, expect, it } from "vitest";
import { ALL_MACHINES } from "../../machines/catalogue-of-machines";
import { machineTransitions } from "../../machines/machine-graph";
import { transitionPaths } from "../../machines/transition-paths";
import { delayOf, DRIVERS } from "../e2e/machine-paths/drivers";

// The browser path tests' models, walked without a browser: every transition of every machine is taken by
// some path, and every event a path sends is mapped to a visitor action (tests/e2e/machine-paths.spec.ts
// fails the same way, later and slower).

describe("machine path models (tests/e2e/machine-paths/drivers.ts)", () => {
  it("cover every machine of the catalogue", () => {
    expect(DRIVERS.map((d) => d.machine.id)).toEqual(ALL_MACHINES.map((m) => m.machine.id));
  });

  for (const driver of DRIVERS) {
    it(`${driver.machine.id}: the paths take every transition, each event with a visitor action`, () => {
      const results = driver.setups.map((setup) => transitionPaths(setup.model));
      const taken = new Set(results.flatMap((r) => r.paths.flatMap((p) => [...(p.arrival?.transitions ?? []), ...p.steps.flatMap((s) => s.transitions)])));
      expect(
        machineTransitions(driver.machine)
          .filter((t) => !taken.has(t.key))
          .map((t) => t.key),
      ).toEqual([]);
      const unmapped = results
        .flatMap((r) => r.paths.flatMap((p) => p.steps.map((s) => s.event)))
        .filter((event) => !driver.actions[event.type] && delayOf(driver.machine, event) === null)
        .map((event) => event.type);
      expect([...new Set(unmapped)]).toEqual([]);
    });
  }
});
