import { beforeAll, describe, expect, it } from "vitest";
import { ALL_MACHINES } from "../../machines/catalogue-of-machines";
import { machineTransitions } from "../../machines/machine-graph";
import type { Chart, ChartState } from "./chart-model";
import { layoutChart, loadElk } from "./statechart-layout.server";

// The laid-out statecharts, checked as a reader would: boxes nest inside their parents, every arrow
// starts on its source box and ends on its target box, every transition of the definition is drawn.

const charts: Chart[] = [];
beforeAll(async () => {
  const layout = await loadElk();
  for (const { machine } of ALL_MACHINES) charts.push(await layoutChart(machine, layout));
}, 60_000);

const inside = (child: ChartState, parent: ChartState) =>
  child.x >= parent.x - 0.5 &&
  child.y >= parent.y - 0.5 &&
  child.x + child.width <= parent.x + parent.width + 0.5 &&
  child.y + child.height <= parent.y + parent.height + 0.5;

/** Distance from a point to a box's outline (0 on it, within 2 px counts). */
function nearOutline(point: { x: number; y: number }, box: ChartState): boolean {
  const onX = point.x >= box.x - 2 && point.x <= box.x + box.width + 2;
  const onY = point.y >= box.y - 2 && point.y <= box.y + box.height + 2;
  const nearVertical = Math.min(Math.abs(point.x - box.x), Math.abs(point.x - box.x - box.width)) <= 2;
  const nearHorizontal = Math.min(Math.abs(point.y - box.y), Math.abs(point.y - box.y - box.height)) <= 2;
  return (onY && nearVertical) || (onX && nearHorizontal);
}

const points = (d: string) => [...d.matchAll(/(-?[\d.]+),(-?[\d.]+)/g)].map((m) => ({ x: Number(m[1]), y: Number(m[2]) }));

describe("statechart layout", () => {
  // The chart column is about 770 px wide at 1280 px and a wider chart is scaled to fit it;
  // machines-inspector.spec.ts checks that each is drawn at 0.8 of full size or more.
  it("lays out every machine of the catalogue within 960 px, so it reads at 0.8 of full size or more at 1280 px", () => {
    expect(charts.map((c) => c.machineId)).toEqual(ALL_MACHINES.map((m) => m.machine.id));
    for (const chart of charts) expect(chart.width, chart.machineId).toBeLessThanOrEqual(960);
  });

  it("nests every state box inside its parent's, regions spanning their parallel state", () => {
    for (const chart of charts) {
      const byId = new Map(chart.states.map((s) => [s.id, s]));
      for (const state of chart.states) {
        if (!state.parent) continue;
        const parent = byId.get(state.parent)!;
        expect(inside(state, parent), `${state.id} inside ${parent.id}`).toBe(true);
        if (state.isRegion) expect(state.width).toBeGreaterThan(parent.width - 20);
      }
    }
  });

  it("draws each transition of the definition once: arrows from source outline to target outline, the rest listed on their state", () => {
    for (const { machine } of ALL_MACHINES) {
      const chart = charts.find((c) => c.machineId === machine.id)!;
      const byId = new Map(chart.states.map((s) => [s.id, s]));
      const definition = machineTransitions(machine);
      expect(chart.transitions.map((t) => t.id)).toEqual(definition.map((t) => t.key));
      for (const t of chart.transitions) {
        if (t.kind === "internal") {
          expect(byId.get(t.source)!.internal, t.id).toContain(t.id);
          continue;
        }
        expect(t.label, t.id).not.toBeNull();
        t.targets.forEach((target, i) => {
          const path = points(t.paths[i]!);
          expect(path.length, t.id).toBeGreaterThanOrEqual(2);
          expect(nearOutline(path[0]!, byId.get(t.source)!), `${t.id} starts on ${t.source}`).toBe(true);
          expect(nearOutline(path.at(-1)!, byId.get(target)!), `${t.id} ends on ${target}`).toBe(true);
        });
      }
    }
  });
});
