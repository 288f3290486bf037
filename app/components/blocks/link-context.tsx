import { createContext, useContext, type ReactNode } from "react";
import type { LinkContext } from "~/content/action-link";
import { usePageContext } from "../page-providers";
import type { SupportedLanguageCode } from "~/i18n/languages";

// Links inside content need the URL mode and the known site hosts to turn a uid into an href. The
// page route can provide them (PageBody's `links` prop); without them we fall back to the query form
// (/?uid=…&lang=…), which the server understands in every URL mode (README: Page URLs).

const Context = createContext<LinkContext | null>(null);

export function BlockLinkProvider({ value, children }: { value: LinkContext | null; children: ReactNode }) {
  return <Context.Provider value={value}>{children}</Context.Provider>;
}

export function useLinkContext(lang: SupportedLanguageCode): LinkContext {
  const provided = useContext(Context);
  const page = usePageContext();
  if (provided) return provided;
  return { mode: "development", host: page?.host ?? "", lang, knownHosts: new Set(page ? [page.host] : []) };
}
