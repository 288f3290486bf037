import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { SUPPORTED_LANGUAGE_CODES, toSupportedLanguage } from "./languages";
import en from "./locales/en.json";
import { uiDictionary } from "./ui-strings.server";

// English is the reference: every locale holds exactly its keys, none empty, with the same placeholders.

const LOCALES = new URL("./locales/", import.meta.url);
const ENGLISH_KEYS = Object.keys(en) as Array<keyof typeof en>;

const Words = z.string({ error: (issue) => (issue.input === undefined ? "is missing" : "is not a string") }).regex(/\S/, "is empty");
const LocaleSchema = z.object(Object.fromEntries(ENGLISH_KEYS.map((key) => [key, Words]))).strict();

/** What is wrong with one locale file, each line naming the file and the key. */
function localeProblems(lang: string, strings: unknown): string[] {
  const result = LocaleSchema.safeParse(strings);
  if (result.success) return [];
  return result.error.issues.flatMap((issue) =>
    issue.code === "unrecognized_keys"
      ? issue.keys.map((key) => `${lang}.json: "${key}" is not an English key`)
      : [`${lang}.json: "${issue.path.join(".")}" ${issue.message}`],
  );
}

const readLocale = (lang: string) => readFileSync(new URL(`${lang}.json`, LOCALES), "utf8");
const placeholders = (text: string) => [...text.matchAll(/\{\w+\}/g)].map((m) => m[0]).sort();

describe("UI strings (app/i18n/locales)", () => {
  it("has one locale file for each supported language and none other", () => {
    const files = readdirSync(LOCALES).sort();
    expect(files).toEqual(SUPPORTED_LANGUAGE_CODES.map((lang) => `${lang}.json`).sort());
  });

  it.each(SUPPORTED_LANGUAGE_CODES)("%s.json holds exactly the English keys, none empty", (lang) => {
    expect(localeProblems(lang, JSON.parse(readLocale(lang)))).toEqual([]);
  });

  it.each(SUPPORTED_LANGUAGE_CODES)("%s.json keeps the English placeholders ({average}, {count}…)", (lang) => {
    const strings = JSON.parse(readLocale(lang)) as Record<string, string>;
    const wrong = ENGLISH_KEYS.filter((key) => placeholders(strings[key] ?? "").join() !== placeholders(en[key]).join());
    expect(wrong.map((key) => `${lang}.json: "${key}" has ${placeholders(strings[key] ?? "").join(" ") || "no placeholder"}`)).toEqual([]);
  });

  it.each(SUPPORTED_LANGUAGE_CODES)("%s.json lists one key a line in the English order", (lang) => {
    const text = readLocale(lang);
    const strings = JSON.parse(text) as Record<string, string>;
    expect(text).toBe(`${JSON.stringify(Object.fromEntries(ENGLISH_KEYS.map((key) => [key, strings[key]])), null, 2)}\n`);
  });

  it("names the language and the key of a missing, extra or empty string", () => {
    const { cardNew: _missing, ...rest } = en;
    expect(localeProblems("xx", { ...rest, map: " ", mapp: "Carte" })).toEqual([
      'xx.json: "map" is empty',
      'xx.json: "cardNew" is missing',
      'xx.json: "mapp" is not an English key',
    ]);
  });

  it("serves each language its own file, and English to a language we do not support", () => {
    for (const lang of SUPPORTED_LANGUAGE_CODES) expect(uiDictionary(lang)).toEqual(JSON.parse(readLocale(lang)));
    expect(uiDictionary(toSupportedLanguage("ar")).tickets).toBe("Tickets");
    expect(uiDictionary(toSupportedLanguage("id")).goodToKnow).toBe("Good to know");
    expect(uiDictionary("fr").goodToKnow).toBe("Bon à savoir");
  });
});
