import { formatCount, formatRating } from "~/i18n/number-text";
import { formatPrice } from "~/i18n/price-format";
import { hasPrice, type CommerceText, type Experience, type ExperienceText, type PriceResult, type PriceText } from "./price-types";
import type { SupportedLanguageCode } from "~/i18n/languages";

// Prices, ratings and review counts as the page prints them, formatted here on the server: the
// browser's first Intl formatter starts ICU, a long task on a phone, only to print the same text
// (decision 007). A currency or language change is a new loader call, so the text is never made in the browser.

export function priceText(result: PriceResult | undefined, lang: SupportedLanguageCode): PriceText {
  if (!hasPrice(result)) return { full: "", compact: "" };
  return {
    full: formatPrice(result.amount, result.currency, { lang }),
    compact: formatPrice(result.amount, result.currency, { lang, truncate: true }),
  };
}

export function experienceText(e: Experience, lang: SupportedLanguageCode): ExperienceText {
  return {
    price: formatPrice(e.price, e.currency, { lang }),
    rating: e.averageRating === null ? "" : formatRating(e.averageRating, lang),
    count: formatCount(e.ratingsCount, lang),
  };
}

export function commerceText(prices: Record<string, PriceResult>, experiences: Record<string, Experience>, lang: SupportedLanguageCode): CommerceText {
  return {
    prices: Object.fromEntries(Object.entries(prices).map(([key, result]) => [key, priceText(result, lang)])),
    experiences: Object.fromEntries(Object.entries(experiences).map(([id, e]) => [id, experienceText(e, lang)])),
  };
}
