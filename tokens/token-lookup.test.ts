import { describe, expect, it } from "vitest";
import { designTokens, mediaQueries, negativeSpace } from "./design-tokens";
import { cssVar, token } from "./token-lookup";
import { css, getCssText, styled } from "./stitches.config";

describe("token()", () => {
  it("returns the value of a known token", () => {
    expect(token("colors.purple")).toBe("#8000ff");
    expect(token("colors.candy")).toBe("#ff007a");
    expect(token("breakpoints.md")).toBe("768px");
    expect(token("space.128")).toBe("128px");
    expect(token("radii.round")).toBe("50%");
  });

  it("returns the fallback for an unknown token, group or malformed path", () => {
    expect(token("colors.nope", "#000")).toBe("#000");
    expect(token("nope.purple", "x")).toBe("x");
    expect(token("colors", "y")).toBe("y");
    expect(token("colors.", "z")).toBe("z");
    expect(token("", "w")).toBe("w");
    expect(token("colors.nope")).toBeUndefined();
  });

  it("does not reach inherited properties", () => {
    expect(token("colors.toString", "safe")).toBe("safe");
    expect(token("colors.__proto__", "safe")).toBe("safe");
  });
});

describe("cssVar()", () => {
  it("names the variable the way Stitches does", () => {
    expect(cssVar("colors.purple")).toBe("var(--colors-purple)");
    expect(cssVar("space.16")).toBe("var(--space-16)");
  });
  it("carries a fallback value for unknown tokens", () => {
    expect(cssVar("colors.nope", "#000")).toBe("var(--colors-nope, #000)");
    expect(cssVar("constructor.x", "0")).toBe("var(--constructor-x, 0)");
  });
  it("answers only with variables the page's CSS defines, each with its token's value", () => {
    // getCssText() is Stitches' own sheet; every page's stylesheet starts with the same theme (app/styles/stylesheet.server.ts).
    const defined = new Map([...getCssText().matchAll(/(--[\w-]+):([^;}]*)/g)].map(([, name, value]) => [name, value]));
    const answers = Object.entries(designTokens).flatMap(([group, tokens]) =>
      Object.entries(tokens as Record<string, string>).map(([name, value]) => ({ path: `${group}.${name}`, reference: cssVar(`${group}.${name}`), value })),
    );
    const wrong = answers.filter(({ reference, value }) => defined.get(/^var\((--[\w-]+)\)$/.exec(reference)?.[1] ?? "") !== value);
    expect(wrong.map(({ path, reference }) => `${path} → ${reference}`)).toEqual([]);
    expect(answers.length).toBeGreaterThan(150);
  });
  it("points easings at the variables Stitches' transition properties use", () => {
    expect(css({ transition: "opacity 200ms $functional" })().className).toBeTruthy();
    expect(getCssText()).toContain(`transition:opacity 200ms ${cssVar("easings.functional")}`);
  });
  it("matches a variable Stitches actually emits", () => {
    const Probe = styled("div", { color: "$purple" });
    expect(Probe.className).toBeTruthy();
    expect(getCssText()).toContain("--colors-purple:#8000ff");
  });
});

describe("design tokens (spec: Design tokens)", () => {
  it("has every group the spec names", () => {
    expect(Object.keys(designTokens)).toEqual(
      expect.arrayContaining([
        "breakpoints",
        "sizes",
        "colors",
        "gradients",
        "fonts",
        "fontSizes",
        "fontWeights",
        "space",
        "radii",
        "opacity",
        "shadows",
        "easings",
      ]),
    );
    expect(designTokens.breakpoints).toEqual({ sm: "640px", md: "768px", lg: "1024px", xl: "1280px", "2xl": "1536px" });
    expect(designTokens.sizes.maxContent).toBe("1200px");
    expect(designTokens.sizes.content).toBe("calc(100vw - 2 * 5.46vw)");
    expect(designTokens.colors).toMatchObject({ purple: "#8000ff", candy: "#ff007a", white: "#ffffff", nearBlack: "#111111" });
    expect(Object.values(designTokens.fontWeights)).toEqual(["300", "500", "600", "700"]);
    expect(designTokens.fontSizes["10"]).toBe("0.625rem");
    expect(designTokens.fontSizes["75"]).toBe("4.6875rem");
    expect(designTokens.space["1"]).toBe("1px");
    expect(negativeSpace["-128"]).toBe("-128px");
    expect(designTokens.radii["20"]).toBe("20px");
    expect(Object.keys(designTokens.opacity)).toEqual(["0", "10", "20", "40", "60", "80", "100"]);
    expect(Object.keys(designTokens.shadows)).toEqual(["level1", "level2", "level3", "top1", "top2", "inset"]);
    expect(Object.keys(designTokens.easings)).toEqual(["functional", "expressive", "cubic", "extreme"]);
    expect(designTokens.gradients.comboLabel).toContain("linear-gradient");
  });

  it("has every semantic role with its five variants", () => {
    const colors = designTokens.colors as Record<string, string>;
    for (const role of ["surface", "overlay", "cta", "text", "icon", "divider", "link", "border"]) {
      expect(colors[role], role).toBeTruthy();
      for (const variant of ["Success", "Warning", "Error", "Destructive", "Disabled"]) expect(colors[`${role}${variant}`], `${role}${variant}`).toBeTruthy();
    }
  });

  it("media queries: mobile is 768 px or less", () => {
    expect(mediaQueries.mobile).toBe("(max-width: 768px)");
    expect(mediaQueries.desktop).toBe("(min-width: calc(768px + 1px))");
  });
});
