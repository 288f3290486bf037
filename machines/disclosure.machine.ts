import { setup } from "xstate";
import type { TrackedEvent } from "./tracked-event";
import { emitEvent } from "./emit-event";

// docs/requirements.md#2-pages-and-the-shell, docs/requirements.md#4-behaviour: the mobile menu (and the desktop header dropdown, which behaves the same) toggles open
// and closed; a click outside or Escape closes it and focus returns to the button that opened it.
// `focusTrigger` is named here and implemented by the component (the machine never touches the DOM).
// docs/requirements.md#11-moving-between-pages: it closes when the page changes under it (a navigation inside the app,
// or a return from the back/forward cache), focus staying where the new page puts it.

export type MenuName = "mobile_menu" | "header_dropdown";

export interface DisclosureContext {
  menu: MenuName;
}

export type DisclosureEvent = { type: "TOGGLE" } | { type: "CLICKED_OUTSIDE" } | { type: "ESCAPE" } | { type: "PAGE_CHANGED" };

type DisclosureEmitted = TrackedEvent<"menu_opened"> | TrackedEvent<"menu_closed">;

export const disclosureMachine = setup({
  types: {
    context: {} as DisclosureContext,
    events: {} as DisclosureEvent,
    input: {} as { menu: MenuName },
    emitted: {} as DisclosureEmitted,
  },
  actions: {
    /** Provided by the component: move focus back to the toggle button. */
    focusTrigger: () => {},
    trackOpened: emitEvent("menu_opened", ({ context }) => ({ menu: context.menu })),
    trackClosedByToggle: emitEvent("menu_closed", ({ context }) => ({ menu: context.menu, reason: "toggle" })),
    trackClosedOutside: emitEvent("menu_closed", ({ context }) => ({ menu: context.menu, reason: "outside_click" })),
    trackClosedByEscape: emitEvent("menu_closed", ({ context }) => ({ menu: context.menu, reason: "escape" })),
    trackClosedByNavigation: emitEvent("menu_closed", ({ context }) => ({ menu: context.menu, reason: "navigation" })),
  },
}).createMachine({
  id: "disclosure",
  description: "Mobile menu and header dropdown (docs/requirements.md#2-pages-and-the-shell, docs/requirements.md#4-behaviour)",
  context: ({ input }) => ({ menu: input.menu }),
  initial: "closed",
  states: {
    closed: {
      on: { TOGGLE: { target: "open", actions: "trackOpened" } },
    },
    open: {
      on: {
        TOGGLE: { target: "closed", actions: "trackClosedByToggle" },
        CLICKED_OUTSIDE: { target: "closed", actions: ["focusTrigger", "trackClosedOutside"] },
        ESCAPE: { target: "closed", actions: ["focusTrigger", "trackClosedByEscape"] },
        PAGE_CHANGED: { target: "closed", actions: "trackClosedByNavigation" },
      },
    },
  },
});
