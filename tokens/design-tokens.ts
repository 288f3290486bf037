// Design tokens as typed data (spec "Design tokens"). Everything visual is derived from this one object:
// the Stitches theme, the media queries, `token()` and `cssVar()`.

/** docs/requirements.md#4-behaviour, docs/requirements.md#9-constants: a width of 768 px or less counts as mobile; the `md` breakpoint is the same width. */
export const MOBILE_MAX_WIDTH_PX = 768;

export const designTokens = {
  breakpoints: { sm: "640px", md: `${MOBILE_MAX_WIDTH_PX}px`, lg: "1024px", xl: "1280px", "2xl": "1536px" },
  sizes: {
    maxContent: "1200px",
    // spec: content width is full width minus 5.46vw on each side
    content: "calc(100vw - 2 * 5.46vw)",
    headerHeight: "5rem",
    headerHeightMobile: "3.5rem",
  },
  colors: {
    purple: "#8000ff",
    purpleDark: "#5c00b8",
    purpleLight: "#f3e9ff",
    candy: "#ff007a",
    candyLight: "#ffe5f2",
    white: "#ffffff",
    nearBlack: "#111111",
    grey900: "#222222",
    grey700: "#444444",
    grey600: "#555555",
    grey500: "#666666",
    grey300: "#c4c4c4",
    grey200: "#e2e2e2",
    grey100: "#f3f3f3",
    green: "#077a3d",
    greenLight: "#e6f6ed",
    amber: "#8a5a00",
    amberLight: "#fff4dc",
    red: "#c4002b",
    redLight: "#fde8ec",

    // Semantic roles. Each role has success, warning, error, destructive and disabled variants.
    surface: "#ffffff",
    surfaceSuccess: "#e6f6ed",
    surfaceWarning: "#fff4dc",
    surfaceError: "#fde8ec",
    surfaceDestructive: "#fde8ec",
    surfaceDisabled: "#f3f3f3",
    surfaceSubtle: "#f8f6fb",

    overlay: "rgba(17, 17, 17, 0.6)",
    overlaySuccess: "rgba(7, 122, 61, 0.6)",
    overlayWarning: "rgba(138, 90, 0, 0.6)",
    overlayError: "rgba(196, 0, 43, 0.6)",
    overlayDestructive: "rgba(196, 0, 43, 0.6)",
    overlayDisabled: "rgba(17, 17, 17, 0.2)",

    cta: "#8000ff",
    ctaHover: "#5c00b8",
    ctaText: "#ffffff",
    ctaSuccess: "#077a3d",
    ctaWarning: "#8a5a00",
    ctaError: "#c4002b",
    ctaDestructive: "#c4002b",
    ctaDisabled: "#c4c4c4",

    text: "#111111",
    textSubtle: "#555555",
    textInverse: "#ffffff",
    textSuccess: "#077a3d",
    textWarning: "#8a5a00",
    textError: "#c4002b",
    textDestructive: "#c4002b",
    textDisabled: "#666666",

    icon: "#444444",
    iconSuccess: "#077a3d",
    iconWarning: "#8a5a00",
    iconError: "#c4002b",
    iconDestructive: "#c4002b",
    iconDisabled: "#c4c4c4",

    divider: "#e2e2e2",
    dividerSuccess: "#077a3d",
    dividerWarning: "#8a5a00",
    dividerError: "#c4002b",
    dividerDestructive: "#c4002b",
    dividerDisabled: "#f3f3f3",

    link: "#6a00d4",
    linkHover: "#5c00b8",
    linkSuccess: "#077a3d",
    linkWarning: "#8a5a00",
    linkError: "#c4002b",
    linkDestructive: "#c4002b",
    linkDisabled: "#666666",

    border: "#c4c4c4",
    borderSuccess: "#077a3d",
    borderWarning: "#8a5a00",
    borderError: "#c4002b",
    borderDestructive: "#c4002b",
    borderDisabled: "#e2e2e2",
    focusRing: "#8000ff",

    // Category labels on experience cards.
    labelCombo: "#ff007a",
    labelCityCards: "#0a6c74",
    labelAirportTransfers: "#1d4ed8",
    labelPublicTransport: "#15803d",
    labelFoodPasses: "#b45309",
    labelDayTrips: "#7c2d12",
    labelDefault: "#444444",
  },
  gradients: {
    comboLabel: "linear-gradient(90deg, #ff007a 0%, #8000ff 100%)",
  },
  fonts: {
    display: "'Outfit', 'Outfit Fallback', system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    text: "'Inter', 'Inter Fallback', system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  },
  // spec: 0.625rem to 4.6875rem
  fontSizes: {
    "10": "0.625rem",
    "12": "0.75rem",
    "14": "0.875rem",
    "16": "1rem",
    "18": "1.125rem",
    "20": "1.25rem",
    "24": "1.5rem",
    "28": "1.75rem",
    "32": "2rem",
    "40": "2.5rem",
    "48": "3rem",
    "56": "3.5rem",
    "64": "4rem",
    "75": "4.6875rem",
  },
  fontWeights: { light: "300", medium: "500", semibold: "600", bold: "700" },
  lineHeights: { tight: "1.15", snug: "1.3", normal: "1.5", relaxed: "1.65" },
  // spec: 1px to 128px; negative variants come from Stitches' `-$n` syntax and `negativeSpace` below.
  space: {
    "0": "0px",
    "1": "1px",
    "2": "2px",
    "4": "4px",
    "6": "6px",
    "8": "8px",
    "12": "12px",
    "16": "16px",
    "20": "20px",
    "24": "24px",
    "32": "32px",
    "40": "40px",
    "48": "48px",
    "56": "56px",
    "64": "64px",
    "80": "80px",
    "96": "96px",
    "128": "128px",
  },
  // spec: 0 to 20px plus 50%
  radii: { "0": "0px", "2": "2px", "4": "4px", "6": "6px", "8": "8px", "12": "12px", "16": "16px", "20": "20px", round: "50%" },
  opacity: { "0": "0", "10": "0.1", "20": "0.2", "40": "0.4", "60": "0.6", "80": "0.8", "100": "1" },
  shadows: {
    level1: "0 1px 4px rgba(17, 17, 17, 0.08)",
    level2: "0 4px 12px rgba(17, 17, 17, 0.12)",
    level3: "0 12px 32px rgba(17, 17, 17, 0.18)",
    top1: "0 -1px 4px rgba(17, 17, 17, 0.08)",
    top2: "0 -4px 12px rgba(17, 17, 17, 0.12)",
    inset: "inset 0 1px 3px rgba(17, 17, 17, 0.16)",
  },
  easings: {
    functional: "cubic-bezier(0.4, 0, 0.2, 1)",
    expressive: "cubic-bezier(0.7, 0, 0.3, 1)",
    cubic: "cubic-bezier(0.65, 0, 0.35, 1)",
    extreme: "cubic-bezier(0.9, 0, 0.1, 1)",
  },
  zIndices: { header: "100", dropdown: "200", overlay: "900", modal: "1000", toast: "1100" },
} as const;

export type DesignTokens = typeof designTokens;

/** Negative spacing, so that the data lists every step the spec names. */
export const negativeSpace = Object.fromEntries(
  Object.entries(designTokens.space)
    .filter(([key]) => key !== "0")
    .map(([key, value]) => [`-${key}`, `-${value}`]),
) as Record<`-${Exclude<keyof DesignTokens["space"], "0">}`, string>;

/** Media queries built from the breakpoints. `mobile` is the required "768 px or less". */
export const mediaQueries = {
  mobile: `(max-width: ${designTokens.breakpoints.md})`,
  /** Narrow enough that the experience grid (240 px columns) has one column: a phone. */
  oneColumn: "(max-width: 560px)",
  desktop: `(min-width: calc(${designTokens.breakpoints.md} + 1px))`,
  sm: `(min-width: ${designTokens.breakpoints.sm})`,
  md: `(min-width: ${designTokens.breakpoints.md})`,
  lg: `(min-width: ${designTokens.breakpoints.lg})`,
  xl: `(min-width: ${designTokens.breakpoints.xl})`,
  "2xl": `(min-width: ${designTokens.breakpoints["2xl"]})`,
  reducedMotion: "(prefers-reduced-motion: reduce)",
} as const;
