import { assign, fromPromise, setup } from "xstate";
import type { TrackedEvent } from "./tracked-event";
import { emitEvent } from "./emit-event";

// docs/requirements.md#4-behaviour, docs/requirements.md#7-upstream-calls, docs/requirements.md#8-failures: the download button fetches the file as a blob and makes it downloadable. On
// failure the link stays unset and the visitor is told (`notifyFailure`, a toast). The fetch itself
// is the `fetchFile` actor, provided by the component (real fetch) or a test.

export interface FetchedFile {
  objectUrl: string;
  size: number;
}

export class DownloadHttpError extends Error {
  constructor(readonly status: number) {
    super(`Download failed with HTTP ${status}`);
    this.name = "DownloadHttpError";
  }
}

export interface DownloadContext {
  url: string;
  fileName: string;
  objectUrl: string | null;
  attempts: number;
}

export type DownloadEvent = { type: "CLICKED" };

type DownloadEmitted = TrackedEvent<"download_clicked"> | TrackedEvent<"download_ready"> | TrackedEvent<"download_failed">;

export const downloadMachine = setup({
  types: {
    context: {} as DownloadContext,
    events: {} as DownloadEvent,
    input: {} as { url: string; fileName: string },
    emitted: {} as DownloadEmitted,
  },
  actors: {
    fetchFile: fromPromise<FetchedFile, { url: string }>(async () => {
      throw new Error("fetchFile is provided by the component");
    }),
  },
  actions: {
    /** Provided by the component: hand the blob URL to the browser as a download. */
    saveFile: () => {},
    /** Provided by the component: tell the visitor (toast). */
    notifyFailure: () => {},
    countAttempt: assign({ attempts: ({ context }) => context.attempts + 1 }),
    assignFile: assign({ objectUrl: (_, params: { objectUrl: string }) => params.objectUrl }),
    trackClicked: emitEvent("download_clicked", ({ context }) => ({
      file_name: context.fileName.slice(0, 100),
      attempt: Math.min(100, Math.max(1, context.attempts)),
    })),
    trackReady: emitEvent("download_ready", (_, params: { fileName: string; size: number }) => ({
      file_name: params.fileName.slice(0, 100),
      size_bytes: params.size,
    })),
    trackFailed: emitEvent("download_failed", (_, params: { fileName: string; status: number | null }) => ({
      file_name: params.fileName.slice(0, 100),
      status_code: params.status,
    })),
  },
}).createMachine({
  id: "download",
  description: "Download button: fetch as blob, then save; failure leaves the link unset (docs/requirements.md#4-behaviour, docs/requirements.md#8-failures)",
  context: ({ input }) => ({ url: input.url, fileName: input.fileName, objectUrl: null, attempts: 0 }),
  initial: "idle",
  states: {
    idle: {
      on: { CLICKED: { target: "fetching", actions: ["countAttempt", "trackClicked"] } },
    },
    fetching: {
      invoke: {
        id: "fetchFile",
        src: "fetchFile",
        input: ({ context }) => ({ url: context.url }),
        onDone: {
          target: "ready",
          actions: [
            { type: "assignFile", params: ({ event }) => ({ objectUrl: event.output.objectUrl }) },
            "saveFile",
            { type: "trackReady", params: ({ context, event }) => ({ fileName: context.fileName, size: event.output.size }) },
          ],
        },
        onError: {
          target: "failed",
          actions: [
            "notifyFailure",
            {
              type: "trackFailed",
              params: ({ context, event }) => ({ fileName: context.fileName, status: event.error instanceof DownloadHttpError ? event.error.status : null }),
            },
          ],
        },
      },
    },
    ready: {
      on: { CLICKED: { actions: ["countAttempt", "saveFile", "trackClicked"] } },
    },
    failed: {
      on: { CLICKED: { target: "fetching", actions: ["countAttempt", "trackClicked"] } },
    },
  },
});
