import { describe, expect, it } from "vitest";
import { getCssText } from "../../tokens/stitches.config";
import { withEveryStitchesGroup } from "./stitches-groups.server";

const markers = (css: string) => [...css.matchAll(/--sxs\{--sxs:(\d)[^}]*\}@media\{/g)].map((match) => Number(match[1]));

describe("withEveryStitchesGroup", () => {
  it("adds an empty block for each group Stitches left out, in group order, and keeps the rest as it was", () => {
    const css = "--sxs{--sxs:0 t-a}@media{:root{--c:1}}--sxs{--sxs:2 c-b}@media{.c-b{color:red}}--sxs{--sxs:6 c-b-i1-css}@media{.x{top:0}}";
    const out = withEveryStitchesGroup(css);
    expect(markers(out)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(out).toBe(
      "--sxs{--sxs:0 t-a}@media{:root{--c:1}}--sxs{--sxs:1}@media{}--sxs{--sxs:2 c-b}@media{.c-b{color:red}}--sxs{--sxs:3}@media{}--sxs{--sxs:4}@media{}--sxs{--sxs:5}@media{}--sxs{--sxs:6 c-b-i1-css}@media{.x{top:0}}",
    );
  });

  it("adds the groups after the last one too, and nothing when all are there", () => {
    expect(markers(withEveryStitchesGroup("--sxs{--sxs:0 t-a}@media{a{b:c}}"))).toEqual([0, 1, 2, 3, 4, 5, 6]);
    const full = withEveryStitchesGroup("--sxs{--sxs:0 t-a}@media{a{b:c}}");
    expect(withEveryStitchesGroup(full)).toBe(full);
  });

  it("leaves text that is not Stitches' output alone", () => {
    expect(withEveryStitchesGroup("")).toBe("");
    expect(withEveryStitchesGroup("a{b:c}")).toBe("a{b:c}");
    expect(withEveryStitchesGroup("--sxs{--sxs:3}@media{}--sxs{--sxs:1}@media{}")).toBe("--sxs{--sxs:3}@media{}--sxs{--sxs:1}@media{}");
  });

  it("reads the real getCssText() of this config", () => {
    expect(markers(withEveryStitchesGroup(getCssText()))).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });
});
