import { CODE_DISPLAY_CURRENCIES } from "./currencies";
import { numberFormat } from "./intl-cache";
import { DEFAULT_LANGUAGE, localeFor, type SupportedLanguageCode } from "./languages";

// docs/requirements.md#5-rules, docs/requirements.md#9-constants price display:
//  - empty when the price or the currency code is missing;
//  - whole numbers show 0 decimals, other prices 2;
//  - with truncation asked for, prices of more than 3 digits use compact notation with at most 1 decimal;
//  - AED, CHF, ZAR… (15 currencies) display their code, the rest their symbol in the page language.

export interface PriceFormatOptions {
  lang?: SupportedLanguageCode;
  /** Compact notation for long prices (more than 3 integer digits). */
  truncate?: boolean;
}

function integerDigits(amount: number): number {
  return Math.trunc(Math.abs(amount)).toString().length;
}

export function formatPrice(amount: number | null | undefined, currency: string | null | undefined, options: PriceFormatOptions = {}): string {
  if (amount === null || amount === undefined || !Number.isFinite(amount) || !currency) return "";
  const code = currency.trim().toUpperCase();
  if (!/^[A-Z]{3}$/.test(code)) return "";
  const locale = localeFor(options.lang ?? DEFAULT_LANGUAGE);
  const whole = Number.isInteger(amount);
  const compact = options.truncate === true && integerDigits(amount) > 3;
  const showCode = CODE_DISPLAY_CURRENCIES.has(code);

  const digits = compact
    ? ({ notation: "compact", compactDisplay: "short", minimumFractionDigits: 0, maximumFractionDigits: 1 } as const)
    : { minimumFractionDigits: whole ? 0 : 2, maximumFractionDigits: whole ? 0 : 2 };
  const make = (currencyDisplay: "code" | "symbol" | "narrowSymbol") => numberFormat(locale, { style: "currency", currency: code, currencyDisplay, ...digits });

  // Intl separates a code from the number with a no-break space; keep it so prices never wrap.
  if (showCode) return make("code").format(amount);
  // "symbol" first: the language's own symbol keeps currencies apart ("CA$" vs "$" in English, "$CA"
  // vs "$US" in French), the language-specific symbols of docs/requirements.md#9-constants. Where the language has none, Intl
  // prints the code ("SGD 25" in English), and the narrow symbol ("$25") is the better symbol.
  const bySymbol = make("symbol");
  const currencyPart = bySymbol.formatToParts(amount).find((part) => part.type === "currency")?.value;
  return (currencyPart === code ? make("narrowSymbol") : bySymbol).format(amount);
}
