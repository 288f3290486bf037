import { describe, expect, it } from "vitest";
import { consentBannerMachine } from "./consent-banner.machine";
import { machineTransitions } from "./machine-graph";
import { tooltipMachine } from "./tooltip.machine";
import { pushedNames, transitionPaths } from "./transition-paths";
import { videoMachine } from "./video.machine";

const tooltip = { machine: tooltipMachine, input: { tooltip: "phone_copied" } };

describe("transitionPaths", () => {
  it("takes every transition, each path from the first state, each step taking at least one transition", () => {
    const { paths, untaken } = transitionPaths({ ...tooltip, events: (_, scheduled) => [{ type: "SHOW" }, { type: "HIDE" }, ...scheduled] });
    expect(untaken).toEqual([]);
    const taken = new Set(paths.flatMap((p) => p.steps.flatMap((s) => s.transitions)));
    expect([...taken].sort()).toEqual(
      machineTransitions(tooltipMachine)
        .map((t) => t.key)
        .sort(),
    );
    for (const path of paths) {
      expect(path.steps[0]!.transitions[0]).toBe("tooltip.hidden|SHOW|0");
      for (const step of path.steps) expect(step.transitions.length).toBeGreaterThan(0);
      // What a path was chosen for is what it takes.
      for (const id of path.covers) expect(path.steps.flatMap((s) => s.transitions)).toContain(id);
    }
    // The delay is a fact of its own: "5 s passed" is a step, named by xstate's delayed event.
    expect(paths.flatMap((p) => p.steps.map((s) => s.event.type))).toContain("xstate.after.resetDelay.tooltip.shown");
  });

  it("lists the transitions its events never reach, so a new transition without a fact fails", () => {
    const { untaken } = transitionPaths({ ...tooltip, events: (_, scheduled) => [{ type: "SHOW" }, ...scheduled] });
    expect(untaken).toEqual(["tooltip.shown|HIDE|0"]);
  });

  it("starts after the page's own arrival, and counts what it took", () => {
    const input = { defaultDenied: true, countryKnown: true, chosen: false, isBot: false };
    const { paths, untaken } = transitionPaths({
      machine: consentBannerMachine,
      input,
      arrival: { type: "ARRIVED" },
      events: () => [{ type: "ACCEPT_ALL" }],
    });
    expect(untaken).toContain("consentBanner.choosing|SAVE|0");
    expect(paths).toHaveLength(1);
    expect(paths[0]!.arrival).toMatchObject({ transitions: ["consentBanner.hidden|ARRIVED|0"], value: "shown", pushed: [] });
    expect(paths[0]!.steps.map((s) => s.transitions)).toEqual([["consentBanner.shown|ACCEPT_ALL|0"]]);
    expect(paths[0]!.steps[0]!.pushed).toEqual(["consent_choice_saved"]);
  });

  it("makes a component's answer (the player's position, asked for every 5 s) part of the step that asked", () => {
    const machine = videoMachine.provide({
      actions: {
        requestProgress: ({ context, self }) => self.send({ type: "PROGRESS", currentTime: context.currentTime + 5, duration: context.duration }),
      },
    });
    const { paths } = transitionPaths({
      machine,
      input: { videoId: "abcdefghijk", title: "Paris" },
      // Two checks are enough here; the browser models stop before the end of the video too.
      events: (state, scheduled) =>
        state.value === "idle"
          ? [{ type: "PLAYING", currentTime: 0, duration: 50 }]
          : (state.context as { currentTime: number }).currentTime < 10
            ? scheduled
            : [],
    });
    const check = paths.flatMap((p) => p.steps).find((s) => s.event.type === "xstate.after.progressCheck.video.playing")!;
    expect(check.transitions).toEqual(["video.playing|xstate.after.progressCheck.video.playing|0", "video.playing|PROGRESS|0"]);
    expect(check.pushed).toEqual(["video_milestone_reached"]);
  });
});

describe("pushedNames (tracking/data-layer-policy.ts)", () => {
  it("leaves out events that are off the data layer, and a deduplicated event equal to its last push", () => {
    const last = new Map<string, string>();
    expect(
      pushedNames(
        [
          { type: "header_scroll_sampled", scroll_y: 81, direction: "down" },
          { type: "header_shadow_changed", shadow: true, scroll_y: 81 },
          { type: "menu_opened", menu: "mobile_menu" },
        ],
        last,
      ),
    ).toEqual(["header_shadow_changed", "menu_opened"]);
    expect(pushedNames([{ type: "header_shadow_changed", shadow: true, scroll_y: 81 }], last)).toEqual([]);
    expect(pushedNames([{ type: "header_shadow_changed", shadow: false, scroll_y: 79 }], last)).toEqual(["header_shadow_changed"]);
  });
});
