import { setup } from "xstate";
import type { TrackedEvent } from "./tracked-event";
import { emitEvent } from "./emit-event";

// docs/requirements.md#4-behaviour, docs/requirements.md#8-failures: an image that fails to load switches to its fallback URL when one is given; the
// animated logo falls back to the static logo. The component sends FAILED from the image's error
// event, or on mount when the error fired before hydration (complete && naturalWidth === 0).

export type ImageKind = "content_image" | "logo";

export interface ImageFallbackContext {
  kind: ImageKind;
  hasFallback: boolean;
}

type ImageEmitted = TrackedEvent<"image_fallback_used"> | TrackedEvent<"image_load_failed">;

export const imageFallbackMachine = setup({
  types: {
    context: {} as ImageFallbackContext,
    events: {} as { type: "FAILED" },
    input: {} as { kind: ImageKind; hasFallback: boolean },
    emitted: {} as ImageEmitted,
  },
  actions: {
    trackFallback: emitEvent("image_fallback_used", ({ context }) => ({ image_kind: context.kind })),
    trackBrokenWithoutFallback: emitEvent("image_load_failed", ({ context }) => ({ image_kind: context.kind, had_fallback: false })),
    trackBrokenAfterFallback: emitEvent("image_load_failed", ({ context }) => ({ image_kind: context.kind, had_fallback: true })),
  },
  guards: {
    hasFallback: ({ context }) => context.hasFallback,
  },
}).createMachine({
  id: "imageFallback",
  description: "Image with a fallback URL; animated logo with the static logo (docs/requirements.md#4-behaviour, docs/requirements.md#8-failures)",
  context: ({ input }) => ({ kind: input.kind, hasFallback: input.hasFallback }),
  initial: "primary",
  states: {
    primary: {
      on: {
        FAILED: [
          { guard: "hasFallback", target: "fallback", actions: "trackFallback" },
          { target: "broken", actions: "trackBrokenWithoutFallback" },
        ],
      },
    },
    fallback: {
      on: { FAILED: { target: "broken", actions: "trackBrokenAfterFallback" } },
    },
    broken: { type: "final" },
  },
});
