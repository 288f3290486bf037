import { and, assign, not, or, raise, setup } from "xstate";
import type { TrackedEvent } from "./tracked-event";
import { emitEvent } from "./emit-event";

// docs/requirements.md#4-behaviour, docs/requirements.md#9-constants: the header is sticky on mobile and on sites with a manual header; otherwise it hides
// while scrolling down and shows while scrolling up. A shadow shows once the page is scrolled MORE
// than 80 px. Scroll input is throttled to 200 ms: the first fact is sampled at once, later facts in
// the window are kept as one pending sample taken when the window closes (leading + trailing edge).

const SHADOW_THRESHOLD_PX = 80;
export const SCROLL_THROTTLE_MS = 200;
/** Near the top the header always shows, even on the way down: the height of the header (5rem). */
const HIDE_AFTER_PX = 80;

export interface HeaderContext {
  sticky: boolean;
  /** The last sampled scroll position and the one before it. */
  y: number;
  previousY: number;
  /** A scroll fact that arrived inside the throttle window. */
  pendingY: number | null;
}

export type HeaderEvent =
  | { type: "SCROLLED"; y: number }
  | { type: "STICKY_CHANGED"; sticky: boolean }
  /** Raised internally by the throttle region for the other regions; components never send it. */
  | { type: "SAMPLE" };

type HeaderEmitted =
  | TrackedEvent<"header_scroll_sampled">
  | TrackedEvent<"header_scroll_throttled">
  | TrackedEvent<"header_shadow_changed">
  | TrackedEvent<"header_visibility_changed">
  | TrackedEvent<"header_sticky_changed">;

const clampY = (y: number) => Math.max(0, Math.round(Number.isFinite(y) ? y : 0));

function direction(context: HeaderContext): "up" | "down" | "none" {
  return context.y > context.previousY ? "down" : context.y < context.previousY ? "up" : "none";
}

export const headerMachine = setup({
  types: {
    context: {} as HeaderContext,
    events: {} as HeaderEvent,
    input: {} as { sticky: boolean },
    emitted: {} as HeaderEmitted,
  },
  actions: {
    takeSample: assign(({ context, event }) => {
      const y = event.type === "SCROLLED" ? clampY(event.y) : (context.pendingY ?? context.y);
      return { previousY: context.y, y, pendingY: null };
    }),
    keepPending: assign({ pendingY: ({ event }) => (event.type === "SCROLLED" ? clampY(event.y) : null) }),
    assignSticky: assign({ sticky: ({ context, event }) => (event.type === "STICKY_CHANGED" ? event.sticky : context.sticky) }),
    /** Hands the new sample to the elevation and visibility regions. */
    raiseSample: raise({ type: "SAMPLE" }),
    trackSampled: emitEvent("header_scroll_sampled", ({ context }) => ({ scroll_y: context.y, direction: direction(context) })),
    trackDeferred: emitEvent("header_scroll_throttled", ({ event, context }) => ({
      phase: "deferred",
      scroll_y: event.type === "SCROLLED" ? clampY(event.y) : context.y,
    })),
    trackSettled: emitEvent("header_scroll_throttled", ({ context }) => ({ phase: "settled", scroll_y: context.y })),
    trackShadowShown: emitEvent("header_shadow_changed", ({ context }) => ({ shadow: true, scroll_y: context.y })),
    trackShadowHidden: emitEvent("header_shadow_changed", ({ context }) => ({ shadow: false, scroll_y: context.y })),
    trackHidden: emitEvent("header_visibility_changed", ({ context }) => ({ visible: false, reason: "scroll_down", scroll_y: context.y })),
    trackShown: emitEvent("header_visibility_changed", ({ context }) => ({
      visible: true,
      reason: context.sticky ? "sticky" : context.y <= HIDE_AFTER_PX ? "near_top" : "scroll_up",
      scroll_y: context.y,
    })),
    trackSticky: emitEvent("header_sticky_changed", ({ context }) => ({ sticky: context.sticky })),
  },
  guards: {
    // docs/requirements.md#9-constants: "more than 80 px": 81 shows the shadow, 80 does not.
    isBeyondShadowThreshold: ({ context }) => context.y > SHADOW_THRESHOLD_PX,
    isSticky: ({ context }) => context.sticky,
    isScrollingDown: ({ context }) => context.y > context.previousY,
    isScrollingUp: ({ context }) => context.y < context.previousY,
    isPastHeader: ({ context }) => context.y > HIDE_AFTER_PX,
    hasPendingSample: ({ context }) => context.pendingY !== null,
  },
  delays: {
    throttle: SCROLL_THROTTLE_MS,
  },
}).createMachine({
  id: "header",
  description: "Header stickiness, hide-on-scroll and shadow (docs/requirements.md#4-behaviour, docs/requirements.md#9-constants)",
  type: "parallel",
  context: ({ input }) => ({ sticky: input.sticky, y: 0, previousY: 0, pendingY: null }),
  on: {
    STICKY_CHANGED: { actions: ["assignSticky", "trackSticky"] },
  },
  states: {
    throttle: {
      initial: "ready",
      states: {
        ready: {
          on: {
            SCROLLED: { target: "cooling", actions: ["takeSample", "raiseSample", "trackSampled"] },
          },
        },
        cooling: {
          on: {
            SCROLLED: { actions: ["keepPending", "trackDeferred"] },
          },
          after: {
            throttle: [
              {
                guard: "hasPendingSample",
                target: "cooling",
                reenter: true,
                actions: ["takeSample", "raiseSample", "trackSampled"],
              },
              { target: "ready", actions: "trackSettled" },
            ],
          },
        },
      },
    },
    elevation: {
      initial: "flat",
      states: {
        flat: { on: { SAMPLE: { guard: "isBeyondShadowThreshold", target: "raised", actions: "trackShadowShown" } } },
        raised: {
          on: { SAMPLE: { guard: not("isBeyondShadowThreshold"), target: "flat", actions: "trackShadowHidden" } },
        },
      },
    },
    visibility: {
      initial: "shown",
      states: {
        shown: {
          on: {
            SAMPLE: {
              guard: and([not("isSticky"), "isScrollingDown", "isPastHeader"]),
              target: "hidden",
              actions: "trackHidden",
            },
          },
        },
        hidden: {
          // A header that becomes sticky (rotated to mobile) shows at once.
          always: { guard: "isSticky", target: "shown", actions: "trackShown" },
          on: {
            SAMPLE: {
              guard: or(["isScrollingUp", not("isPastHeader")]),
              target: "shown",
              actions: "trackShown",
            },
          },
        },
      },
    },
  },
});
