import type { HeadersFunction, MetaFunction } from "@remix-run/node";
import {
  isRouteErrorResponse,
  type ClientLoaderFunctionArgs,
  useLoaderData,
  useLocation,
  useNavigationType,
  useRevalidator,
  useRouteError,
} from "@remix-run/react";
import { useEffect } from "react";
import { CommerceProvider } from "~/components/commerce/commerce-context";
import { NotFound } from "~/components/page/NotFound";
import { PageBody } from "~/components/page/PageBody";
import { takePageData } from "~/components/page/page-data-ahead";
import { LanguageProvider } from "~/components/page-providers";
import { PageShell } from "~/components/shell/PageShell";
import { pageLoader } from "~/page/load-page.server";
import type { NotFoundData, PageData } from "~/page/page-data";
import { cookieValue } from "../tracking/cookie-value";

// One module serves both URL forms: routes/_index.tsx (query form and site roots) and routes/$.tsx
// (path form). Both re-export from here so the two can never drift apart.

// Its json() is called in the server module, so this module (in every page's initial chunks) imports no
// empty @remix-run/node module shared with other routes (docs/decisions/032-one-react-tree.md).
export const loader = pageLoader;

/**
 * A navigation inside the app: the page's data fetched while the visitor read (a page link on screen or hovered),
 * kept in memory, or else the server loader's. Not on hydration: the document's data is the page's.
 */
export const clientLoader = async ({ request, serverLoader }: ClientLoaderFunctionArgs) => (await takePageData(request.url)) ?? serverLoader();

export const meta: MetaFunction<typeof loader> = ({ data, error }) => {
  if (!data) {
    const notFound = isRouteErrorResponse(error) ? (error.data as NotFoundData | undefined) : undefined;
    return [{ title: `Page not found${notFound?.shell ? ` · ${notFound.shell.siteName}` : ""}` }, { name: "robots", content: "noindex" }];
  }
  // Made whole on the server (page/page-head.server.ts): canonical, alternates, Open Graph, JSON-LD.
  return (data as unknown as PageData).head;
};

// Cache-Control, Vary and Server-Timing come from the loader (page/page-headers.server.ts).
export const headers: HeadersFunction = ({ loaderHeaders, errorHeaders }) => {
  if (errorHeaders?.has("Cache-Control")) {
    const vary = errorHeaders.get("Vary");
    return { "Cache-Control": errorHeaders.get("Cache-Control")!, ...(vary ? { Vary: vary } : {}) };
  }
  const out: Record<string, string> = {
    "Cache-Control": loaderHeaders.get("Cache-Control") ?? "public, max-age=0, s-maxage=60, stale-while-revalidate=600",
  };
  for (const name of ["Vary", "Server-Timing"]) {
    const value = loaderHeaders.get(name);
    if (value) out[name] = value;
  }
  return out;
};

/**
 * A page's data fetched ahead of the tap (the browser keeps a prefetch and uses it once, unasked, for 5 minutes)
 * says the currency of that moment: when the visitor has chosen another since, the page asks again, once
 * (docs/decisions/045-client-navigation.md).
 */
function useCurrencyChosen(currency: string): void {
  const { revalidate } = useRevalidator();
  const { key } = useLocation();
  useEffect(() => {
    const chosen = cookieValue(document.cookie, "currency");
    if (chosen && chosen.toUpperCase() !== currency) revalidate();
    // Once per page shown: an unsupported choice in the cookie must not ask again and again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
}

export function PageRoute() {
  const data = useLoaderData<typeof loader>() as unknown as PageData;
  // Reached by a link inside the app (not back or forward, whose scroll position Remix restores right after the
  // commit, nor a fragment to scroll to): the page is drawn in steps (PageBody).
  const navigationType = useNavigationType();
  const { hash } = useLocation();
  const inSteps = navigationType !== "POP" && !hash;
  useCurrencyChosen(data.shell.currency);
  return (
    <PageShell shell={data.shell} context={data.context}>
      <CommerceProvider value={data.commerce}>
        {/* One per page: a navigation to another page unmounts this one's components, so their machines stop,
            while the shell's carry on (docs/requirements.md#11-moving-between-pages). */}
        <PageBody key={`${data.context.uid}/${data.context.lang}`} doc={data.doc} inSteps={inSteps} />
      </CommerceProvider>
    </PageShell>
  );
}

export function PageErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && (error.status === 404 || error.status === 400)) {
    const data = error.data as NotFoundData;
    if (data?.shell) {
      return (
        <PageShell shell={data.shell} context={null}>
          <NotFound data={data} />
        </PageShell>
      );
    }
    return (
      <LanguageProvider value={{ lang: "en", strings: data.strings }}>
        <main id="main">
          <NotFound data={data} />
        </main>
      </LanguageProvider>
    );
  }
  throw error;
}
