import { describe, expect, it } from "vitest";
import { DEFAULT_LANGUAGE, isKnownLanguage, isSupportedLanguage, LANGUAGES, localeFor, SUPPORTED_LANGUAGE_CODES, toSupportedLanguage } from "./languages";

describe("languages (docs/requirements.md#9-constants)", () => {
  it("supports exactly en, it, es, fr, de, nl, pt, pl, ru, da, no, ro, sv, tr with en as default", () => {
    expect(SUPPORTED_LANGUAGE_CODES).toEqual(["en", "it", "es", "fr", "de", "nl", "pt", "pl", "ru", "da", "no", "ro", "sv", "tr"]);
    expect(DEFAULT_LANGUAGE).toBe("en");
  });

  it("knows id and ar but does not support them", () => {
    expect(isKnownLanguage("id")).toBe(true);
    expect(isKnownLanguage("ar")).toBe(true);
    expect(isSupportedLanguage("id")).toBe(false);
    expect(isSupportedLanguage("ar")).toBe(false);
    expect(toSupportedLanguage("id")).toBe("en");
    expect(toSupportedLanguage("ar")).toBe("en");
  });

  it("docs/requirements.md#5-rules: falls back to English for unknown, empty and missing codes", () => {
    for (const code of ["xx", "", "  ", null, undefined, "english", "e"]) expect(toSupportedLanguage(code)).toBe("en");
  });

  it("tolerates case, whitespace and regions", () => {
    expect(toSupportedLanguage("FR")).toBe("fr");
    expect(toSupportedLanguage(" de-CH ")).toBe("de");
    expect(toSupportedLanguage("pt_BR")).toBe("pt");
  });

  it("gives every language a display name, its own name and a locale", () => {
    for (const language of LANGUAGES) {
      expect(language.displayName).not.toBe("");
      expect(language.translatedName).not.toBe("");
      expect(() => new Intl.NumberFormat(language.locale)).not.toThrow();
    }
    expect(localeFor("no")).toBe("nb-NO");
    expect(localeFor(toSupportedLanguage("zz"))).toBe("en-US");
  });
});
