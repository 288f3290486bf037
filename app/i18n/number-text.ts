import { numberFormat } from "~/i18n/intl-cache";
import { localeFor, type SupportedLanguageCode } from "~/i18n/languages";

// The numbers on an experience card (rating, review count) in the page language; their words live in
// app/i18n/locales/ (cardRated). Used on the server only (app/prices/commerce-text.server.ts).

export function formatRating(average: number, lang: SupportedLanguageCode): string {
  return numberFormat(localeFor(lang), { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(average);
}

export function formatCount(count: number, lang: SupportedLanguageCode): string {
  return numberFormat(localeFor(lang)).format(count);
}
