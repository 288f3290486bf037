// Fonts are served from public/fonts (offline by default). unicode-range lets the browser fetch only
// the subsets a page's text needs: latin for most, latin-ext for pl/ro/tr, cyrillic for ru.
// The ranges are Fontsource's, made disjoint: latin-ext leaves out what latin has (ı, Œ, œ, †, and
// three combining marks). With font-display: optional a latin face that missed its moment counts as
// failed, and the browser then looks for œ in the next face that lists it: "Sacré-Cœur" fetched the
// whole latin-ext file on most first visits to the Paris city page (docs/decisions/006-metric-matched-fallback-faces.md).
const LATIN =
  "U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD";
const LATIN_EXT =
  "U+0100-0130,U+0132-0151,U+0154-02BA,U+02BD-02C5,U+02C7-02CC,U+02CE-02D7,U+02DD-02FF,U+1D00-1DBF,U+1E00-1E9F,U+1EF2-1EFF,U+20A0-20AB,U+20AD-20C0,U+2113,U+2C60-2C7F,U+A720-A7FF";
const CYRILLIC = "U+0301,U+0400-045F,U+0490-0491,U+04B0-04B1,U+2116";
// The currency list's symbols that latin lacks (₩ ₫ ₹, and the ł of zł) in a small file of their own, cut
// from Inter's latin-ext by `npm run fonts:currency` (scripts/fonts-currency.ts), so opening the list on a
// latin page does not fetch the latin-ext file (decision 006); Inter's latin-ext leaves them out, so the ranges stay disjoint.
export const CURRENCY = "U+0141-0142,U+20A9,U+20AB,U+20B9";
const INTER_LATIN_EXT = LATIN_EXT.replace("U+0132-0151", "U+0132-0140,U+0143-0151").replace(
  "U+20A0-20AB,U+20AD-20C0",
  "U+20A0-20A8,U+20AA,U+20AD-20B8,U+20BA-20C0",
);

// optional, not swap: a face that is not there for the first layout is not swapped in later, so text
// never re-wraps under a visitor's eyes (decision 006).
const face = (family: string, file: string, range: string, display: "optional" | "swap" = "optional") =>
  `@font-face{font-family:'${family}';font-style:normal;font-display:${display};font-weight:300 700;src:url(/fonts/${file}) format('woff2');unicode-range:${range}}`;

/**
 * Metric-matched fallbacks (the next/font and capsize approach): a local Arial, or a metric-compatible
 * clone (Liberation Sans, Arimo), scaled so the text sets to about the webfont's width and line box.
 * The first frame is painted before the webfonts arrive (their preloads sit in <body>, so they do not
 * block rendering); a page painted in them and the next in the webfonts set their first screens alike.
 *
 * size-adjust is the width of the six bench pages' own text in the webfont over its width in
 * Liberation Sans, per weight, measured with canvas measureText in Chromium; 600 and 700 use the bold
 * face. The overrides are the webfonts' hhea ascender and descender (Inter 1984/-494 of 2048, Outfit
 * 1000/-260 of 1000) divided by size-adjust, as size-adjust scales them too. A visitor without any of
 * these local fonts (Android has Roboto) falls through to system-ui as before.
 *
 * Full names only, and the clones first. local() matches a font's full name or its PostScript name, so
 * "ArialMT" and "LiberationSans" found nothing the full names had not. And each name that is not
 * installed costs Chromium on Linux a synchronous lookup in the browser process
 * (MatchFontByPostscriptNameOrFullFontName), repeated for each new text size during the first layout.
 * Linux has the clones rather than Arial; macOS and Windows have Arial, and they look names up in the
 * renderer, which is cheap. With Arial first, a cold category page made 6–10 of these lookups on this
 * machine; with the clones first, 2.
 */
const ARIAL_REGULAR = "local('Liberation Sans'),local('Arimo'),local('Arial')";
const ARIAL_BOLD = "local('Liberation Sans Bold'),local('Arimo Bold'),local('Arial Bold')";

const percent = (value: number) => `${(value * 100).toFixed(2)}%`;

const fallbackFace = (family: string, weight: number, src: string, sizeAdjust: number, ascent: number, descent: number) =>
  `@font-face{font-family:'${family} Fallback';font-style:normal;font-weight:${weight};src:${src};` +
  `size-adjust:${percent(sizeAdjust)};ascent-override:${percent(ascent / sizeAdjust)};` +
  `descent-override:${percent(descent / sizeAdjust)};line-gap-override:0%}`;

const INTER_ASCENT = 1984 / 2048;
const INTER_DESCENT = 494 / 2048;
const OUTFIT_ASCENT = 1000 / 1000;
const OUTFIT_DESCENT = 260 / 1000;

const FALLBACK_FACE_CSS = [
  fallbackFace("Inter", 400, ARIAL_REGULAR, 1.056, INTER_ASCENT, INTER_DESCENT),
  fallbackFace("Inter", 500, ARIAL_REGULAR, 1.042, INTER_ASCENT, INTER_DESCENT),
  fallbackFace("Inter", 600, ARIAL_BOLD, 1.011, INTER_ASCENT, INTER_DESCENT),
  fallbackFace("Inter", 700, ARIAL_BOLD, 1.048, INTER_ASCENT, INTER_DESCENT),
  fallbackFace("Outfit", 600, ARIAL_BOLD, 0.941, OUTFIT_ASCENT, OUTFIT_DESCENT),
].join("");

/**
 * @font-face rules as a fixed string, rendered into <style id="font-faces"> in <head> by root.tsx on the
 * server only (a .server module is empty in the browser build: the browser never gets them as JavaScript). Not through Stitches: its
 * client runtime re-inserts global rules on hydration, and re-declared faces make the browser swap fonts
 * again, a layout shift (decision 006).
 */
export const FONT_FACE_CSS =
  [
    face("Inter", "inter-cyrillic-wght-normal.woff2", CYRILLIC),
    // swap: its symbols appear only in the currency list a visitor opens, after the first layout, where
    // optional would draw them in a system font for the rest of the visit; the list's width does not change.
    face("Inter", "inter-currency-wght-normal.woff2", CURRENCY, "swap"),
    face("Inter", "inter-latin-ext-wght-normal.woff2", INTER_LATIN_EXT),
    face("Inter", "inter-latin-wght-normal.woff2", LATIN),
    face("Outfit", "outfit-latin-ext-wght-normal.woff2", LATIN_EXT),
    face("Outfit", "outfit-latin-wght-normal.woff2", LATIN),
  ].join("") + FALLBACK_FACE_CSS;
