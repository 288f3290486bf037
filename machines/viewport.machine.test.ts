import { describe, expect, it } from "vitest";
import { startCollecting } from "./machine-test-support";
import { isMobileWidth } from "./spec-values";
import { viewportMachineFor } from "./viewport.machine";

describe("viewport machine (docs/requirements.md#4-behaviour, docs/requirements.md#9-constants)", () => {
  it("768 px or less is mobile", () => {
    expect(isMobileWidth(768)).toBe(true);
    expect(isMobileWidth(769)).toBe(false);
  });

  it("starts from the server's value and changes only when the class changes", () => {
    const { actor, emitted } = startCollecting(viewportMachineFor(true));
    expect(actor.getSnapshot().value).toBe("mobile");
    actor.send({ type: "VIEWPORT_MEASURED", width: 375 });
    expect(emitted).toEqual([]);
    actor.send({ type: "VIEWPORT_MEASURED", width: 1280 });
    expect(actor.getSnapshot().value).toBe("desktop");
    actor.send({ type: "VIEWPORT_MEASURED", width: 768 });
    expect(emitted).toEqual([
      { type: "viewport_changed", is_mobile: false, viewport_width: 1280 },
      { type: "viewport_changed", is_mobile: true, viewport_width: 768 },
    ]);
  });
});
