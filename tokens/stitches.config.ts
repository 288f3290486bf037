import { createStitches, type CSS as StitchesCSS } from "@stitches/react";
import { designTokens, mediaQueries } from "./design-tokens";

// The Stitches config is built from the tokens: theme scales, media queries, utilities. Every token
// group is a scale, so every cssVar() answer (token-lookup.ts) is a variable the page defines;
// breakpoints too, though media queries cannot read variables.
const stitches = createStitches({
  theme: {
    breakpoints: designTokens.breakpoints,
    colors: designTokens.colors,
    gradients: designTokens.gradients,
    space: designTokens.space,
    sizes: { ...designTokens.space, ...designTokens.sizes },
    fonts: designTokens.fonts,
    fontSizes: designTokens.fontSizes,
    fontWeights: designTokens.fontWeights,
    lineHeights: designTokens.lineHeights,
    radii: designTokens.radii,
    opacity: designTokens.opacity,
    shadows: designTokens.shadows,
    transitions: designTokens.easings,
    zIndices: designTokens.zIndices,
  },
  media: mediaQueries,
  utils: {
    px: (value: string | number) => ({ paddingLeft: value, paddingRight: value }),
    py: (value: string | number) => ({ paddingTop: value, paddingBottom: value }),
    my: (value: string | number) => ({ marginTop: value, marginBottom: value }),
    /** The page's content column: full width minus 5.46vw each side, at most 1200px. */
    contentColumn: (_: boolean) => ({
      width: designTokens.sizes.content,
      maxWidth: designTokens.sizes.maxContent,
      marginLeft: "auto",
      marginRight: "auto",
    }),
    visuallyHidden: (_: boolean) => ({
      position: "absolute",
      width: "1px",
      height: "1px",
      padding: 0,
      margin: "-1px",
      overflow: "hidden",
      clip: "rect(0, 0, 0, 0)",
      whiteSpace: "nowrap",
      border: 0,
    }),
  },
});

export const { css, globalCss, keyframes, getCssText, theme } = stitches;

export const { styled } = stitches;

/** One of Stitches' seven rule groups: the names it has converted and where their rules go (not in its types). */
export interface StitchesRuleGroup {
  cache: { has(name: string): boolean; add(name: string): unknown };
  apply(cssText: string): void;
}

/** Stitches' sheet, whose groups the server records per render (app/styles/stylesheet.server.ts, decision 029). */
export function stitchesSheet(): { rules: Record<string, StitchesRuleGroup> } {
  return (stitches as unknown as { sheet: { rules: Record<string, StitchesRuleGroup> } }).sheet;
}
export type CSS = StitchesCSS<typeof stitches.config>;
