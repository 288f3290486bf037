import type { CDPSession } from "@playwright/test";

// When did the page first paint, as soon as Node can know it, on Node's performance.now() clock.
// The page cannot tell us in time: its observers and Chromium's paint lifecycle events both wait for
// its main thread, busy parsing and running scripts right after first paint. Two browser-side
// sources race, and the first to arrive wins; both carry the paint's own time:
//   - the first screencast frame that differs from the blank page (the compositor's frame, with its
//     swap time, since the epoch);
//   - Page.lifecycleEvent firstPaint / firstContentfulPaint (monotonic time, the clock
//     process.hrtime reads).

export interface FirstPaint {
  /** Node's performance.now() at the paint. */
  at: number;
  source: "screencast" | "lifecycle";
}

export interface FirstPaintSignal {
  /** Call right before navigating: frames and events from then on belong to the page. */
  arm(): void;
  firstPaint: Promise<FirstPaint>;
  stop(): Promise<void>;
}

const monotonicToNode = (seconds: number) => performance.now() - (Number(process.hrtime.bigint()) / 1e6 - seconds * 1000);
const epochToNode = (seconds: number) => seconds * 1000 - performance.timeOrigin;

/** Starts both sources on `cdp` (attached to a blank page) and waits for the blank frame to compare with. */
export async function watchFirstPaint(cdp: CDPSession): Promise<FirstPaintSignal> {
  let armed = false;
  let blankFrame: string | null = null;
  let resolve!: (paint: FirstPaint) => void;
  const firstPaint = new Promise<FirstPaint>((r) => (resolve = r));
  let done = false;
  const settle = (paint: FirstPaint) => {
    if (done) return;
    done = true;
    resolve(paint);
    cdp.send("Page.stopScreencast").catch(() => {});
  };

  const { frameTree } = await cdp.send("Page.getFrameTree");
  const mainFrameId = frameTree.frame.id;
  await cdp.send("Page.enable");
  await cdp.send("Page.setLifecycleEventsEnabled", { enabled: true });
  cdp.on("Page.lifecycleEvent", (event) => {
    if (armed && event.frameId === mainFrameId && (event.name === "firstPaint" || event.name === "firstContentfulPaint")) {
      settle({ at: monotonicToNode(event.timestamp), source: "lifecycle" });
    }
  });

  let gotBlank!: () => void;
  const blank = new Promise<void>((r) => (gotBlank = r));
  cdp.on("Page.screencastFrame", (frame) => {
    cdp.send("Page.screencastFrameAck", { sessionId: frame.sessionId }).catch(() => {});
    if (!armed) {
      blankFrame ??= frame.data;
      gotBlank();
    } else if (blankFrame !== null && frame.data !== blankFrame && frame.metadata.timestamp !== undefined) {
      settle({ at: epochToNode(frame.metadata.timestamp), source: "screencast" });
    }
  });
  // Small frames, but large enough that a first paint never encodes like the blank page.
  await cdp.send("Page.startScreencast", { format: "jpeg", quality: 50, maxWidth: 206, maxHeight: 412 });
  await Promise.race([blank, new Promise((r) => setTimeout(r, 2000))]);

  return {
    arm: () => {
      armed = true;
    },
    firstPaint,
    stop: async () => {
      done = true;
      await cdp.send("Page.stopScreencast").catch(() => {});
    },
  };
}
