import { assign, setup } from "xstate";
import { JUMP_OFFSET_DESKTOP_PX, JUMP_OFFSET_MOBILE_PX, JUMP_SCROLL_MS } from "./spec-values";
import type { TrackedEvent } from "./tracked-event";
import { emitEvent } from "./emit-event";

// docs/requirements.md#2-pages-and-the-shell, docs/requirements.md#9-constants: in-page jump links scroll smoothly to a block id over 1200 ms, landing -30 px above
// it on mobile and -100 px on desktop. With prefers-reduced-motion the jump is instant. The scroll
// itself is `startScroll`/`jumpInstantly`, provided by the component (the machine reads no DOM).

export interface JumpLinkContext {
  targetId: string | null;
  offset: typeof JUMP_OFFSET_MOBILE_PX | typeof JUMP_OFFSET_DESKTOP_PX;
}

export type JumpLinkEvent = { type: "JUMP"; targetId: string; isMobile: boolean; reducedMotion: boolean };

function jumpOffset(isMobile: boolean): JumpLinkContext["offset"] {
  return isMobile ? JUMP_OFFSET_MOBILE_PX : JUMP_OFFSET_DESKTOP_PX;
}

type JumpEmitted = TrackedEvent<"jump_link_used"> | TrackedEvent<"jump_link_settled">;

export const jumpLinkMachine = setup({
  types: {
    context: {} as JumpLinkContext,
    events: {} as JumpLinkEvent,
    emitted: {} as JumpEmitted,
  },
  actions: {
    assignJump: assign(({ event }) => ({ targetId: event.targetId, offset: jumpOffset(event.isMobile) })),
    /** Provided by the component: animate the scroll over JUMP_SCROLL_MS to the target plus offset. */
    startScroll: () => {},
    /** Provided by the component: scroll at once (reduced motion). */
    jumpInstantly: () => {},
    trackUsed: emitEvent("jump_link_used", ({ context, event }) => ({
      target_id: context.targetId ?? "",
      offset_px: context.offset,
      smooth: !event.reducedMotion,
    })),
    trackSettled: emitEvent("jump_link_settled", ({ context }) => ({ target_id: context.targetId ?? "" })),
  },
  guards: {
    prefersReducedMotion: ({ event }) => event.reducedMotion,
  },
  delays: { scrollDuration: JUMP_SCROLL_MS },
}).createMachine({
  id: "jumpLink",
  description: "Smooth jump to a block id, offset by viewport (docs/requirements.md#2-pages-and-the-shell, docs/requirements.md#9-constants)",
  context: { targetId: null, offset: JUMP_OFFSET_DESKTOP_PX },
  initial: "idle",
  states: {
    idle: {
      on: {
        JUMP: [
          { guard: "prefersReducedMotion", actions: ["assignJump", "jumpInstantly", "trackUsed"] },
          { target: "scrolling", actions: ["assignJump", "startScroll", "trackUsed"] },
        ],
      },
    },
    scrolling: {
      on: {
        JUMP: [
          { guard: "prefersReducedMotion", target: "idle", actions: ["assignJump", "jumpInstantly", "trackUsed"] },
          { target: "scrolling", reenter: true, actions: ["assignJump", "startScroll", "trackUsed"] },
        ],
      },
      after: { scrollDuration: { target: "idle", actions: "trackSettled" } },
    },
  },
});
