import type { SupportedLanguageCode } from "./languages";
import da from "./locales/da.json";
import de from "./locales/de.json";
import en from "./locales/en.json";
import es from "./locales/es.json";
import fr from "./locales/fr.json";
import it from "./locales/it.json";
import nl from "./locales/nl.json";
import no from "./locales/no.json";
import pl from "./locales/pl.json";
import pt from "./locales/pt.json";
import ro from "./locales/ro.json";
import ru from "./locales/ru.json";
import sv from "./locales/sv.json";
import tr from "./locales/tr.json";
import type { UiStringKey, UiStrings } from "./ui-strings";

// Every supported language's interface words, on the server only: the loader puts one language's
// dictionary in the page data. A locale holds exactly English's keys, so there is no per-key fallback;
// ui-strings.test.ts checks the files with zod against the English keys and names the language and key.

/** A locale file held to English's keys by the type-check: a missing key, or one English lacks, is an error. */
function complete<T extends UiStrings & Record<Exclude<keyof T, UiStringKey>, never>>(strings: T): UiStrings {
  return strings;
}

const dictionaries: Record<SupportedLanguageCode, UiStrings> = {
  en: complete(en),
  it: complete(it),
  es: complete(es),
  fr: complete(fr),
  de: complete(de),
  nl: complete(nl),
  pt: complete(pt),
  pl: complete(pl),
  ru: complete(ru),
  da: complete(da),
  no: complete(no),
  ro: complete(ro),
  sv: complete(sv),
  tr: complete(tr),
};

/** The dictionary for a page language; a language we do not support gets English (docs/requirements.md#5-rules). */
export function uiDictionary(lang: SupportedLanguageCode): UiStrings {
  return dictionaries[lang];
}
