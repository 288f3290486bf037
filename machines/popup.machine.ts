import { setup } from "xstate";
import { POPUP_HEIGHT, POPUP_WIDTH } from "./spec-values";
import type { TrackedEvent } from "./tracked-event";
import { emitEvent } from "./emit-event";

// docs/requirements.md#2-pages-and-the-shell: the theatre retailer's verification badge opens the verification page in a 560×490 popup.
// The component calls window.open and reports the fact: opened, or blocked (the plain new-tab link
// then does its job, which is also the no-JavaScript behaviour).

export const popupMachine = setup({
  types: {
    events: {} as { type: "POPUP_OPENED" } | { type: "POPUP_BLOCKED" },
    emitted: {} as TrackedEvent<"verification_badge_opened">,
  },
  actions: {
    trackPopup: emitEvent("verification_badge_opened", () => ({ presentation: "popup", popup_width: POPUP_WIDTH, popup_height: POPUP_HEIGHT })),
    trackNewTab: emitEvent("verification_badge_opened", () => ({ presentation: "new_tab", popup_width: POPUP_WIDTH, popup_height: POPUP_HEIGHT })),
  },
}).createMachine({
  id: "popup",
  description: "Verification badge popup, 560×490 (docs/requirements.md#2-pages-and-the-shell)",
  initial: "ready",
  states: {
    ready: {
      on: {
        POPUP_OPENED: { actions: "trackPopup" },
        POPUP_BLOCKED: { actions: "trackNewTab" },
      },
    },
  },
});
