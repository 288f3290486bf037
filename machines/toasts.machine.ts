import { assign, cancel, enqueueActions, setup } from "xstate";
import { DEFAULT_TOAST_DURATION_MS } from "./spec-values";
import type { TrackedEvent } from "./tracked-event";
import { emitEvent, emitsEvent } from "./emit-event";

// docs/requirements.md#3-data, docs/requirements.md#4-behaviour: toasts append and are removed by id; a toast with autoClose disappears after its
// duration. Each auto-closing toast schedules its own EXPIRED event (a machine delay, cancelled if
// the visitor dismisses it first). One app-level actor (PageShell): when the page changes under it
// (docs/requirements.md#11-moving-between-pages) every toast goes, each counted.

type ToastTone = "info" | "success" | "warning" | "error";

/** docs/requirements.md#3-data Toast: id, autoClose, duration; plus what the list shows. */
export interface Toast {
  id: string;
  message: string;
  tone: ToastTone;
  autoClose: boolean;
  /** Milliseconds before an auto-closing toast disappears. */
  duration: number;
}

export interface ToastsContext {
  toasts: Toast[];
}

export type ToastsEvent = { type: "ADD"; toast: Toast } | { type: "DISMISS"; id: string } | { type: "EXPIRED"; id: string } | { type: "PAGE_CHANGED" };

type ToastsEmitted = TrackedEvent<"toast_shown"> | TrackedEvent<"toast_dismissed">;

const expiryId = (id: string) => `toast-expiry:${id}`;
/** The toast an event is about ("" for PAGE_CHANGED, which is about them all). */
const toastIdOf = (event: ToastsEvent) => (event.type === "ADD" ? event.toast.id : event.type === "PAGE_CHANGED" ? "" : event.id);

export const toastsMachine = setup({
  types: {
    context: {} as ToastsContext,
    events: {} as ToastsEvent,
    emitted: {} as ToastsEmitted,
  },
  actions: {
    append: assign({
      toasts: ({ context, event }) => (event.type === "ADD" ? [...context.toasts.filter((t) => t.id !== event.toast.id), event.toast] : context.toasts),
    }),
    remove: assign({ toasts: ({ context, event }) => context.toasts.filter((t) => t.id !== toastIdOf(event)) }),
    scheduleExpiry: enqueueActions(({ event, enqueue }) => {
      if (event.type !== "ADD") return;
      enqueue.raise({ type: "EXPIRED", id: event.toast.id }, { delay: "toastDuration", id: expiryId(event.toast.id) });
    }),
    cancelExpiry: cancel(({ event }) => expiryId(toastIdOf(event))),
    trackShown: emitEvent("toast_shown", ({ event }) => {
      const toast = event.type === "ADD" ? event.toast : { id: "unknown", tone: "info" as const, autoClose: false, duration: 0 };
      return { toast_id: toast.id, tone: toast.tone, auto_close: toast.autoClose, duration_ms: toast.duration };
    }),
    trackDismissed: emitEvent("toast_dismissed", ({ event }) => ({ toast_id: toastIdOf(event), reason: "button" })),
    trackExpired: emitEvent("toast_dismissed", ({ event }) => ({ toast_id: toastIdOf(event), reason: "timeout" })),
    dismissAll: emitsEvent(
      "toast_dismissed",
      enqueueActions(({ context, enqueue }) => {
        for (const toast of context.toasts) {
          enqueue.cancel(expiryId(toast.id));
          enqueue.emit({ type: "toast_dismissed", toast_id: toast.id, reason: "navigation" });
        }
        enqueue.assign({ toasts: [] });
      }),
    ),
  },
  guards: {
    autoCloses: ({ event }) => event.type === "ADD" && event.toast.autoClose,
    isListed: ({ context, event }) => event.type !== "ADD" && context.toasts.some((t) => t.id === toastIdOf(event)),
    isLastListed: ({ context, event }) => event.type !== "ADD" && context.toasts.length === 1 && context.toasts[0]?.id === toastIdOf(event),
  },
  delays: {
    toastDuration: ({ event }) => (event.type === "ADD" ? Math.max(0, event.toast.duration) : DEFAULT_TOAST_DURATION_MS),
  },
}).createMachine({
  id: "toasts",
  description: "Toast list overlaying any page (docs/requirements.md#3-data, docs/requirements.md#4-behaviour)",
  context: { toasts: [] },
  initial: "empty",
  states: {
    empty: {
      on: {
        ADD: [
          { guard: "autoCloses", target: "showing", actions: ["cancelExpiry", "append", "scheduleExpiry", "trackShown"] },
          { target: "showing", actions: ["cancelExpiry", "append", "trackShown"] },
        ],
      },
    },
    showing: {
      on: {
        ADD: [
          { guard: "autoCloses", actions: ["cancelExpiry", "append", "scheduleExpiry", "trackShown"] },
          { actions: ["cancelExpiry", "append", "trackShown"] },
        ],
        PAGE_CHANGED: { target: "empty", actions: "dismissAll" },
        DISMISS: [
          { guard: "isLastListed", target: "empty", actions: ["cancelExpiry", "remove", "trackDismissed"] },
          { guard: "isListed", actions: ["cancelExpiry", "remove", "trackDismissed"] },
        ],
        EXPIRED: [
          { guard: "isLastListed", target: "empty", actions: ["remove", "trackExpired"] },
          { guard: "isListed", actions: ["remove", "trackExpired"] },
        ],
      },
    },
  },
});
