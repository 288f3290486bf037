import { describe, expect, it } from "vitest";
import { imageFallbackMachine } from "./image-fallback.machine";
import { startCollecting } from "./machine-test-support";

describe("image fallback machine (docs/requirements.md#4-behaviour, docs/requirements.md#8-failures)", () => {
  it("switches to the fallback, then gives up if that fails too", () => {
    const { actor, emitted } = startCollecting(imageFallbackMachine, { kind: "content_image", hasFallback: true });
    actor.send({ type: "FAILED" });
    expect(actor.getSnapshot().value).toBe("fallback");
    actor.send({ type: "FAILED" });
    expect(actor.getSnapshot().value).toBe("broken");
    expect(emitted).toEqual([
      { type: "image_fallback_used", image_kind: "content_image" },
      { type: "image_load_failed", image_kind: "content_image", had_fallback: true },
    ]);
  });

  it("is broken at once without a fallback", () => {
    const { actor } = startCollecting(imageFallbackMachine, { kind: "logo", hasFallback: false });
    actor.send({ type: "FAILED" });
    expect(actor.getSnapshot().value).toBe("broken");
  });
});
