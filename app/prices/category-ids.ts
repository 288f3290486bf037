// docs/requirements.md#9-constants: the category ids the storefront treats specially.
export const CATEGORY_IDS = {
  COMBO: 1080,
  CITY_CARDS: 1008,
  AIRPORT_TRANSFERS: 1019,
  PUBLIC_TRANSPORT: 1022,
  WIFI_SIM_CARDS: 1023,
  FOOD_PASSES: 1031,
  FERRY_TICKETS: 1108,
  TRAIN_TICKETS: 1133,
  TRAIN_PASSES: 1139,
  SHARED_AIRPORT_TRANSFERS: 1145,
  DAY_TRIPS: 1143,
} as const;

/** The colour token of a category's label on cards (design tokens: category label colours). */
export type CategoryLabelColor =
  "labelCombo" | "labelCityCards" | "labelAirportTransfers" | "labelPublicTransport" | "labelFoodPasses" | "labelDayTrips" | "labelDefault";

const LABEL_COLORS: ReadonlyMap<number, CategoryLabelColor> = new Map([
  [CATEGORY_IDS.COMBO, "labelCombo"],
  [CATEGORY_IDS.CITY_CARDS, "labelCityCards"],
  [CATEGORY_IDS.AIRPORT_TRANSFERS, "labelAirportTransfers"],
  [CATEGORY_IDS.SHARED_AIRPORT_TRANSFERS, "labelAirportTransfers"],
  [CATEGORY_IDS.PUBLIC_TRANSPORT, "labelPublicTransport"],
  [CATEGORY_IDS.FOOD_PASSES, "labelFoodPasses"],
  [CATEGORY_IDS.DAY_TRIPS, "labelDayTrips"],
]);

export function categoryLabelColor(categoryId: number | null | undefined): CategoryLabelColor {
  return (categoryId !== null && categoryId !== undefined && LABEL_COLORS.get(categoryId)) || "labelDefault";
}

/** Combos get the combo gradient label (design tokens), the rest a plain label. */
export function isComboCategory(categoryId: number | null | undefined): boolean {
  return categoryId === CATEGORY_IDS.COMBO;
}
