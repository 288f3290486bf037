import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createActor } from "xstate";
import { newMilestones, PROGRESS_CHECK_MS, videoMachine } from "./video.machine";

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** A player stand-in: time advances with the fake clock while playing. */
function start() {
  let playingSince: number | null = null;
  let position = 0;
  const duration = 100;
  const now = () => position + (playingSince === null ? 0 : (Date.now() - playingSince) / 1000);
  const emitted: Array<Record<string, unknown>> = [];
  const actor = createActor(videoMachine.provide({ actions: { requestProgress: () => actor.send({ type: "PROGRESS", currentTime: now(), duration }) } }), {
    input: { videoId: "abcdefghijk", title: "Paris in 100 seconds" },
  });
  actor.on("*", (e) => emitted.push(e));
  actor.start();
  return {
    actor,
    emitted,
    play() {
      playingSince = Date.now();
      actor.send({ type: "PLAYING", currentTime: now(), duration });
    },
    pause() {
      position = now();
      playingSince = null;
      actor.send({ type: "PAUSED", currentTime: position });
    },
    milestones: () => emitted.filter((e) => e.type === "video_milestone_reached").map((e) => e.milestone),
  };
}

describe("video machine (docs/requirements.md#4-behaviour, docs/requirements.md#9-constants)", () => {
  it("checks progress every 5 s while playing and fires each milestone once", () => {
    const v = start();
    v.play();
    vi.advanceTimersByTime(PROGRESS_CHECK_MS * 2); // 10 s of 100 s
    expect(v.milestones()).toEqual([10]);
    vi.advanceTimersByTime(PROGRESS_CHECK_MS * 3); // 25 s
    expect(v.milestones()).toEqual([10, 25]);
    vi.advanceTimersByTime(PROGRESS_CHECK_MS * 13); // 90 s
    expect(v.milestones()).toEqual([10, 25, 50, 75, 90]);
    vi.advanceTimersByTime(PROGRESS_CHECK_MS);
    expect(v.milestones()).toEqual([10, 25, 50, 75, 90]);
  });

  it("does not check progress while paused, and resumes", () => {
    const v = start();
    v.play();
    vi.advanceTimersByTime(4000);
    v.pause();
    vi.advanceTimersByTime(60_000);
    expect(v.emitted.filter((e) => e.type === "video_progress_checked")).toHaveLength(0);
    v.play();
    expect(v.emitted.at(-1)).toMatchObject({ type: "video_started", resumed: true, current_time_s: 4 });
    vi.advanceTimersByTime(PROGRESS_CHECK_MS);
    expect(v.milestones()).toEqual([]);
    vi.advanceTimersByTime(PROGRESS_CHECK_MS); // 14 s
    expect(v.milestones()).toEqual([10]);
  });

  it("fires milestones a jump passed over together, and completion at the end", () => {
    const v = start();
    v.play();
    v.actor.send({ type: "PROGRESS", currentTime: 55, duration: 100 });
    expect(v.milestones()).toEqual([10, 25, 50]);
    v.actor.send({ type: "ENDED" });
    expect(v.actor.getSnapshot().value).toBe("ended");
    expect(v.emitted.at(-1)).toMatchObject({ type: "video_completed", duration_s: 100 });
  });

  it("computes milestones at their boundaries", () => {
    expect(newMilestones(9.99, [])).toEqual([]);
    expect(newMilestones(10, [])).toEqual([10]);
    expect(newMilestones(100, [10, 25])).toEqual([50, 75, 90]);
  });
});
