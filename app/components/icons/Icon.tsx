import type { ReactElement } from "react";
import { styled } from "../../../tokens/stitches.config";
import type { IconType } from "~/content/icon-types";

// The 21 content icons as inline SVG (24×24 grid, 2px strokes in currentColor so they take the text
// colour). An icon with a label is an image with that accessible name; without one it is decorative
// (hidden from assistive technology), which is right when it sits next to text that says the same.

const P = { fill: "none", stroke: "currentColor", strokeWidth: 2, strokeLinecap: "round", strokeLinejoin: "round" } as const;

// prettier-ignore
const SHAPES: Record<IconType, ReactElement> = {
  Timings: (
    <g {...P}><circle cx="12" cy="12" r="9" /><path d="M12 7v5l3 2" /></g>
  ),
  Duration: (
    <g {...P}><path d="M7 3h10M7 21h10M8 3c0 5 8 5 8 9s-8 4-8 9M16 3c0 5-8 5-8 9s8 4 8 9" /></g>
  ),
  Train: (
    <g {...P}><rect x="5" y="3" width="14" height="14" rx="3" /><path d="M5 11h14M9 21l2-4M15 21l-2-4" /><circle cx="9" cy="14" r=".5" /><circle cx="15" cy="14" r=".5" /></g>
  ),
  Bus: (
    <g {...P}><rect x="4" y="3" width="16" height="15" rx="2" /><path d="M4 10h16M8 18v3M16 18v3" /><circle cx="8" cy="14" r=".5" /><circle cx="16" cy="14" r=".5" /></g>
  ),
  Car: (
    <g {...P}><path d="M5 16H3v-4l2-5h14l2 5v4h-2M5 12h14" /><circle cx="7.5" cy="16.5" r="1.5" /><circle cx="16.5" cy="16.5" r="1.5" /><path d="M9 16.5h6" /></g>
  ),
  Plane: (
    <g {...P}><path d="M21 15v-2l-8-5V3.5a1.5 1.5 0 0 0-3 0V8l-8 5v2l8-2.5V18l-2 1.5V21l3.5-1 3.5 1v-1.5L13 18v-5.5z" /></g>
  ),
  Ship: (
    <g {...P}><path d="M3 17l2 3h14l2-3-9-3zM6 15V9h12v6M12 5v4M10 5h4" /><path d="M2 21c2 0 2-1 4-1s2 1 4 1 2-1 4-1 2 1 4 1 2-1 4-1" /></g>
  ),
  Snow: (
    <g {...P}><path d="M12 2v20M4 7l16 10M20 7L4 17M9 4l3 2 3-2M9 20l3-2 3 2" /></g>
  ),
  Location: (
    <g {...P}><path d="M12 21s-7-6.2-7-12a7 7 0 0 1 14 0c0 5.8-7 12-7 12z" /><circle cx="12" cy="9" r="2.5" /></g>
  ),
  Address: (
    <g {...P}><path d="M3 11l9-7 9 7M5 10v10h14V10" /><path d="M10 20v-6h4v6" /></g>
  ),
  Ticket: (
    <g {...P}><path d="M3 8a2 2 0 0 0 0 4v0a2 2 0 0 1 0 4v2h18v-2a2 2 0 0 1 0-4 2 2 0 0 1 0-4V6H3z" /><path d="M14 6v12" strokeDasharray="2 2" /></g>
  ),
  Drizzle: (
    <g {...P}><path d="M7 14a4 4 0 0 1-.5-8A5.5 5.5 0 0 1 17 7a3.5 3.5 0 0 1 0 7z" /><path d="M8 18v1M12 17v1M16 18v1M10 21v.5M14 21v.5" /></g>
  ),
  Rain: (
    <g {...P}><path d="M7 14a4 4 0 0 1-.5-8A5.5 5.5 0 0 1 17 7a3.5 3.5 0 0 1 0 7z" /><path d="M8 17l-1 4M12 17l-1 4M16 17l-1 4" /></g>
  ),
  Weather: (
    <g {...P}><circle cx="8" cy="8" r="3" /><path d="M8 2v1M2 8h1M3.8 3.8l.7.7M12.2 3.8l-.7.7" /><path d="M9 20a4 4 0 0 1-.4-8A5 5 0 0 1 18 12.5 3.8 3.8 0 0 1 18 20z" /></g>
  ),
  Season: (
    <g {...P}><path d="M20 4C9 4 4 9 4 16c0 1.5.5 3 1 4 1-5 5-9 10-11-4 3-7 6-8 11 8 0 13-5 13-16z" /></g>
  ),
  Sun: (
    <g {...P}><circle cx="12" cy="12" r="4" /><path d="M12 2v2M12 20v2M2 12h2M20 12h2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" /></g>
  ),
  Map: (
    <g {...P}><path d="M3 6l6-3 6 3 6-3v15l-6 3-6-3-6 3zM9 3v15M15 6v15" /></g>
  ),
  Calendar: (
    <g {...P}><rect x="3" y="5" width="18" height="16" rx="2" /><path d="M3 10h18M8 3v4M16 3v4" /></g>
  ),
  Distance: (
    <g {...P}><circle cx="6" cy="18" r="2" /><circle cx="18" cy="6" r="2" /><path d="M8 18h6a3 3 0 0 0 0-6h-4a3 3 0 0 1 0-6h6" /></g>
  ),
  Cross: (
    <g {...P}><path d="M6 6l12 12M18 6L6 18" /></g>
  ),
  Check: (
    <g {...P}><path d="M4 12.5l5 5L20 6.5" /></g>
  ),
};

const Svg = styled("svg", {
  display: "inline-block",
  flexShrink: 0,
  verticalAlign: "-0.15em",
  color: "inherit",
});

export interface IconProps {
  type: IconType;
  /** The accessible name. Leave it out only when the icon is decorative (next to text saying the same). */
  label?: string;
  /** CSS size; defaults to the text size. */
  size?: string;
}

export function Icon({ type, label, size = "1.15em" }: IconProps) {
  const a11y = label ? { role: "img", "aria-label": label } : { "aria-hidden": true as const, focusable: "false" as const };
  return (
    <Svg viewBox="0 0 24 24" width={size} height={size} data-icon={type} {...a11y}>
      {SHAPES[type]}
    </Svg>
  );
}
