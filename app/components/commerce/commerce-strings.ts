import { numberFormat } from "~/i18n/intl-cache";
import { localeFor, toSupportedLanguage } from "~/i18n/languages";

// The few words the experience cards need beyond app/i18n/ui-strings (from, bookNow, reviews).
// Missing languages use English (spec §5).

interface CardWords {
  rated: (average: string, count: string) => string;
  topRated: string;
  isNew: string;
  experiences: string;
}

const en: CardWords = {
  rated: (a, c) => `Rated ${a} out of 5 from ${c} reviews`,
  topRated: "Top rated",
  isNew: "New",
  experiences: "Experiences",
};

const WORDS: Record<string, CardWords> = {
  en,
  fr: { rated: (a, c) => `Noté ${a} sur 5 selon ${c} avis`, topRated: "Très bien noté", isNew: "Nouveau", experiences: "Expériences" },
  de: { rated: (a, c) => `Bewertet mit ${a} von 5 aus ${c} Bewertungen`, topRated: "Top bewertet", isNew: "Neu", experiences: "Erlebnisse" },
  it: { rated: (a, c) => `Valutato ${a} su 5 da ${c} recensioni`, topRated: "Più apprezzato", isNew: "Novità", experiences: "Esperienze" },
  es: { rated: (a, c) => `Valorado con ${a} de 5 en ${c} opiniones`, topRated: "Mejor valorado", isNew: "Nuevo", experiences: "Experiencias" },
};

export function cardWords(lang: string): CardWords {
  return WORDS[toSupportedLanguage(lang)] ?? en;
}

export function formatRating(average: number, lang: string): string {
  return numberFormat(localeFor(toSupportedLanguage(lang)), { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(average);
}

export function formatCount(count: number, lang: string): string {
  return numberFormat(localeFor(toSupportedLanguage(lang))).format(count);
}
