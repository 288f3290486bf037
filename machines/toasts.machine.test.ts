import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { startCollecting } from "./machine-test-support";
import { toastsMachine, type Toast } from "./toasts.machine";

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const toast = (id: string, extra: Partial<Toast> = {}): Toast => ({ id, message: `Toast ${id}`, tone: "info", autoClose: true, duration: 3000, ...extra });

describe("toasts machine (docs/requirements.md#3-data, docs/requirements.md#4-behaviour)", () => {
  it("appends toasts and removes them by id", () => {
    const { actor } = startCollecting(toastsMachine);
    actor.send({ type: "ADD", toast: toast("a", { autoClose: false }) });
    actor.send({ type: "ADD", toast: toast("b", { autoClose: false }) });
    expect(actor.getSnapshot().context.toasts.map((t) => t.id)).toEqual(["a", "b"]);
    actor.send({ type: "DISMISS", id: "a" });
    expect(actor.getSnapshot().context.toasts.map((t) => t.id)).toEqual(["b"]);
    actor.send({ type: "DISMISS", id: "missing" });
    expect(actor.getSnapshot().context.toasts.map((t) => t.id)).toEqual(["b"]);
    actor.send({ type: "DISMISS", id: "b" });
    expect(actor.getSnapshot().value).toBe("empty");
  });

  it("auto-closes after exactly its duration", () => {
    const { actor, emitted } = startCollecting(toastsMachine);
    actor.send({ type: "ADD", toast: toast("a", { duration: 3000 }) });
    actor.send({ type: "ADD", toast: toast("keep", { autoClose: false }) });
    vi.advanceTimersByTime(2999);
    expect(actor.getSnapshot().context.toasts).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot().context.toasts.map((t) => t.id)).toEqual(["keep"]);
    expect(emitted.at(-1)).toEqual({ type: "toast_dismissed", toast_id: "a", reason: "timeout" });
    vi.advanceTimersByTime(60_000);
    expect(actor.getSnapshot().context.toasts.map((t) => t.id)).toEqual(["keep"]);
  });

  it("cancels the timer when the visitor dismisses first", () => {
    const { actor, emitted } = startCollecting(toastsMachine);
    actor.send({ type: "ADD", toast: toast("a") });
    actor.send({ type: "DISMISS", id: "a" });
    vi.advanceTimersByTime(10_000);
    expect(emitted.map((e) => [e.type, e.reason])).toEqual([
      ["toast_shown", undefined],
      ["toast_dismissed", "button"],
    ]);
  });

  it("removes every toast when the page changes under it, each counted, and no timer fires later (docs/requirements.md#11-moving-between-pages)", () => {
    const { actor, emitted } = startCollecting(toastsMachine);
    actor.send({ type: "ADD", toast: toast("a", { duration: 3000 }) });
    actor.send({ type: "ADD", toast: toast("b", { autoClose: false }) });
    actor.send({ type: "PAGE_CHANGED" });
    expect(actor.getSnapshot().value).toBe("empty");
    expect(actor.getSnapshot().context.toasts).toEqual([]);
    vi.advanceTimersByTime(10_000);
    expect(emitted.filter((e) => e.type === "toast_dismissed")).toEqual([
      { type: "toast_dismissed", toast_id: "a", reason: "navigation" },
      { type: "toast_dismissed", toast_id: "b", reason: "navigation" },
    ]);
  });
});
