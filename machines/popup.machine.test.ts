import { describe, expect, it } from "vitest";
import { startCollecting } from "./machine-test-support";
import { popupMachine } from "./popup.machine";
import { popupFeatures } from "./spec-values";

describe("verification badge popup machine (docs/requirements.md#2-pages-and-the-shell)", () => {
  it("asks for a 560×490 popup and records how it opened", () => {
    expect(popupFeatures()).toContain("width=560,height=490");
    const { actor, emitted } = startCollecting(popupMachine);
    actor.send({ type: "POPUP_OPENED" });
    actor.send({ type: "POPUP_BLOCKED" });
    expect(emitted.map((e) => e.presentation)).toEqual(["popup", "new_tab"]);
  });
});
