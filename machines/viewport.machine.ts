import { assign, setup } from "xstate";
import { isMobileWidth } from "./spec-values";
import type { TrackedEvent } from "./tracked-event";
import { emitEvent } from "./emit-event";

// docs/requirements.md#4-behaviour, docs/requirements.md#9-constants: mobile status starts from the server-given value (so the first client render matches
// the server's), then is rechecked on load and on resize. 768 px or less is mobile.

type ViewportEvent = { type: "VIEWPORT_MEASURED"; width: number };

const viewportSetup = setup({
  types: {
    context: {} as { width: number | null },
    events: {} as ViewportEvent,
    emitted: {} as TrackedEvent<"viewport_changed">,
  },
  actions: {
    assignWidth: assign({ width: ({ event }) => Math.max(0, Math.round(event.width)) }),
    trackChanged: emitEvent("viewport_changed", ({ context }) => ({ is_mobile: isMobileWidth(context.width ?? 0), viewport_width: context.width ?? 0 })),
  },
  guards: {
    measuresMobile: ({ event }) => isMobileWidth(event.width),
    measuresDesktop: ({ event }) => !isMobileWidth(event.width),
  },
});

/** The initial state is the server's guess (context.isMobile), so it is part of the machine, not input. */
function createViewportMachine(initial: "mobile" | "desktop") {
  return viewportSetup.createMachine({
    id: "viewport",
    description: "Mobile or desktop: the server's guess first, then measured on load and resize (docs/requirements.md#4-behaviour)",
    context: { width: null },
    initial,
    states: {
      // Only a change of class is a transition: measuring the same class again changes nothing.
      mobile: {
        on: {
          VIEWPORT_MEASURED: { guard: "measuresDesktop", target: "desktop", actions: ["assignWidth", "trackChanged"] },
        },
      },
      desktop: {
        on: { VIEWPORT_MEASURED: { guard: "measuresMobile", target: "mobile", actions: ["assignWidth", "trackChanged"] } },
      },
    },
  });
}

export const viewportMachine = createViewportMachine("desktop");
export const mobileFirstViewportMachine = createViewportMachine("mobile");

export function viewportMachineFor(isMobile: boolean) {
  return isMobile ? mobileFirstViewportMachine : viewportMachine;
}
