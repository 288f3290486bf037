import { globalCss } from "../../tokens/stitches.config";

/** The latin webfont files, preloaded by every page (app/root.tsx); the faces are in font-faces.server.ts. */
export const FONT_PRELOADS = ["/fonts/inter-latin-wght-normal.woff2", "/fonts/outfit-latin-wght-normal.woff2"];

export const globalStyles = globalCss({
  "*, *::before, *::after": { boxSizing: "border-box" },
  html: { WebkitTextSizeAdjust: "100%", scrollPaddingTop: "$sizes$headerHeight" },
  body: {
    margin: 0,
    fontFamily: "$text",
    fontSize: "$16",
    lineHeight: "$normal",
    color: "$text",
    backgroundColor: "$surface",
    WebkitFontSmoothing: "antialiased",
  },
  "h1, h2, h3, h4": { fontFamily: "$display", lineHeight: "$tight", margin: 0, fontWeight: "$semibold" },
  p: { margin: 0 },
  img: { maxWidth: "100%", height: "auto", display: "block" },
  a: { color: "$link" },
  "a:hover": { color: "$linkHover" },
  "button, input, select": { font: "inherit" },
  ":focus-visible": { outline: "2px solid $focusRing", outlineOffset: "2px" },
  "@reducedMotion": { "*, *::before, *::after": { animationDuration: "0.01ms !important", transitionDuration: "0.01ms !important", scrollBehavior: "auto !important" } },
});
