import { describe, expect, it } from "vitest";
import { CURRENCY_CODES } from "~/i18n/currencies";
import { convertPrice, TOUR_GROUPS } from "../../sandbox/catalogue-data";

// The sandbox stands in for the upstream API, so it must price every currency the storefront offers.
// Here rather than beside the sandbox: the sandbox imports nothing of the app's.

describe("sandbox catalogue data", () => {
  it("prices every tour group in all 32 storefront currencies", () => {
    expect(CURRENCY_CODES).toHaveLength(32);
    for (const code of CURRENCY_CODES) {
      for (const t of TOUR_GROUPS) expect(convertPrice(t.priceEur, code), `${t.id} in ${code}`).toBeGreaterThan(0);
    }
  });
});
