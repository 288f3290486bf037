import { describe, expect, it, vi } from "vitest";
import { createActor } from "xstate";
import { disclosureMachine } from "../../../machines/disclosure.machine";
import { DeferredActor } from "./use-tracked-actor";

// The machines arrive after hydration; what a visitor does before that must wait, in order, not vanish.

describe("DeferredActor", () => {
  it("has no snapshot until the machine runs, then the running actor's", () => {
    const deferred = new DeferredActor<typeof disclosureMachine>();
    expect(deferred.getSnapshot()).toBeUndefined();
    const actor = createActor(disclosureMachine, { input: { menu: "mobile_menu" } }).start();
    deferred.attach(actor);
    expect(deferred.getSnapshot()?.matches("closed")).toBe(true);
  });

  it("delivers events sent before the machine ran, in the order they came", () => {
    const deferred = new DeferredActor<typeof disclosureMachine>();
    deferred.send({ type: "TOGGLE" });
    deferred.send({ type: "TOGGLE" });
    deferred.send({ type: "TOGGLE" });
    const actor = createActor(disclosureMachine, { input: { menu: "mobile_menu" } });
    const emitted: string[] = [];
    actor.on("*", (event) => emitted.push(event.type));
    actor.start();
    deferred.attach(actor);
    expect(emitted).toEqual(["menu_opened", "menu_closed", "menu_opened"]);
    expect(deferred.getSnapshot()?.matches("open")).toBe(true);
  });

  it("a visitor's event wakes the loader; a page fact waits without waking it", () => {
    const deferred = new DeferredActor<typeof disclosureMachine>();
    deferred.wake = vi.fn();
    deferred.sendWhenReady({ type: "ESCAPE" });
    expect(deferred.wake).not.toHaveBeenCalled();
    deferred.send({ type: "TOGGLE" });
    expect(deferred.wake).toHaveBeenCalledTimes(1);
  });

  it("tells subscribers when it starts and on every change, and stops telling them once detached", () => {
    const deferred = new DeferredActor<typeof disclosureMachine>();
    const onChange = vi.fn();
    deferred.subscribe(onChange);
    const actor = createActor(disclosureMachine, { input: { menu: "mobile_menu" } }).start();
    const detach = deferred.attach(actor);
    expect(onChange).toHaveBeenCalledTimes(1);
    deferred.send({ type: "TOGGLE" });
    expect(onChange).toHaveBeenCalledTimes(2);
    detach();
    actor.send({ type: "TOGGLE" });
    expect(onChange).toHaveBeenCalledTimes(2);
    expect(deferred.getSnapshot()).toBeUndefined();
  });
});
