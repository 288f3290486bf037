// spec §3: the booking flow types a tour group can have.
export const FLOW_TYPES = [
  "SEATMAP", "SVG", "NORMAL", "COMBO", "RESERVE", "PRIVATE_AIRPORT_TRANSFER", "SHARED_AIRPORT_TRANSFER",
  "SEATMAP_IFRAME", "HOP_ON_HOP_OFF", "PROPERTY_SELECTION", "GUIDED_TOUR_PROPERTY_SELECTION",
] as const;
export type FlowType = (typeof FLOW_TYPES)[number];

export function isFlowType(value: unknown): value is FlowType {
  return typeof value === "string" && (FLOW_TYPES as readonly string[]).includes(value);
}
