import { createContext, useContext, type ReactNode } from "react";
import type { PageContext } from "../../tracking/page-context";
import { uiString, type UiStringKey } from "~/i18n/ui-strings";

// The page context (spec §3) for every component below the page, and tracking.
const Context = createContext<PageContext | null>(null);

export function PageContextProvider({ value, children }: { value: PageContext | null; children: ReactNode }) {
  return <Context.Provider value={value}>{children}</Context.Provider>;
}

export function usePageContext(): PageContext | null {
  return useContext(Context);
}

const LangContext = createContext<string>("en");
export const LanguageProvider = LangContext.Provider;

/** Interface words in the page language. */
export function useT(): (key: UiStringKey) => string {
  const lang = useContext(LangContext);
  return (key) => uiString(lang, key);
}
