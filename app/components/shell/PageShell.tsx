import { useEffect, useMemo, type ReactNode } from "react";
import { loadInspectors } from "~/inspector/load-inspectors.client";
import type { Shell } from "~/page/page-data";
import type { PageContext } from "../../../tracking/page-context";
import { nextTask } from "../../../tracking/task-scheduling";
import { styled } from "../../../tokens/stitches.config";
import { LazyConsentBanner } from "../behaviour/consent-banner-lazy";
import { PageChangesProvider, useAfterNewPage } from "../behaviour/use-page-changed";
import { ViewportProvider } from "../behaviour/viewport";
import { ModalHost } from "../overlays/ModalHost";
import { OverlayProvider } from "../overlays/overlay-context";
import { LanguageProvider, PageContextProvider } from "../page-providers";
import { Footer } from "./Footer";
import { Header } from "./Header";
import { LanguagesProvider } from "./Selectors";
import { useSameContent } from "../same-content";
import { PageNavigationProvider } from "../page/PageLink";
import { lazyIsland } from "../lazy-island";

// An island (app/components/islands.ts): the notifications' live region is in the server's HTML, empty.
const ToastList = lazyIsland(() => import("../islands").then((module) => module.ToastList));

// Focused by script only (the skip link, a new page's heading): no ring on what is not a control.
const Main = styled("main", { minHeight: "60vh", "&:focus, & h1:focus": { outline: "none" } });

/**
 * After a navigation inside the app to another page, focus moves to its heading (its main landmark without one),
 * as a screen reader then reads it; scrolling stays Remix's (docs/requirements.md#11-moving-between-pages).
 */
function focusNewPage(): void {
  const target = document.querySelector<HTMLElement>("main h1") ?? document.getElementById("main");
  if (target) {
    target.tabIndex = -1;
    target.focus({ preventScroll: true });
  }
}

/**
 * Header, main and footer around any page, including the 404 page; and the app-level actors
 * (viewport, modal stack, toasts) so any component on any page can push a modal or show a toast.
 */
export function PageShell({ shell, context, children }: { shell: Shell; context: PageContext | null; children: ReactNode }) {
  // The page shown (its uid and language): a new one moves focus to its heading and closes what the old one opened.
  const page = `${context?.uid}/${context?.lang}`;
  useAfterNewPage(page, focusNewPage);
  // Development tools load on demand only (development URL mode, or ?inspect=stately), in a task of
  // their own rather than in hydration's effects (a module request costs the main thread).
  // The page's `data-hydrated` marker is the consent banner's to set: it hydrates last (ConsentBanner.tsx).
  useEffect(() => void nextTask().then(loadInspectors), []);
  // The same words after a navigation inside the app are the same value, so their readers in the memoised header
  // and footer (sameContent) do not render again for them.
  const strings = useSameContent(shell.strings);
  const language = useMemo(() => ({ lang: shell.lang, strings }), [shell.lang, strings]);
  // The page's language links, the same value while their content is (a reload of the same page's data).
  const languages = useSameContent(shell.languages);
  return (
    <PageContextProvider value={context}>
      <PageNavigationProvider>
        <PageChangesProvider page={page}>
          <LanguageProvider value={language}>
            <ViewportProvider>
              <OverlayProvider>
                <LanguagesProvider value={languages}>
                  <Header header={shell.header} currency={shell.currency} lang={shell.lang} />
                </LanguagesProvider>
                <Main id="main" tabIndex={-1}>
                  {children}
                </Main>
                <Footer footer={shell.footer} siteName={shell.siteName} />
                <LazyConsentBanner strings={language.strings} />
                <ModalHost />
                <ToastList />
              </OverlayProvider>
            </ViewportProvider>
          </LanguageProvider>
        </PageChangesProvider>
      </PageNavigationProvider>
    </PageContextProvider>
  );
}
