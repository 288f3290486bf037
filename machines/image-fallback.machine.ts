import { emit, setup } from "xstate";
import type { TrackedEvent, TransitionMeta } from "./tracked-event";

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
    transitionMeta: {} as TransitionMeta,
  },
  actions: {
    trackFallback: emit(({ context }) => ({ type: "image_fallback_used" as const, image_kind: context.kind })),
    trackBrokenWithoutFallback: emit(({ context }) => ({ type: "image_load_failed" as const, image_kind: context.kind, had_fallback: false })),
    trackBrokenAfterFallback: emit(({ context }) => ({ type: "image_load_failed" as const, image_kind: context.kind, had_fallback: true })),
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
          { guard: "hasFallback", target: "fallback", actions: "trackFallback", meta: { emits: "image_fallback_used" } },
          { target: "broken", actions: "trackBrokenWithoutFallback", meta: { emits: "image_load_failed" } },
        ],
      },
    },
    fallback: {
      on: { FAILED: { target: "broken", actions: "trackBrokenAfterFallback", meta: { emits: "image_load_failed" } } },
    },
    broken: { type: "final" },
  },
});
