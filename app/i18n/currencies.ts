// docs/requirements.md#3-data (Currency list entry) and §9: default USD; 6 main and 26 more currencies;
// 15 currencies display their code instead of a symbol.

export interface Currency {
  code: string;
  /** The symbol shown to visitors, or the code itself for the currencies that display their code. */
  localSymbol: string;
  main: boolean;
}

export const DEFAULT_CURRENCY = "USD";

export const MAIN_CURRENCY_CODES = ["EUR", "USD", "AED", "SGD", "INR", "MYR"] as const;
// prettier-ignore
export const OTHER_CURRENCY_CODES = [
  "AZN", "AUD", "BHD", "CAD", "CHF", "CNY", "DKK", "EGP", "GBP", "HKD", "IDR", "ISK", "JPY",
  "KRW", "LBP", "MOP", "MXN", "NZD", "PLN", "QAR", "SAR", "SEK", "TWD", "THB", "VND", "ZAR",
] as const;

export const CURRENCY_CODES = [...MAIN_CURRENCY_CODES, ...OTHER_CURRENCY_CODES] as const;
export type CurrencyCode = (typeof CURRENCY_CODES)[number];

/** docs/requirements.md#9-constants: these display their code instead of a symbol. */
// prettier-ignore
export const CODE_DISPLAY_CURRENCIES: ReadonlySet<string> = new Set([
  "AED", "CHF", "ZAR", "MYR", "SEK", "ISK", "DKK", "MOP", "CNY", "MXN", "QAR", "SAR", "AZN", "BHD", "LBP",
]);

// Symbols for the rest (narrow Intl symbols disagree across ICU versions, so they are data here).
// prettier-ignore
const SYMBOLS: Record<string, string> = {
  EUR: "€", USD: "$", SGD: "S$", INR: "₹", AUD: "A$", CAD: "C$", EGP: "E£", GBP: "£", HKD: "HK$",
  IDR: "Rp", JPY: "¥", KRW: "₩", NZD: "NZ$", PLN: "zł", TWD: "NT$", THB: "฿", VND: "₫",
};

export const CURRENCIES: readonly Currency[] = CURRENCY_CODES.map((code) => ({
  code,
  localSymbol: CODE_DISPLAY_CURRENCIES.has(code) ? code : (SYMBOLS[code] ?? code),
  main: (MAIN_CURRENCY_CODES as readonly string[]).includes(code),
}));

const KNOWN: ReadonlySet<string> = new Set(CURRENCY_CODES);

export function isCurrencyCode(code: string | null | undefined): code is CurrencyCode {
  return !!code && KNOWN.has(code);
}

/** A currency code from untrusted input (cookie, query), or the default. */
export function toCurrencyCode(code: string | null | undefined, fallback: CurrencyCode = DEFAULT_CURRENCY): CurrencyCode {
  const upper = (code ?? "").trim().toUpperCase();
  return isCurrencyCode(upper) ? upper : fallback;
}
