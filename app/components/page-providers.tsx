import { createContext, useContext, useMemo, type ReactNode } from "react";
import type { PageContext } from "../../tracking/page-context";
import type { SupportedLanguageCode } from "~/i18n/languages";
import type { UiStringKey, UiStrings } from "~/i18n/ui-strings";

// The page context (docs/requirements.md#3-data) for every component below the page, and tracking.
const Context = createContext<PageContext | null>(null);

/** What the server knew of the visitor (docs/requirements.md#3-data): the same for every page the document shows. */
export interface Visitor {
  isMobile: boolean;
  isBot: boolean;
}
const VisitorContext = createContext<Visitor | null>(null);

/**
 * The page context, and the visitor's part of it on its own: a navigation inside the app brings a new page context,
 * which renders its readers again, while the visitor's facts keep their value, so what reads only them (every link
 * of the header and footer, the viewport) does not render again for a new page.
 */
export function PageContextProvider({ value, children }: { value: PageContext | null; children: ReactNode }) {
  const isMobile = value?.isMobile;
  const isBot = value?.isBot;
  const visitor = useMemo(() => (isMobile === undefined || isBot === undefined ? null : { isMobile, isBot }), [isMobile, isBot]);
  return (
    <Context.Provider value={value}>
      <VisitorContext.Provider value={visitor}>{children}</VisitorContext.Provider>
    </Context.Provider>
  );
}

export function usePageContext(): PageContext | null {
  return useContext(Context);
}

/** The visitor's facts (phone or not, bot or not); null outside a page. */
export function useVisitor(): Visitor | null {
  return useContext(VisitorContext);
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
