import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createActor } from "xstate";
import { jumpLinkMachine } from "./jump-link.machine";
import { JUMP_SCROLL_MS } from "./spec-values";

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function start() {
  const startScroll = vi.fn();
  const jumpInstantly = vi.fn();
  const emitted: Array<Record<string, unknown>> = [];
  const actor = createActor(jumpLinkMachine.provide({ actions: { startScroll, jumpInstantly } }));
  actor.on("*", (e) => emitted.push(e));
  actor.start();
  return { actor, startScroll, jumpInstantly, emitted };
}

describe("jump link machine (docs/requirements.md#2-pages-and-the-shell, docs/requirements.md#9-constants)", () => {
  it("uses -100 px on desktop and -30 px on mobile, and settles after 1200 ms", () => {
    const j = start();
    j.actor.send({ type: "JUMP", targetId: "day-one", isMobile: false, reducedMotion: false });
    expect(j.actor.getSnapshot().context.offset).toBe(-100);
    expect(j.startScroll).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(JUMP_SCROLL_MS - 1);
    expect(j.actor.getSnapshot().value).toBe("scrolling");
    vi.advanceTimersByTime(1);
    expect(j.actor.getSnapshot().value).toBe("idle");
    j.actor.send({ type: "JUMP", targetId: "day-two", isMobile: true, reducedMotion: false });
    expect(j.actor.getSnapshot().context.offset).toBe(-30);
    expect(j.emitted.map((e) => e.type)).toEqual(["jump_link_used", "jump_link_settled", "jump_link_used"]);
  });

  it("jumps instantly when the visitor prefers reduced motion", () => {
    const j = start();
    j.actor.send({ type: "JUMP", targetId: "day-one", isMobile: false, reducedMotion: true });
    expect(j.actor.getSnapshot().value).toBe("idle");
    expect(j.jumpInstantly).toHaveBeenCalledTimes(1);
    expect(j.startScroll).not.toHaveBeenCalled();
    expect(j.emitted[0]).toMatchObject({ smooth: false });
  });
});
