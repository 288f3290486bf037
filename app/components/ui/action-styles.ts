import type { CSS } from "../../../tokens/stitches.config";

// The storefront's call-to-action looks, shared by every component that renders one (Tickets link,
// booking links, download button, content CTAs), so they stay one design. 44 px minimum height is the
// touch-target size.

export const primaryAction = {
  display: "inline-flex",
  alignItems: "center",
  gap: "$8",
  minHeight: "44px",
  padding: "$8 $16",
  borderRadius: "$8",
  backgroundColor: "$cta",
  color: "$ctaText",
  fontWeight: "$semibold",
  textDecoration: "none",
  cursor: "pointer",
  "&:hover": { backgroundColor: "$ctaHover", color: "$ctaText" },
  "&:focus-visible": { outline: "2px solid $focusRing", outlineOffset: "2px" },
} satisfies CSS;

export const secondaryAction = {
  ...primaryAction,
  backgroundColor: "transparent",
  border: "2px solid $cta",
  color: "$cta",
  "&:hover": { backgroundColor: "$purpleLight", color: "$ctaHover" },
} satisfies CSS;
