import { fromPromise, type AnyStateMachine } from "xstate";
import { consentBannerMachine } from "../../machines/consent-banner.machine";
import { disclosureMachine } from "../../machines/disclosure.machine";
import { DownloadHttpError, downloadMachine, type FetchedFile } from "../../machines/download.machine";
import { headerMachine } from "../../machines/header.machine";
import { imageFallbackMachine } from "../../machines/image-fallback.machine";
import { jumpLinkMachine } from "../../machines/jump-link.machine";
import { JUMP_OFFSET_MOBILE_PX } from "../../machines/spec-values";
import { modalStackMachine } from "../../machines/modal-stack.machine";
import { popupMachine } from "../../machines/popup.machine";
import { toastsMachine } from "../../machines/toasts.machine";
import { tooltipMachine } from "../../machines/tooltip.machine";
import type { ModelEvent } from "../../machines/transition-paths";
import { videoMachine, type VideoContext } from "../../machines/video.machine";
import { viewportMachineFor } from "../../machines/viewport.machine";
import { consentDefaults } from "../../tracking/consent";

// What the replay of a recorded visit (replay.ts) needs to know of each machine: which actor of the page
// an entry is about, what that actor started with, and which machine events, with the entry's own data,
// could have emitted it. The replay tries them against the machine itself and keeps those whose emitted
// event matches the entry; events that push nothing (a menu's timer, a sample taken) may come between.

/** What a data-layer entry says about the page it was pushed on (the storefront's page context). */
export interface PageFacts {
  uid?: string;
  isMobile?: boolean;
  isLTT?: boolean;
  countryCode?: string | null;
}

type Properties = Record<string, unknown>;

export interface ReplayHint {
  /** The machine as the replay runs it: a component's side effects do nothing, a fetch never ends on its own. */
  machine: (page: PageFacts) => AnyStateMachine;
  /** Which actor of the page an entry is about (one per menu, video, file); one actor when absent. */
  actor?: (properties: Properties) => string;
  /** A new actor's input, from the entry that first mentions it and its page. */
  input?: (properties: Properties, page: PageFacts, event: string) => unknown;
  /** Events that could have led to the entry, with its data; the machine decides which did. */
  events: (event: string, properties: Properties, context: unknown) => ModelEvent[];
  /** Properties the replay cannot know, so does not compare. */
  unknown?: readonly string[];
}

const text = (value: unknown, fallback = ""): string => (typeof value === "string" ? value : fallback);
const number = (value: unknown, fallback = 0): number => (typeof value === "number" && Number.isFinite(value) ? value : fallback);
/** The page changed under a menu, the modal stack or the toasts (a navigation inside the app, a back/forward restore). */
const PAGE_CHANGED: ModelEvent = { type: "PAGE_CHANGED" };
/** A video's length is not in its events: a 100-second video makes every percent a second. */
const ASSUMED_VIDEO_SECONDS = 100;

