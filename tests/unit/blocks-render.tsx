import { Window } from "happy-dom";
import { renderToStaticMarkup } from "react-dom/server";
import type { ReactElement } from "react";
import { BlockView } from "~/components/blocks/BlockView";
import { loadIslands } from "~/components/lazy-island";
import { RichText } from "~/components/blocks/RichText";
import { LanguageProvider, PageContextProvider } from "~/components/page-providers";
import { uiDictionary } from "~/i18n/ui-strings.server";
import type { LinkContext } from "~/content/action-link";
import type { Block } from "~/content/page-document";
import { toViewBlock } from "~/content/page-view.server";
import { toRichTextView } from "~/content/rich-text-view.server";
import type { PageContext } from "../../tracking/page-context";
import type { SupportedLanguageCode } from "~/i18n/languages";

// Shared by the block unit tests: render content as the server would, inside a page context. The tests run
// in vitest's node environment, as the server does (no global window, so @xstate/react takes its server
// path); only the finished markup is parsed, in a DOM of its own.

// The lazy islands' code, awaited before any render as entry.server awaits it (app/components/lazy-island.tsx).
await loadIslands();

const PARIS = "www.paris-experiences.example";

/** Links as the loader resolves them for a Paris page in `mode` (development unless a test says otherwise). */
export function linkContext(lang: SupportedLanguageCode = "en", mode: LinkContext["mode"] = "development"): LinkContext {
  return { mode, host: PARIS, lang, knownHosts: new Set([PARIS, "www.london-theatre-tickets.example"]) };
}

function pageContext(lang = "en"): PageContext {
  return {
    uid: "www.paris-experiences.example.guides.best-time-to-visit",
    host: PARIS,
    lang,
    currency: "EUR",
    isMobile: false,
    isBot: false,
    countryCode: null,
    isLTT: false,
    pageType: "guide",
    pageSubType: null,
    city: "Paris",
    country: "FR",
  };
}

export function render(element: ReactElement, lang: SupportedLanguageCode = "en"): string {
  return renderToStaticMarkup(
    <PageContextProvider value={pageContext(lang)}>
      <LanguageProvider value={{ lang, strings: uiDictionary(lang) }}>{element}</LanguageProvider>
    </PageContextProvider>,
  );
}

// Through the server's conversion, as the loader sends blocks to the page.
export const renderRich = (text: string, lang: SupportedLanguageCode = "en", mode: LinkContext["mode"] = "development") =>
  render(<RichText nodes={toRichTextView(text, linkContext(lang, mode))} />, lang);
export const renderBlock = (block: Block, lang: SupportedLanguageCode = "en", mode: LinkContext["mode"] = "development") =>
  render(<BlockView block={toViewBlock(block, linkContext(lang, mode))} />, lang);

// Parsing only: no script runs and nothing is fetched.
const parser = new Window({ settings: { disableJavaScriptEvaluation: true, disableJavaScriptFileLoading: true, disableCSSFileLoading: true } });

/** The markup as a DOM, for assertions by element and attribute. */
export function dom(html: string) {
  const template = parser.document.createElement("template");
  template.innerHTML = html;
  return template.content;
}
