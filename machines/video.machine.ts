import { assign, enqueueActions, setup } from "xstate";
import type { TrackedEvent } from "./tracked-event";
import { emitEvent, emitsEvent } from "./emit-event";

// docs/requirements.md#4-behaviour, docs/requirements.md#9-constants: the tracked YouTube player. While playing, progress is checked every 5 s (a machine
// delay: `requestProgress` asks the component for the player's time, which comes back as PROGRESS);
// milestones 10/25/50/75/90 fire once each per video; play, pause and end are handled.

const VIDEO_MILESTONES = [10, 25, 50, 75, 90] as const;
export type VideoMilestone = (typeof VIDEO_MILESTONES)[number];
export const PROGRESS_CHECK_MS = 5000;

export interface VideoContext {
  videoId: string;
  title: string;
  currentTime: number;
  duration: number;
  milestonesReached: VideoMilestone[];
}

export type VideoEvent =
  | { type: "PLAYING"; currentTime: number; duration: number }
  | { type: "PAUSED"; currentTime: number }
  | { type: "PROGRESS"; currentTime: number; duration: number }
  | { type: "ENDED" };

type VideoEmitted =
  | TrackedEvent<"video_started">
  | TrackedEvent<"video_paused">
  | TrackedEvent<"video_progress_checked">
  | TrackedEvent<"video_milestone_reached">
  | TrackedEvent<"video_completed">;

const seconds = (value: number) => (Number.isFinite(value) && value > 0 ? value : 0);

function percentWatched(currentTime: number, duration: number): number {
  if (!(duration > 0)) return 0;
  return Math.min(100, Math.max(0, (currentTime / duration) * 100));
}

/** Milestones passed at `percent` that have not fired yet for this video. */
export function newMilestones(percent: number, reached: readonly VideoMilestone[]): VideoMilestone[] {
  return VIDEO_MILESTONES.filter((m) => percent >= m && !reached.includes(m));
}

export const videoMachine = setup({
  types: {
    context: {} as VideoContext,
    events: {} as VideoEvent,
    input: {} as { videoId: string; title: string },
    emitted: {} as VideoEmitted,
  },
  actions: {
    /** Provided by the component: read the player's time and send PROGRESS back. */
    requestProgress: () => {},
    assignTime: assign(({ context, event }) => {
      if (event.type === "ENDED") return { currentTime: context.duration };
      const duration = "duration" in event ? seconds(event.duration) || context.duration : context.duration;
      return { currentTime: seconds(event.currentTime), duration };
    }),
    recordMilestones: emitsEvent(
      "video_milestone_reached",
      enqueueActions(({ context, enqueue }) => {
        const fresh = newMilestones(percentWatched(context.currentTime, context.duration), context.milestonesReached);
        enqueue.assign({ milestonesReached: [...context.milestonesReached, ...fresh] });
        for (const milestone of fresh) {
          enqueue.emit({ type: "video_milestone_reached", video_id: context.videoId, video_title: context.title, milestone });
        }
      }),
    ),
    trackStarted: emitEvent("video_started", ({ context }) => ({
      video_id: context.videoId,
      video_title: context.title,
      resumed: false,
      current_time_s: context.currentTime,
    })),
    trackResumed: emitEvent("video_started", ({ context }) => ({
      video_id: context.videoId,
      video_title: context.title,
      resumed: true,
      current_time_s: context.currentTime,
    })),
    trackPaused: emitEvent("video_paused", ({ context }) => ({
      video_id: context.videoId,
      video_title: context.title,
      percent: percentWatched(context.currentTime, context.duration),
    })),
    trackChecked: emitEvent("video_progress_checked", ({ context }) => ({
      video_id: context.videoId,
      percent: percentWatched(context.currentTime, context.duration),
    })),
    trackCompleted: emitEvent("video_completed", ({ context }) => ({ video_id: context.videoId, video_title: context.title, duration_s: context.duration })),
  },
  guards: {
    passesNewMilestone: ({ context, event }) =>
      event.type === "PROGRESS" &&
      newMilestones(percentWatched(seconds(event.currentTime), seconds(event.duration) || context.duration), context.milestonesReached).length > 0,
  },
  delays: { progressCheck: PROGRESS_CHECK_MS },
}).createMachine({
  id: "video",
  description: "Tracked YouTube player: start, pause, milestones, completion (docs/requirements.md#4-behaviour, docs/requirements.md#9-constants)",
  context: ({ input }) => ({ videoId: input.videoId, title: input.title, currentTime: 0, duration: 0, milestonesReached: [] }),
  initial: "idle",
  states: {
    idle: {
      on: { PLAYING: { target: "playing", actions: ["assignTime", "trackStarted"] } },
    },
    playing: {
      after: {
        progressCheck: { target: "playing", reenter: true, actions: ["requestProgress", "trackChecked"] },
      },
      on: {
        PROGRESS: [{ guard: "passesNewMilestone", actions: ["assignTime", "recordMilestones"] }, { actions: ["assignTime", "trackChecked"] }],
        PAUSED: { target: "paused", actions: ["assignTime", "trackPaused"] },
        ENDED: { target: "ended", actions: ["assignTime", "trackCompleted"] },
      },
    },
    paused: {
      on: { PLAYING: { target: "playing", actions: ["assignTime", "trackResumed"] } },
    },
    ended: {
      // A replay starts again; milestones already reached do not fire a second time.
      on: { PLAYING: { target: "playing", actions: ["assignTime", "trackStarted"] } },
    },
  },
});
