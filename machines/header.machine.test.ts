import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { headerMachine, SCROLL_THROTTLE_MS } from "./header.machine";
import { startCollecting } from "./machine-test-support";

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const shadow = (s: { matches: (v: object) => boolean }) => s.matches({ elevation: "raised" });
const hidden = (s: { matches: (v: object) => boolean }) => s.matches({ visibility: "hidden" });

describe("header machine (docs/requirements.md#4-behaviour, docs/requirements.md#9-constants)", () => {
  it("shows the shadow beyond 80 px: 81 yes, 80 and 79 no", () => {
    for (const [y, expected] of [
      [79, false],
      [80, false],
      [81, true],
    ] as const) {
      const { actor } = startCollecting(headerMachine, { sticky: true });
      actor.send({ type: "SCROLLED", y });
      expect(shadow(actor.getSnapshot()), `y=${y}`).toBe(expected);
    }
  });

  it("throttles scroll input to one sample per 200 ms, keeping the latest (trailing) fact", () => {
    const { actor, emitted } = startCollecting(headerMachine, { sticky: true });
    actor.send({ type: "SCROLLED", y: 10 });
    actor.send({ type: "SCROLLED", y: 50 });
    actor.send({ type: "SCROLLED", y: 120 });
    expect(actor.getSnapshot().context.y).toBe(10);
    expect(shadow(actor.getSnapshot())).toBe(false);
    vi.advanceTimersByTime(SCROLL_THROTTLE_MS - 1);
    expect(actor.getSnapshot().context.y).toBe(10);
    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot().context.y).toBe(120);
    expect(shadow(actor.getSnapshot())).toBe(true);
    expect(emitted.filter((e) => e.type === "header_scroll_sampled").map((e) => e.scroll_y)).toEqual([10, 120]);
    vi.advanceTimersByTime(SCROLL_THROTTLE_MS);
    expect(actor.getSnapshot().matches({ throttle: "ready" })).toBe(true);
  });

  it("hides while scrolling down and shows while scrolling up when not sticky", () => {
    const { actor, emitted } = startCollecting(headerMachine, { sticky: false });
    actor.send({ type: "SCROLLED", y: 600 });
    expect(hidden(actor.getSnapshot())).toBe(true);
    vi.advanceTimersByTime(SCROLL_THROTTLE_MS);
    actor.send({ type: "SCROLLED", y: 400 });
    expect(hidden(actor.getSnapshot())).toBe(false);
    expect(emitted.filter((e) => e.type === "header_visibility_changed").map((e) => [e.visible, e.reason])).toEqual([
      [false, "scroll_down"],
      [true, "scroll_up"],
    ]);
  });

  it("stays visible near the top even when scrolling down", () => {
    const { actor } = startCollecting(headerMachine, { sticky: false });
    actor.send({ type: "SCROLLED", y: 80 });
    expect(hidden(actor.getSnapshot())).toBe(false);
  });

  it("never hides when sticky (mobile or manual header), and shows at once when it becomes sticky", () => {
    const sticky = startCollecting(headerMachine, { sticky: true });
    sticky.actor.send({ type: "SCROLLED", y: 900 });
    expect(hidden(sticky.actor.getSnapshot())).toBe(false);

    const { actor, emitted } = startCollecting(headerMachine, { sticky: false });
    actor.send({ type: "SCROLLED", y: 900 });
    expect(hidden(actor.getSnapshot())).toBe(true);
    actor.send({ type: "STICKY_CHANGED", sticky: true });
    expect(hidden(actor.getSnapshot())).toBe(false);
    expect(emitted.at(-1)).toMatchObject({ type: "header_visibility_changed", visible: true, reason: "sticky" });
  });

  it("ignores nonsense scroll values safely", () => {
    const { actor } = startCollecting(headerMachine, { sticky: false });
    actor.send({ type: "SCROLLED", y: Number.NaN });
    expect(actor.getSnapshot().context.y).toBe(0);
    vi.advanceTimersByTime(SCROLL_THROTTLE_MS);
    actor.send({ type: "SCROLLED", y: -50 });
    expect(actor.getSnapshot().context.y).toBe(0);
  });
});
