import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { startCollecting } from "./machine-test-support";
import { TOOLTIP_RESET_MS, tooltipMachine } from "./tooltip.machine";

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("tooltip machine (docs/requirements.md#4-behaviour, docs/requirements.md#9-constants)", () => {
  it("resets 5 s after it was shown", () => {
    const { actor, types } = startCollecting(tooltipMachine, { tooltip: "phone_copied" });
    actor.send({ type: "SHOW" });
    vi.advanceTimersByTime(TOOLTIP_RESET_MS - 1);
    expect(actor.getSnapshot().value).toBe("shown");
    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot().value).toBe("hidden");
    expect(types()).toEqual(["tooltip_shown", "tooltip_reset"]);
  });

  it("restarts the 5 s when shown again", () => {
    const { actor } = startCollecting(tooltipMachine, { tooltip: "phone_copied" });
    actor.send({ type: "SHOW" });
    vi.advanceTimersByTime(4000);
    actor.send({ type: "SHOW" });
    vi.advanceTimersByTime(4000);
    expect(actor.getSnapshot().value).toBe("shown");
    vi.advanceTimersByTime(1000);
    expect(actor.getSnapshot().value).toBe("hidden");
  });
});
