import { createContext, useContext, type ReactNode } from "react";
import type { PageContext } from "../../tracking/page-context";
import type { SupportedLanguageCode } from "~/i18n/languages";
import type { UiStringKey, UiStrings } from "~/i18n/ui-strings";

// The page context (docs/requirements.md#3-data) for every component below the page, and tracking.
const Context = createContext<PageContext | null>(null);

export function PageContextProvider({ value, children }: { value: PageContext | null; children: ReactNode }) {
  return <Context.Provider value={value}>{children}</Context.Provider>;
}

export function usePageContext(): PageContext | null {
  return useContext(Context);
}

/** The page language and its interface words, handed over by the loader (no dictionaries in the bundle). */
interface LanguageValue {
  lang: SupportedLanguageCode;
  strings: UiStrings;
}
const LangContext = createContext<LanguageValue | null>(null);
export const LanguageProvider = LangContext.Provider;

/** Interface words in the page language. */
export function useT(): (key: UiStringKey) => string {
  const value = useContext(LangContext);
  // Outside a provider (never on a rendered page) the key itself shows, which a test would notice.
  return (key) => value?.strings[key] ?? key;
}
