import { describe, expect, it } from "vitest";
import { CODE_DISPLAY_CURRENCIES, CURRENCY_CODES } from "./currencies";
import { formatPrice } from "./price-format";
import { toSupportedLanguage } from "~/i18n/languages";

// Intl separates number and symbol with no-break spaces (U+00A0, U+202F); compare with plain spaces.
const f = (...args: Parameters<typeof formatPrice>) => formatPrice(...args).replace(/[\u00a0\u202f]/g, " ");

describe("formatPrice (docs/requirements.md#5-rules, docs/requirements.md#9-constants)", () => {
  it("is empty when the price or the currency is missing", () => {
    expect(f(null, "EUR")).toBe("");
    expect(f(undefined, "EUR")).toBe("");
    expect(f(Number.NaN, "EUR")).toBe("");
    expect(f(Number.POSITIVE_INFINITY, "EUR")).toBe("");
    expect(f(25, null)).toBe("");
    expect(f(25, undefined)).toBe("");
    expect(f(25, "")).toBe("");
    expect(f(25, "EU")).toBe("");
    expect(f(25, "EURO")).toBe("");
  });

  it("shows a zero price (a price, not a missing one)", () => {
    expect(f(0, "EUR", { lang: "en" })).toBe("€0");
  });

  it("shows 0 decimals for whole numbers and 2 otherwise", () => {
    expect(f(25, "EUR", { lang: "en" })).toBe("€25");
    expect(f(25.5, "EUR", { lang: "en" })).toBe("€25.50");
    expect(f(25.01, "EUR", { lang: "en" })).toBe("€25.01");
    expect(f(25.999, "EUR", { lang: "en" })).toBe("€26.00");
    expect(f(1250, "EUR", { lang: "en" })).toBe("€1,250");
  });

  it("uses compact notation with at most 1 decimal above 3 digits, only when truncation is asked", () => {
    expect(f(999, "USD", { truncate: true })).toBe("$999");
    expect(f(999.99, "USD", { truncate: true })).toBe("$999.99");
    expect(f(1000, "USD", { truncate: true })).toBe("$1K");
    expect(f(1250, "USD", { truncate: true })).toBe("$1.3K");
    expect(f(1250, "USD", { truncate: false })).toBe("$1,250");
    expect(f(1250, "USD")).toBe("$1,250");
    expect(f(1_000_000, "USD", { truncate: true })).toBe("$1M");
    expect(f(12_345, "EUR", { lang: "fr", truncate: true })).toBe("12,3 k €");
  });

  it("formats in the page language, English when unsupported", () => {
    expect(f(25.5, "EUR", { lang: "fr" })).toBe("25,50 €");
    expect(f(25.5, "EUR", { lang: "de" })).toBe("25,50 €");
    expect(f(25.5, "EUR", { lang: toSupportedLanguage("ar") })).toBe("€25.50");
    expect(f(25.5, "EUR", { lang: toSupportedLanguage("xx") })).toBe("€25.50");
  });

  it("shows the code for the 15 code-display currencies", () => {
    for (const code of CODE_DISPLAY_CURRENCIES) {
      expect(f(25, code, { lang: "en" })).toMatch(new RegExp(`^${code} 25$`));
    }
    expect(f(25, "CHF", { lang: "de" })).toBe("25 CHF");
  });

  it("shows a symbol for the others, language-specific where Intl has one", () => {
    expect(f(25, "GBP", { lang: "en" })).toBe("£25");
    expect(f(25, "USD", { lang: "en" })).toBe("$25");
    expect(f(25, "USD", { lang: "fr" })).toBe("25 $US");
    expect(f(25, "CAD", { lang: "en" })).toBe("CA$25");
    expect(f(25, "CAD", { lang: "fr" })).toBe("25 $CA");
    expect(f(25, "INR", { lang: "en" })).toBe("₹25");
    for (const code of CURRENCY_CODES.filter((c) => !CODE_DISPLAY_CURRENCIES.has(c))) {
      expect(f(25, code, { lang: "en" }), code).not.toMatch(new RegExp(`\\b${code}\\b`));
    }
  });

  it("accepts a lower-case code", () => {
    expect(f(25, "gbp", { lang: "en" })).toBe("£25");
  });
});
