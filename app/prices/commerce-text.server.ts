import { formatCount, formatRating } from "~/i18n/number-text";
import { formatPrice } from "~/i18n/price-format";
import { hasPrice, type CommerceText, type Experience, type ExperienceText, type PriceResult, type PriceText } from "./price-types";
import type { SupportedLanguageCode } from "~/i18n/languages";

// Prices, ratings and review counts as the page prints them, formatted here on the server. The
// browser's first Intl.NumberFormat costs about 40 ms (ICU starting up: measured in Chromium on this
// machine, 0.1 ms for each one after), and hydration formatted every card again on the phone's main
// thread, only to print the same text. A currency or language change is a new loader call, so the
// text never has to be made in the browser.

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
