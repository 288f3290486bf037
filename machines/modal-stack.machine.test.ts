import { describe, expect, it, vi } from "vitest";
import { startCollecting } from "./machine-test-support";
import { modalStackMachine } from "./modal-stack.machine";
import { showsBackButton, type ModalEntry } from "./modal-stack.model";

const entry = (id: string, extra: Partial<ModalEntry> = {}): ModalEntry => ({
  id,
  title: `Modal ${id}`,
  variant: "center",
  closeOnOutsideClick: true,
  hasBack: true,
  ...extra,
});

describe("modal stack machine (docs/requirements.md#3-data, docs/requirements.md#4-behaviour)", () => {
  it("pushes on open and pops the top on close", () => {
    const { actor, types } = startCollecting(modalStackMachine);
    actor.send({ type: "OPEN", modal: entry("a") });
    actor.send({ type: "OPEN", modal: entry("b") });
    expect(actor.getSnapshot().context.stack.map((m) => m.id)).toEqual(["a", "b"]);
    actor.send({ type: "CLOSE", reason: "button" });
    expect(actor.getSnapshot().context.stack.map((m) => m.id)).toEqual(["a"]);
    actor.send({ type: "CLOSE", reason: "escape" });
    expect(actor.getSnapshot().value).toBe("empty");
    expect(types()).toEqual(["modal_opened", "modal_opened", "modal_closed", "modal_closed"]);
  });

  it("offers back only when more than one modal is stacked", () => {
    const { actor, emitted } = startCollecting(modalStackMachine);
    actor.send({ type: "OPEN", modal: entry("a") });
    expect(showsBackButton(actor.getSnapshot().context)).toBe(false);
    actor.send({ type: "BACK" });
    expect(actor.getSnapshot().context.stack).toHaveLength(1);
    actor.send({ type: "OPEN", modal: entry("b") });
    expect(showsBackButton(actor.getSnapshot().context)).toBe(true);
    actor.send({ type: "BACK" });
    expect(actor.getSnapshot().context.stack.map((m) => m.id)).toEqual(["a"]);
    expect(emitted.at(-1)).toEqual({ type: "modal_back_pressed", modal_title: "Modal b", depth: 1 });
  });

  it("respects an entry's hasBack: false", () => {
    const { actor } = startCollecting(modalStackMachine);
    actor.send({ type: "OPEN", modal: entry("a") });
    actor.send({ type: "OPEN", modal: entry("b", { hasBack: false }) });
    expect(showsBackButton(actor.getSnapshot().context)).toBe(false);
  });

  it("closes on an outside click only when the entry allows it", () => {
    const { actor } = startCollecting(modalStackMachine);
    actor.send({ type: "OPEN", modal: entry("a", { closeOnOutsideClick: false }) });
    actor.send({ type: "CLOSE", reason: "outside_click" });
    expect(actor.getSnapshot().context.stack).toHaveLength(1);
    actor.send({ type: "OPEN", modal: entry("b") });
    actor.send({ type: "CLOSE", reason: "outside_click" });
    expect(actor.getSnapshot().context.stack.map((m) => m.id)).toEqual(["a"]);
  });

  it("calls the closed entry's onCloseCallback", () => {
    const onCloseCallback = vi.fn();
    const { actor } = startCollecting(modalStackMachine);
    actor.send({ type: "OPEN", modal: entry("a", { onCloseCallback }) });
    actor.send({ type: "CLOSE", reason: "button" });
    expect(onCloseCallback).toHaveBeenCalledTimes(1);
  });

  it("closes every modal when the page changes under it, counting the top one and calling no opener back (docs/requirements.md#11-moving-between-pages)", () => {
    const onCloseCallback = vi.fn();
    const { actor, emitted } = startCollecting(modalStackMachine);
    actor.send({ type: "OPEN", modal: entry("a", { onCloseCallback }) });
    actor.send({ type: "OPEN", modal: entry("b", { onCloseCallback }) });
    actor.send({ type: "PAGE_CHANGED" });
    expect(actor.getSnapshot().value).toBe("empty");
    expect(actor.getSnapshot().context.stack).toEqual([]);
    expect(emitted.at(-1)).toEqual({ type: "modal_closed", modal_title: "Modal b", reason: "navigation", depth: 0 });
    expect(onCloseCallback).not.toHaveBeenCalled();
  });
});