export const REPLAY_HINTS: Record<string, ReplayHint> = {
  header: {
    machine: () => headerMachine,
    // Sticky on phones and on the theatre retailer's manual header (docs/requirements.md#4-behaviour).
    input: (_, page) => ({ sticky: Boolean(page.isMobile || page.isLTT) }),
    events: (_, p) => [
      ...(typeof p.scroll_y === "number" ? [{ type: "SCROLLED", y: p.scroll_y }] : []),
      ...(typeof p.sticky === "boolean" ? [{ type: "STICKY_CHANGED", sticky: p.sticky }] : []),
    ],
  },
  disclosure: {
    machine: () => disclosureMachine,
    actor: (p) => text(p.menu, "mobile_menu"),
    input: (p) => ({ menu: text(p.menu, "mobile_menu") }),
    events: () => [{ type: "TOGGLE" }, { type: "CLICKED_OUTSIDE" }, { type: "ESCAPE" }, PAGE_CHANGED],
  },
  modalStack: {
    machine: () => modalStackMachine,
    events: (_, p, context) => [
      {
        type: "OPEN",
        modal: {
          id: `replayed-${(context as { stack: unknown[] }).stack.length}`,
          title: text(p.modal_title, "Modal"),
          variant: text(p.variant, "center"),
          closeOnOutsideClick: true,
          hasBack: true,
        },
      },
      { type: "BACK" },
      // Reason navigation: the page changed under the stack, which closes every modal at once.
      p.reason === "navigation" ? PAGE_CHANGED : { type: "CLOSE", reason: text(p.reason, "button") },
    ],
  },
  toasts: {
    machine: () => toastsMachine,
    events: (_, p) => {
      const id = text(p.toast_id, "toast");
      return [
        {
          type: "ADD",
          toast: { id, message: "", tone: text(p.tone, "info"), autoClose: p.auto_close === true, duration: number(p.duration_ms) },
        },
        { type: "DISMISS", id },
        { type: "EXPIRED", id },
        PAGE_CHANGED,
      ];
    },
  },
  tooltip: {
    machine: () => tooltipMachine,
    actor: (p) => text(p.tooltip, "phone_copied"),
    input: (p) => ({ tooltip: text(p.tooltip, "phone_copied") }),
    events: () => [{ type: "SHOW" }, { type: "HIDE" }],
  },
  video: {
    machine: () => videoMachine,
    // The length comes from the player, in no event before the completion: percents are what is compared.
    unknown: ["duration_s"],
    actor: (p) => text(p.video_id, "video"),
    input: (p) => ({ videoId: text(p.video_id, "video"), title: text(p.video_title, "Video") }),
    events: (_, p, context) => {
      const duration = (context as VideoContext).duration || ASSUMED_VIDEO_SECONDS;
      return [
        { type: "PLAYING", currentTime: number(p.current_time_s), duration },
        { type: "PAUSED", currentTime: (number(p.percent) / 100) * duration },
        { type: "PROGRESS", currentTime: (number(p.milestone) / 100) * duration, duration },
        { type: "ENDED" },
      ];
    },
  },
  viewport: {
    machine: (page) => viewportMachineFor(Boolean(page.isMobile)),
    events: (_, p) => (typeof p.viewport_width === "number" ? [{ type: "VIEWPORT_MEASURED", width: p.viewport_width }] : []),
  },
  download: {
    machine: () => downloadMachine.provide({ actors: { fetchFile: fromPromise<FetchedFile, { url: string }>(() => new Promise(() => {})) } }),
    actor: (p) => text(p.file_name, "file"),
    input: (p) => ({ url: "", fileName: text(p.file_name, "file") }),
    events: (_, p) => [
      { type: "CLICKED" },
      { type: "xstate.done.actor.fetchFile", output: { objectUrl: "blob:replayed", size: number(p.size_bytes) } },
      {
        type: "xstate.error.actor.fetchFile",
        error: typeof p.status_code === "number" ? new DownloadHttpError(p.status_code) : new Error("The download failed"),
      },
    ],
  },
  imageFallback: {
    machine: () => imageFallbackMachine,
    actor: (p) => text(p.image_kind, "content_image"),
    // An image that fell back had a fallback; one that broke says whether it had.
    input: (p, _, event) => ({ kind: text(p.image_kind, "content_image"), hasFallback: event === "image_fallback_used" || p.had_fallback === true }),
    events: () => [{ type: "FAILED" }],
  },
  jumpLink: {
    machine: () => jumpLinkMachine,
    actor: (p) => text(p.target_id, "target"),
    events: (_, p) => [{ type: "JUMP", targetId: text(p.target_id), isMobile: p.offset_px === JUMP_OFFSET_MOBILE_PX, reducedMotion: p.smooth === false }],
  },
  popup: {
    machine: () => popupMachine,
    events: () => [{ type: "POPUP_OPENED" }, { type: "POPUP_BLOCKED" }],
  },
  consentBanner: {
    machine: () => consentBannerMachine,
    input: (_, page) => ({
      defaultDenied: consentDefaults(page.countryCode).analytics_storage === "denied",
      countryKnown: page.countryCode !== null && page.countryCode !== undefined,
      chosen: false,
      isBot: false,
    }),
    // Only the saved choice reaches the data layer; arriving, opening and closing the choices do not.
    events: (_, p) => [
      { type: "ARRIVED" },
      { type: "CHOOSE" },
      { type: "OPEN_SETTINGS" },
      { type: "CLOSE", reason: "back" },
      { type: "ACCEPT_ALL" },
      { type: "REJECT_ALL" },
      { type: "SAVE", analytics: p.analytics === "granted", advertising: p.advertising === "granted" },
    ],
  },
};
