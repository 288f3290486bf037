import { readFileSync } from "node:fs";
import { Actor, createActor, createMachine } from "xstate";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PageBody } from "~/components/page/PageBody";
import { ViewportProvider } from "~/components/behaviour/viewport";
import { OverlayProvider } from "~/components/overlays/overlay-context";
import { PageDocumentSchema } from "~/content/page-document";
import { toPageView } from "~/content/page-view.server";
import { linkContext, render } from "./blocks-render";

// A server render reads each machine's initial snapshot and makes no actor (decision 030): an actor is
// never started on the server, and making one per component and render cost about 5 % of a page's CPU.
// The all-blocks guide, in the providers every page has, holds every behaviour a page body can have.

const GUIDE = "content/paris-experiences/pages/guides/best-time-to-visit.en.json";

function renderGuide(): string {
  const view = toPageView(PageDocumentSchema.parse(JSON.parse(readFileSync(GUIDE, "utf8"))), linkContext());
  return render(
    <ViewportProvider>
      <OverlayProvider>
        <PageBody doc={view} />
      </OverlayProvider>
    </ViewportProvider>,
  );
}

/** Counts the actors made: every Actor sets up its state once, in its constructor. */
function countActors() {
  return vi.spyOn(Actor.prototype as unknown as { _initState: () => void }, "_initState");
}

afterEach(() => vi.restoreAllMocks());

describe("a server render", () => {
  // The count reads a private method of xstate's Actor; this shows it still counts what it should.
  it("counts an actor when one is made (the instrument itself)", () => {
    const made = countActors();
    createActor(createMachine({ initial: "idle", states: { idle: {} } }));
    expect(made).toHaveBeenCalledTimes(1);
  });

  it("makes no actor once this process knows where each machine starts", () => {
    const first = renderGuide();
    const made = countActors();
    const again = renderGuide();
    expect(made).not.toHaveBeenCalled();
    expect(again).toBe(first);
  });

  it("renders each behaviour in its machine's initial state", () => {
    const html = renderGuide();
    // The image, video and download machines' initial states, as the browser's actors start in them.
    expect(html).toContain('data-image-state="primary"');
    expect(html).toContain('data-video-view="poster"');
    expect(html).toContain('data-download-state="idle"');
  });
});
