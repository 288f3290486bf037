import { describe, expect, it, vi } from "vitest";
import { createActor } from "xstate";
import { disclosureMachine } from "./disclosure.machine";
import { startCollecting } from "./machine-test-support";

describe("disclosure machine: mobile menu and dropdown (docs/requirements.md#2-pages-and-the-shell, docs/requirements.md#4-behaviour)", () => {
  it("toggles open and closed", () => {
    const { actor, emitted } = startCollecting(disclosureMachine, { menu: "mobile_menu" });
    actor.send({ type: "TOGGLE" });
    expect(actor.getSnapshot().value).toBe("open");
    actor.send({ type: "TOGGLE" });
    expect(actor.getSnapshot().value).toBe("closed");
    expect(emitted).toEqual([
      { type: "menu_opened", menu: "mobile_menu" },
      { type: "menu_closed", menu: "mobile_menu", reason: "toggle" },
    ]);
  });

  it("closes on a click outside or Escape and returns focus to the button", () => {
    const focusTrigger = vi.fn();
    const actor = createActor(disclosureMachine.provide({ actions: { focusTrigger } }), { input: { menu: "header_dropdown" } }).start();
    actor.send({ type: "TOGGLE" });
    actor.send({ type: "CLICKED_OUTSIDE" });
    expect(actor.getSnapshot().value).toBe("closed");
    actor.send({ type: "TOGGLE" });
    actor.send({ type: "ESCAPE" });
    expect(actor.getSnapshot().value).toBe("closed");
    expect(focusTrigger).toHaveBeenCalledTimes(2);
  });

  it("ignores Escape and outside clicks while closed", () => {
    const { actor, emitted } = startCollecting(disclosureMachine, { menu: "mobile_menu" });
    actor.send({ type: "ESCAPE" });
    actor.send({ type: "CLICKED_OUTSIDE" });
    expect(actor.getSnapshot().value).toBe("closed");
    expect(emitted).toEqual([]);
  });

  it("closes when the page changes under it, without moving focus, and only when open (docs/requirements.md#11-moving-between-pages)", () => {
    const focusTrigger = vi.fn();
    const { actor, emitted } = startCollecting(disclosureMachine.provide({ actions: { focusTrigger } }), { menu: "mobile_menu" });
    actor.send({ type: "PAGE_CHANGED" });
    expect(emitted).toEqual([]);
    actor.send({ type: "TOGGLE" });
    actor.send({ type: "PAGE_CHANGED" });
    expect(actor.getSnapshot().value).toBe("closed");
    expect(emitted.at(-1)).toEqual({ type: "menu_closed", menu: "mobile_menu", reason: "navigation" });
    expect(focusTrigger).not.toHaveBeenCalled();
  });
});
