import { emit, setup } from "xstate";
import type { TrackedEvent, TransitionMeta } from "./tracked-event";

// docs/requirements.md#2-pages-and-the-shell, docs/requirements.md#4-behaviour: the mobile menu (and the desktop header dropdown, which behaves the same) toggles open
// and closed; a click outside or Escape closes it and focus returns to the button that opened it.
// `focusTrigger` is named here and implemented by the component (the machine never touches the DOM).

export type MenuName = "mobile_menu" | "header_dropdown";

export interface DisclosureContext {
  menu: MenuName;
}

export type DisclosureEvent = { type: "TOGGLE" } | { type: "CLICKED_OUTSIDE" } | { type: "ESCAPE" };

type DisclosureEmitted = TrackedEvent<"menu_opened"> | TrackedEvent<"menu_closed">;

export const disclosureMachine = setup({
  types: {
    context: {} as DisclosureContext,
    events: {} as DisclosureEvent,
    input: {} as { menu: MenuName },
    emitted: {} as DisclosureEmitted,
    transitionMeta: {} as TransitionMeta,
  },
  actions: {
    /** Provided by the component: move focus back to the toggle button. */
    focusTrigger: () => {},
    trackOpened: emit(({ context }) => ({ type: "menu_opened" as const, menu: context.menu })),
    trackClosedByToggle: emit(({ context }) => ({ type: "menu_closed" as const, menu: context.menu, reason: "toggle" as const })),
    trackClosedOutside: emit(({ context }) => ({ type: "menu_closed" as const, menu: context.menu, reason: "outside_click" as const })),
    trackClosedByEscape: emit(({ context }) => ({ type: "menu_closed" as const, menu: context.menu, reason: "escape" as const })),
  },
}).createMachine({
  id: "disclosure",
  description: "Mobile menu and header dropdown (docs/requirements.md#2-pages-and-the-shell, docs/requirements.md#4-behaviour)",
  context: ({ input }) => ({ menu: input.menu }),
  initial: "closed",
  states: {
    closed: {
      on: { TOGGLE: { target: "open", actions: "trackOpened", meta: { emits: "menu_opened" } } },
    },
    open: {
      on: {
        TOGGLE: { target: "closed", actions: "trackClosedByToggle", meta: { emits: "menu_closed" } },
        CLICKED_OUTSIDE: { target: "closed", actions: ["focusTrigger", "trackClosedOutside"], meta: { emits: "menu_closed" } },
        ESCAPE: { target: "closed", actions: ["focusTrigger", "trackClosedByEscape"], meta: { emits: "menu_closed" } },
      },
    },
  },
});
