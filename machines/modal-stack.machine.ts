import { and, assign, enqueueActions, setup } from "xstate";
import type { TrackedEvent } from "./tracked-event";
import { emitEvent } from "./emit-event";
import { showsBackButton, topModal, type ModalEntry, type ModalStackContext } from "./modal-stack.model";

// docs/requirements.md#3-data, docs/requirements.md#4-behaviour: modals form a stack. Opening pushes, closing pops the top; the back button shows only
// when more than one modal is stacked (and the entry allows it). Escape closes the top modal; a click
// outside closes it only when its entry says closeOnOutsideClick. One app-level actor (PageShell): when the page
// changes under it (docs/requirements.md#11-moving-between-pages) every modal closes, the top one counted, no opener called back.

type CloseReason = "button" | "escape" | "outside_click";

export type ModalStackEvent = { type: "OPEN"; modal: ModalEntry } | { type: "BACK" } | { type: "CLOSE"; reason: CloseReason } | { type: "PAGE_CHANGED" };

type ModalStackEmitted = TrackedEvent<"modal_opened"> | TrackedEvent<"modal_back_pressed"> | TrackedEvent<"modal_closed">;

const titleOf = (entry: ModalEntry | undefined) => (entry?.title ?? "Modal").slice(0, 100);

export const modalStackMachine = setup({
  types: {
    context: {} as ModalStackContext,
    events: {} as ModalStackEvent,
    emitted: {} as ModalStackEmitted,
  },
  actions: {
    push: assign({ stack: ({ context, event }) => (event.type === "OPEN" ? [...context.stack, event.modal] : context.stack) }),
    /** Pops the top entry and calls its onCloseCallback (the opener's hook, not a DOM read). */
    popWithCallback: enqueueActions(({ context, enqueue }) => {
      const top = topModal(context);
      enqueue.assign({ stack: context.stack.slice(0, -1) });
      if (top?.onCloseCallback) enqueue(top.onCloseCallback);
    }),
    pop: assign({ stack: ({ context }) => context.stack.slice(0, -1) }),
    clear: assign({ stack: [] }),
    trackOpened: emitEvent("modal_opened", ({ context }) => {
      const top = topModal(context);
      return { modal_title: titleOf(top), variant: top?.variant ?? "center", depth: context.stack.length };
    }),
    // Emitted before the pop so the title is the modal that closes; depth is the depth after it.
    trackBack: emitEvent("modal_back_pressed", ({ context }) => ({ modal_title: titleOf(topModal(context)), depth: context.stack.length - 1 })),
    trackClosedByNavigation: emitEvent("modal_closed", ({ context }) => ({ modal_title: titleOf(topModal(context)), reason: "navigation", depth: 0 })),
    trackClosed: emitEvent("modal_closed", ({ context, event }) => ({
      modal_title: titleOf(topModal(context)),
      reason: event.type === "CLOSE" ? event.reason : "button",
      depth: Math.max(0, context.stack.length - 1),
    })),
  },
  guards: {
    canGoBack: ({ context }) => showsBackButton(context),
    hasModalBelow: ({ context }) => context.stack.length > 1,
    /** A click outside closes the top modal only if the entry allows it. */
    allowsThisClose: ({ context, event }) => event.type !== "CLOSE" || event.reason !== "outside_click" || (topModal(context)?.closeOnOutsideClick ?? false),
  },
}).createMachine({
  id: "modalStack",
  description: "Modal stack overlaying any page (docs/requirements.md#3-data, docs/requirements.md#4-behaviour)",
  context: { stack: [] },
  initial: "empty",
  states: {
    empty: {
      on: { OPEN: { target: "open", actions: ["push", "trackOpened"] } },
    },
    open: {
      on: {
        OPEN: { actions: ["push", "trackOpened"] },
        BACK: { guard: "canGoBack", actions: ["trackBack", "pop"] },
        PAGE_CHANGED: { target: "empty", actions: ["trackClosedByNavigation", "clear"] },
        CLOSE: [
          { guard: and(["allowsThisClose", "hasModalBelow"]), actions: ["trackClosed", "popWithCallback"] },
          { guard: "allowsThisClose", target: "empty", actions: ["trackClosed", "popWithCallback"] },
        ],
      },
    },
  },
});
