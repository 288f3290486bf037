import { emit, setup } from "xstate";
import type { TrackedEvent, TransitionMeta } from "./tracked-event";

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
    transitionMeta: {} as TransitionMeta,
  },
  actions: {
    trackShown: emit(({ context }) => ({ type: "tooltip_shown" as const, tooltip: context.tooltip })),
    trackTimedOut: emit(({ context }) => ({ type: "tooltip_reset" as const, tooltip: context.tooltip, reason: "timeout" as const })),
    trackHidden: emit(({ context }) => ({ type: "tooltip_reset" as const, tooltip: context.tooltip, reason: "hidden" as const })),
  },
  delays: { resetDelay: TOOLTIP_RESET_MS },
}).createMachine({
  id: "tooltip",
  description: "Transient tooltip flag (docs/requirements.md#4-behaviour, docs/requirements.md#9-constants)",
  context: ({ input }) => ({ tooltip: input.tooltip }),
  initial: "hidden",
  states: {
    hidden: { on: { SHOW: { target: "shown", actions: "trackShown", meta: { emits: "tooltip_shown" } } } },
    shown: {
      on: {
        SHOW: { target: "shown", reenter: true, actions: "trackShown", meta: { emits: "tooltip_shown" } },
        HIDE: { target: "hidden", actions: "trackHidden", meta: { emits: "tooltip_reset" } },
      },
      after: { resetDelay: { target: "hidden", actions: "trackTimedOut", meta: { emits: "tooltip_reset" } } },
    },
  },
});
