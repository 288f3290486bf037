import { numberFormat } from "~/i18n/intl-cache";
import { localeFor, toSupportedLanguage } from "~/i18n/languages";

// Number formats the experience cards need; their words live in app/i18n/ui-strings.ts.

export function formatRating(average: number, lang: string): string {
  return numberFormat(localeFor(toSupportedLanguage(lang)), { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(average);
}

export function formatCount(count: number, lang: string): string {
  return numberFormat(localeFor(toSupportedLanguage(lang))).format(count);
}
