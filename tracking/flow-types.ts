// docs/requirements.md#3-data: the booking flow types a tour group can have. One list: the catalogue API's answers are
// checked against it (app/prices), booking links are built from it (app/booking) and the
// booking_link_clicked event carries it, so it lives here, below app/.
// prettier-ignore
export const FLOW_TYPES = [
  "SEATMAP", "SVG", "NORMAL", "COMBO", "RESERVE", "PRIVATE_AIRPORT_TRANSFER", "SHARED_AIRPORT_TRANSFER",
  "SEATMAP_IFRAME", "HOP_ON_HOP_OFF", "PROPERTY_SELECTION", "GUIDED_TOUR_PROPERTY_SELECTION",
] as const;
export type FlowType = (typeof FLOW_TYPES)[number];
