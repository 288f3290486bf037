import { DEFAULT_LANGUAGE, type SupportedLanguageCode } from "~/i18n/languages";

// A page's language versions as search engines read them (docs/search.md): one alternate per language the page
// exists in, plus `x-default` (the English version, every page's fallback, docs/requirements.md#5-rules). The
// page's <link rel="alternate"> tags and its sitemap entry are both made here, so the two sets are always equal.

export interface Alternate {
  hreflang: string;
  href: string;
}

/** The alternates of a page that exists in `languages`, each language's URL from `urlOf`. */
export function pageAlternates(languages: readonly SupportedLanguageCode[], urlOf: (lang: SupportedLanguageCode) => string): Alternate[] {
  return [...languages.map((lang) => ({ hreflang: lang, href: urlOf(lang) })), { hreflang: "x-default", href: urlOf(DEFAULT_LANGUAGE) }];
}
