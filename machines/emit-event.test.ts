import { describe, expect, it } from "vitest";
import { assign, enqueueActions, setup } from "xstate";
import { emitEvent, emitsEvent } from "./emit-event";
import { machineTransitions } from "./machine-graph";
import { startCollecting } from "./machine-test-support";
import type { TrackedEvent } from "./tracked-event";

// A machine names each event once, in its action: the transition's event is read from there.
const menu = setup({
  types: {
    context: {} as { menu: "mobile_menu"; opened: number },
    events: {} as { type: "TOGGLE" } | { type: "ESCAPE" } | { type: "COUNT" },
    emitted: {} as TrackedEvent<"menu_opened"> | TrackedEvent<"menu_closed">,
  },
  actions: {
    count: assign({ opened: ({ context }) => context.opened + 1 }),
    trackOpened: emitEvent("menu_opened", ({ context }) => ({ menu: context.menu })),
    trackClosed: emitEvent("menu_closed", (_, params: { reason: "toggle" | "escape" }) => ({ menu: "mobile_menu", reason: params.reason })),
    trackClosedTwice: emitsEvent(
      "menu_closed",
      enqueueActions(({ enqueue }) => {
        for (let i = 0; i < 2; i++) enqueue.emit({ type: "menu_closed", menu: "mobile_menu", reason: "escape" });
      }),
    ),
  },
}).createMachine({
  id: "menu",
  context: { menu: "mobile_menu", opened: 0 },
  initial: "closed",
  states: {
    closed: { on: { TOGGLE: { target: "open", actions: ["count", "trackOpened"] }, COUNT: { actions: "count" } } },
    open: {
      on: {
        TOGGLE: { target: "closed", actions: { type: "trackClosed", params: { reason: "toggle" } } },
        ESCAPE: { target: "closed", actions: "trackClosedTwice" },
      },
    },
  },
});

describe("emitEvent", () => {
  it("emits the catalogue event it names, with the properties it computes", () => {
    const { actor, emitted } = startCollecting(menu);
    actor.send({ type: "TOGGLE" });
    actor.send({ type: "TOGGLE" });
    expect(emitted).toEqual([
      { type: "menu_opened", menu: "mobile_menu" },
      { type: "menu_closed", menu: "mobile_menu", reason: "toggle" },
    ]);
  });

  it("gives each transition the event its action names, whatever the action's form; none when no action emits", () => {
    const emits = Object.fromEntries(machineTransitions(menu).map((t) => [`${t.source} ${t.eventType}`, t.emits]));
    expect(emits).toEqual({
      "menu.closed TOGGLE": "menu_opened",
      "menu.closed COUNT": null,
      "menu.open TOGGLE": "menu_closed",
      "menu.open ESCAPE": "menu_closed",
    });
  });

  it("keeps the name when a component provides the machine's other actions", () => {
    const provided = menu.provide({ actions: { count: () => {} } });
    expect(machineTransitions(provided).find((t) => t.eventType === "TOGGLE" && t.source === "menu.closed")?.emits).toBe("menu_opened");
  });
});
