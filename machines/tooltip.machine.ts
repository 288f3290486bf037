import { setup } from "xstate";
import type { TrackedEvent } from "./tracked-event";
import { emitEvent } from "./emit-event";

// docs/requirements.md#4-behaviour, docs/requirements.md#9-constants: a tooltip flag (e.g. "Copied") resets after 5 s. Showing it again restarts the timer.

export const TOOLTIP_RESET_MS = 5000;
export type TooltipName = "phone_copied";

type TooltipEmitted = TrackedEvent<"tooltip_shown"> | TrackedEvent<"tooltip_reset">;

export const tooltipMachine = setup({
  types: {
    context: {} as { tooltip: TooltipName },
    events: {} as { type: "SHOW" } | { type: "HIDE" },
    input: {} as { tooltip: TooltipName },
    emitted: {} as TooltipEmitted,
  },
  actions: {
    trackShown: emitEvent("tooltip_shown", ({ context }) => ({ tooltip: context.tooltip })),
    trackTimedOut: emitEvent("tooltip_reset", ({ context }) => ({ tooltip: context.tooltip, reason: "timeout" })),
    trackHidden: emitEvent("tooltip_reset", ({ context }) => ({ tooltip: context.tooltip, reason: "hidden" })),
  },
  delays: { resetDelay: TOOLTIP_RESET_MS },
}).createMachine({
  id: "tooltip",
  description: "Transient tooltip flag (docs/requirements.md#4-behaviour, docs/requirements.md#9-constants)",
  context: ({ input }) => ({ tooltip: input.tooltip }),
  initial: "hidden",
  states: {
    hidden: { on: { SHOW: { target: "shown", actions: "trackShown" } } },
    shown: {
      on: {
        SHOW: { target: "shown", reenter: true, actions: "trackShown" },
        HIDE: { target: "hidden", actions: "trackHidden" },
      },
      after: { resetDelay: { target: "hidden", actions: "trackTimedOut" } },
    },
  },
});
