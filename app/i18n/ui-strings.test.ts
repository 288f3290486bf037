import { describe, expect, it } from "vitest";
import { SUPPORTED_LANGUAGE_CODES } from "./languages";
import { UI_DICTIONARIES, UI_STRING_KEYS, uiString } from "./ui-strings";

describe("UI strings", () => {
  it("translates every key in every supported language", () => {
    for (const lang of SUPPORTED_LANGUAGE_CODES) {
      const dict = UI_DICTIONARIES[lang];
      const missing = UI_STRING_KEYS.filter((key) => !dict[key]?.trim());
      expect(missing, `${lang} is missing`).toEqual([]);
    }
  });

  it("has no keys a language invented", () => {
    for (const lang of SUPPORTED_LANGUAGE_CODES) {
      expect(Object.keys(UI_DICTIONARIES[lang]).filter((k) => !(UI_STRING_KEYS as string[]).includes(k))).toEqual([]);
    }
  });

  it("falls back to English for unsupported languages", () => {
    expect(uiString("ar", "tickets")).toBe("Tickets");
    expect(uiString("id", "goodToKnow")).toBe("Good to know");
    expect(uiString("fr", "goodToKnow")).toBe("Bon à savoir");
  });
});
