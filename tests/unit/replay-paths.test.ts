import { describe, expect, it } from "vitest";
import { replayVisit, type LogEntry } from "../../app/inspector/replay";
import { transitionPaths } from "../../machines/transition-paths";
import { dataLayerPolicy } from "../../tracking/data-layer-policy";
import { DRIVERS } from "../e2e/machine-paths/drivers";

// Every path the browser path tests take, written down as the data layer it leaves behind, replays on
// /machines with each entry matched to a transition, and the machine in the state the visit had when
// that entry was pushed (events that push nothing are lost from a log; the replay finds them again).

describe("a path test's data layer replays on its machine", () => {
  for (const driver of DRIVERS)
    for (const setup of driver.setups) {
      const uid = new URLSearchParams(setup.url.slice(setup.url.indexOf("?"))).get("uid")!;
      const page = { uid, isMobile: setup.agent === "phone", isLTT: uid.includes("london-theatre"), countryCode: setup.country ?? "US" };
      it(`${driver.machine.id}: ${setup.name}`, () => {
        for (const path of transitionPaths(setup.model).paths) {
          const entries: LogEntry[] = [{ index: 0, event: "page_viewed", properties: {}, page }];
          const expected: unknown[] = [];
          const lastPushed = new Map<string, string>();
          for (const step of [...(path.arrival ? [path.arrival] : []), ...path.steps])
            for (const { type, ...properties } of step.emitted) {
              const policy = dataLayerPolicy(type);
              if (policy === "off" || (policy === "dedupe" && lastPushed.get(type) === JSON.stringify(properties))) continue;
              lastPushed.set(type, JSON.stringify(properties));
              entries.push({ index: entries.length, event: type, properties, page });
              expected.push(step.value);
            }
          const { steps } = replayVisit(entries);
          const described = path.steps.map((s) => s.event.type).join(" → ");
          expect(
            steps.slice(1).map((s) => s.unmatched),
            described,
          ).toEqual(expected.map(() => null));
          expect(
            steps.slice(1).map((s) => s.states[driver.machine.id]!.value),
            described,
          ).toEqual(expected);
        }
      });
    }
});
