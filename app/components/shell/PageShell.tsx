import type { ReactNode } from "react";
import type { Shell } from "~/page/load-page.server";
import type { PageContext } from "../../../tracking/page-context";
import { styled } from "../../../tokens/stitches.config";
import { LanguageProvider, PageContextProvider } from "../page-context";
import { Footer } from "./Footer";
import { Header } from "./Header";

const Main = styled("main", { minHeight: "60vh", "&:focus": { outline: "none" } });

/** Header, main and footer around any page, including the 404 page. */
export function PageShell({ shell, context, children }: { shell: Shell; context: PageContext | null; children: ReactNode }) {
  return (
    <PageContextProvider value={context}>
      <LanguageProvider value={shell.lang}>
        <Header header={shell.header} languages={shell.languages} currency={shell.currency} lang={shell.lang} />
        <Main id="main" tabIndex={-1}>
          {children}
        </Main>
        <Footer footer={shell.footer} siteName={shell.siteName} />
      </LanguageProvider>
    </PageContextProvider>
  );
}
