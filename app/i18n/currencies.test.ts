import { describe, expect, it } from "vitest";
import {
  CODE_DISPLAY_CURRENCIES,
  CURRENCIES,
  CURRENCY_CODES,
  DEFAULT_CURRENCY,
  isCurrencyCode,
  MAIN_CURRENCY_CODES,
  OTHER_CURRENCY_CODES,
  toCurrencyCode,
} from "./currencies";

describe("currencies (docs/requirements.md#3-data, docs/requirements.md#9-constants)", () => {
  it("lists the 6 main and 26 more currencies, USD by default", () => {
    expect(MAIN_CURRENCY_CODES).toEqual(["EUR", "USD", "AED", "SGD", "INR", "MYR"]);
    expect(OTHER_CURRENCY_CODES).toHaveLength(26);
    expect(new Set(CURRENCY_CODES).size).toBe(32);
    expect(DEFAULT_CURRENCY).toBe("USD");
    expect(CURRENCIES.filter((c) => c.main).map((c) => c.code)).toEqual([...MAIN_CURRENCY_CODES]);
  });

  it("has the 15 code-display currencies, each in the list, showing its code", () => {
    expect([...CODE_DISPLAY_CURRENCIES].sort()).toEqual([
      "AED",
      "AZN",
      "BHD",
      "CHF",
      "CNY",
      "DKK",
      "ISK",
      "LBP",
      "MOP",
      "MXN",
      "MYR",
      "QAR",
      "SAR",
      "SEK",
      "ZAR",
    ]);
    for (const code of CODE_DISPLAY_CURRENCIES) expect(CURRENCIES.find((c) => c.code === code)?.localSymbol).toBe(code);
  });

  it("gives the others a symbol", () => {
    expect(CURRENCIES.find((c) => c.code === "EUR")?.localSymbol).toBe("€");
    expect(CURRENCIES.find((c) => c.code === "GBP")?.localSymbol).toBe("£");
    expect(CURRENCIES.find((c) => c.code === "JPY")?.localSymbol).toBe("¥");
  });

  it("reads untrusted codes safely", () => {
    expect(isCurrencyCode("EUR")).toBe(true);
    expect(isCurrencyCode("eur")).toBe(false);
    expect(isCurrencyCode("XXX")).toBe(false);
    expect(isCurrencyCode(null)).toBe(false);
    expect(toCurrencyCode(" gbp ")).toBe("GBP");
    expect(toCurrencyCode("BTC")).toBe("USD");
    expect(toCurrencyCode(undefined, "EUR")).toBe("EUR");
  });
});
