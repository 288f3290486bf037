import { describe, expect, it } from "vitest";
import { CATEGORY_IDS, categoryLabelColor, isComboCategory } from "./category-ids";

describe("category ids (docs/requirements.md#9-constants)", () => {
  it("match the spec", () => {
    expect(CATEGORY_IDS).toEqual({
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
    });
  });
  it("give card labels their token colour", () => {
    expect(categoryLabelColor(1080)).toBe("labelCombo");
    expect(categoryLabelColor(1145)).toBe("labelAirportTransfers");
    expect(categoryLabelColor(1143)).toBe("labelDayTrips");
    expect(categoryLabelColor(42)).toBe("labelDefault");
    expect(categoryLabelColor(null)).toBe("labelDefault");
    expect(isComboCategory(1080)).toBe(true);
    expect(isComboCategory(1008)).toBe(false);
  });
});
