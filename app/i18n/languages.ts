// docs/requirements.md#3-data (Language) and §9: supported languages; id and ar are known but not supported; default en.

export interface Language {
  code: string;
  displayName: string;
  /** The language's name in itself. */
  translatedName: string;
  locale: string;
  supported: boolean;
}

export const LANGUAGES = [
  { code: "en", displayName: "English", translatedName: "English", locale: "en-US", supported: true },
  { code: "it", displayName: "Italian", translatedName: "Italiano", locale: "it-IT", supported: true },
  { code: "es", displayName: "Spanish", translatedName: "Español", locale: "es-ES", supported: true },
  { code: "fr", displayName: "French", translatedName: "Français", locale: "fr-FR", supported: true },
  { code: "de", displayName: "German", translatedName: "Deutsch", locale: "de-DE", supported: true },
  { code: "nl", displayName: "Dutch", translatedName: "Nederlands", locale: "nl-NL", supported: true },
  { code: "pt", displayName: "Portuguese", translatedName: "Português", locale: "pt-PT", supported: true },
  { code: "pl", displayName: "Polish", translatedName: "Polski", locale: "pl-PL", supported: true },
  { code: "ru", displayName: "Russian", translatedName: "Русский", locale: "ru-RU", supported: true },
  { code: "da", displayName: "Danish", translatedName: "Dansk", locale: "da-DK", supported: true },
  { code: "no", displayName: "Norwegian", translatedName: "Norsk", locale: "nb-NO", supported: true },
  { code: "ro", displayName: "Romanian", translatedName: "Română", locale: "ro-RO", supported: true },
  { code: "sv", displayName: "Swedish", translatedName: "Svenska", locale: "sv-SE", supported: true },
  { code: "tr", displayName: "Turkish", translatedName: "Türkçe", locale: "tr-TR", supported: true },
  { code: "id", displayName: "Indonesian", translatedName: "Bahasa Indonesia", locale: "id-ID", supported: false },
  { code: "ar", displayName: "Arabic", translatedName: "العربية", locale: "ar-AE", supported: false },
] as const satisfies readonly Language[];

export type LanguageCode = (typeof LANGUAGES)[number]["code"];
export type SupportedLanguageCode = Extract<(typeof LANGUAGES)[number], { supported: true }>["code"];

export const DEFAULT_LANGUAGE: SupportedLanguageCode = "en";

// No top-level work but a pure call, so that a browser module needing only DEFAULT_LANGUAGE (page-url.ts)
// does not carry the table.
export const SUPPORTED_LANGUAGE_CODES = /* @__PURE__ */ supportedCodes();

function supportedCodes(): SupportedLanguageCode[] {
  return LANGUAGES.filter((l) => l.supported).map((l) => l.code) as SupportedLanguageCode[];
}

/** 16 languages: a scan is as quick as a map, and needs no table built when the module loads. */
function byCode(code: string): Language | undefined {
  return LANGUAGES.find((l) => l.code === code);
}

/** Any language we know of, supported or not (used to recognise a language prefix in a path). */
export function isKnownLanguage(code: string | null | undefined): code is LanguageCode {
  return !!code && byCode(code) !== undefined;
}

export function isSupportedLanguage(code: string | null | undefined): code is SupportedLanguageCode {
  return !!code && byCode(code)?.supported === true;
}

/** docs/requirements.md#5-rules: a language is used only if supported; otherwise English. Case and region are tolerated ("FR", "fr-CA"). */
export function toSupportedLanguage(code: string | null | undefined): SupportedLanguageCode {
  const base = (code ?? "").trim().toLowerCase().split(/[-_]/)[0];
  return isSupportedLanguage(base) ? base : DEFAULT_LANGUAGE;
}

export function getLanguage(code: string): Language | undefined {
  return byCode(code);
}

export function localeFor(code: SupportedLanguageCode): string {
  return byCode(code)?.locale ?? "en-US";
}

/** Orders language codes English first (every page's fallback, docs/requirements.md#5-rules), then by code. */
export const byEnglishFirst = (a: string, b: string) => (a === DEFAULT_LANGUAGE ? -1 : b === DEFAULT_LANGUAGE ? 1 : a.localeCompare(b));
