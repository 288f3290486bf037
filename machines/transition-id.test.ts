import { describe, expect, it } from "vitest";
import { ALL_MACHINES } from "./catalogue-of-machines";
import { machineTransitions } from "./machine-graph";
import { machineOfTransitionId, transitionId } from "./transition-id";

// The bridge names a taken transition from the live transition object; the diagrams and the coverage
// name it from the definition walk. Both must give the same id, or an arrow never lights up.
describe("transition ids", () => {
  for (const { machine } of ALL_MACHINES) {
    it(`${machine.id}: the id of each live transition is the id of its arrow, and unique`, () => {
      const transitions = machineTransitions(machine);
      for (const t of transitions) expect(transitionId(t.definition as never)).toBe(t.key);
      expect(new Set(transitions.map((t) => t.key)).size).toBe(transitions.length);
      for (const t of transitions) expect(machineOfTransitionId(t.key)).toBe(machine.id);
    });
  }

  it("stays the same for a machine given other implementations (components provide their DOM effects)", () => {
    const header = ALL_MACHINES[0].machine;
    const provided = header.provide({ actions: { trackSampled: () => {} } } as never);
    expect(machineTransitions(provided).map((t) => t.key)).toEqual(machineTransitions(header).map((t) => t.key));
  });

  it("tells guarded candidates of one event apart by position, and names eventless transitions with an empty event", () => {
    const keys = machineTransitions(ALL_MACHINES[0].machine).map((t) => t.key);
    expect(keys).toContain("header.throttle.cooling|xstate.after.throttle.header.throttle.cooling|0");
    expect(keys).toContain("header.throttle.cooling|xstate.after.throttle.header.throttle.cooling|1");
    expect(keys).toContain("header.visibility.hidden||0");
  });
});
