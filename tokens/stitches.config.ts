import { createStitches, type CSS as StitchesCSS } from "@stitches/react";
import { createElement, type ForwardRefRenderFunction } from "react";
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
    mx: (value: string | number) => ({ marginLeft: value, marginRight: value }),
    my: (value: string | number) => ({ marginTop: value, marginBottom: value }),
    size: (value: string | number) => ({ width: value, height: value }),
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

/** What Stitches keeps on a styled() component: the element type and one composer per styled() layer (not in its types). */
interface StitchesInternal {
  type: unknown;
  /** [class name, style, variants, compound variants, default variants, undefined variants] */
  composers: Set<[string, unknown, unknown[], unknown[], unknown, unknown]>;
}
const INTERNAL = Symbol.for("sxs.internal");

/**
 * Stitches' styled(), with a shorter render for a component without variants when it gets no `css` prop and
 * its rules are already in the sheet: its class names are then the same on every render, so they are joined
 * once, and the render asks the sheet for each name, as Stitches does, so the page's stylesheet records it
 * (app/styles/stylesheet.server.ts). Anything else, a name's first render included, is Stitches' own render.
 * The same element and props as Stitches makes, with about a third of the work (docs/decisions/039-styled-known-rules.md).
 */
export const styled = ((...args: unknown[]) => {
  const component = (stitches.styled as unknown as (...a: unknown[]) => { render: ForwardRefRenderFunction<unknown, Record<string, unknown>> })(...args);
  const internal = (component as unknown as Record<symbol, StitchesInternal>)[INTERNAL]!;
  const composers = [...internal.composers];
  if (composers.some(([, , variants, compounds]) => variants.length > 0 || compounds.length > 0)) return component;
  const names = composers.map(([name]) => name);
  const classNames = names.join(" ");
  const stitchesRender = component.render;
  const render: ForwardRefRenderFunction<unknown, Record<string, unknown>> = (props, ref) => {
    if (props.css !== undefined) return stitchesRender(props, ref);
    const known = stitchesSheet().rules.styled!.cache;
    for (const name of names) if (!known.has(name)) return stitchesRender(props, ref);
    const out: Record<string, unknown> = {};
    for (const key in props) if (key !== "as") out[key] = props[key];
    out.className = typeof props.className === "string" && props.className ? withClassNames(classNames, names, props.className) : classNames;
    out.ref = ref;
    return createElement((props.as as string | undefined) || (internal.type as string), out);
  };
  component.render = render;
  return component;
}) as unknown as typeof stitches.styled;

/** Stitches' merge of a className prop: the component's names first, then the prop's, each once. */
function withClassNames(classNames: string, names: readonly string[], extra: string): string {
  let out = classNames;
  for (const name of extra.trim().split(/\s+/)) if (name && !names.includes(name) && !` ${out} `.includes(` ${name} `)) out += ` ${name}`;
  return out;
}

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
