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
  // A tap held until the app starts (app/components/early-input.tsx): seen at once, answered on replay.
  "[data-pending]": { cursor: "progress", opacity: 0.6 },
  // Browsers without the popover API: a closed popover stays hidden, and use-disclosure toggles the class.
  "@supports not selector(:popover-open)": { "[popover]:not(.popover-open)": { display: "none" } },
  ":focus-visible": { outline: "2px solid $focusRing", outlineOffset: "2px" },
  "@reducedMotion": {
    "*, *::before, *::after": { animationDuration: "0.01ms !important", transitionDuration: "0.01ms !important", scrollBehavior: "auto !important" },
  },
});
