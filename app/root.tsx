import type { LinksFunction, MetaFunction } from "@remix-run/node";
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useMatches, useRouteError, useRouteLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { AppReady } from "~/components/app-ready";
import { EarlyImpressionsScript, EarlyInputScript, replayEarlyInput } from "~/components/early-input";
import { ConsentDefaultsScript } from "~/components/tracking/ConsentDefaultsScript";
import { PageViewScript } from "~/components/tracking/PageViewScript";
import { useTracking } from "~/components/tracking/use-tracking";
import { rootLoader, type RootData } from "~/page/root-data.server";
import { FONT_FACE_CSS } from "~/styles/font-faces.server";
import { FONT_PRELOADS, globalStyles } from "~/styles/global-styles";

// A PNG, not an SVG: Chromium fetches and decodes the tab's icon again after every navigation inside the app, and an
// SVG icon is a whole SVG document built on the main thread while the next page is being drawn; a 32 px PNG
// decodes in a fraction of that (docs/decisions/045-client-navigation.md).
export const links: LinksFunction = () => [{ rel: "icon", href: "/favicon.png", type: "image/png", sizes: "32x32" }];

export const loader = rootLoader;

// A server error's page (the ErrorBoundary below) is never indexed; a page route's own 404 says so in its meta.
export const meta: MetaFunction = ({ error }) => (error ? [{ name: "robots", content: "noindex" }] : []);

// The root's data (the public env, the country and the bot rule, the tracking preloads) is the document's: a
// navigation inside the app never asks for it again, so a page's data is one request (docs/decisions/045-client-navigation.md).
export const shouldRevalidate = () => false;

/** The page language, from whichever route knows it (page data or a 404 with a site shell). */
function useDocumentLang(): string {
  const matches = useMatches();
  for (const match of matches) {
    const data = match.data as { shell?: { lang?: string } } | undefined;
    if (data?.shell?.lang) return data.shell.lang;
  }
  return "en";
}

export function Layout({ children }: { children: ReactNode }) {
  globalStyles();
  const lang = useDocumentLang();
  const rootData = useRouteLoaderData<RootData>("root");
  useTracking(rootData?.env);
  return (
    <html lang={lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <EarlyInputScript track={!!rootData && !rootData.tracking.isBot} collectPath={rootData?.env.collectPath} />
        {/* Google Consent Mode v2 defaults, before any tag can run (tracking/consent.ts). Bots send nothing. */}
        {rootData && !rootData.tracking.isBot ? <ConsentDefaultsScript countryCode={rootData.tracking.countryCode} /> : null}
        {/* The first page view, in the data layer before the first paint (none for bots or pages without a context). */}
        <PageViewScript />
        <meta name="theme-color" content="#8000ff" />
        <Meta />
        <Links />
        {/* The @font-face rules, server-only text (a .server module is empty in the browser build, so they are
            not shipped as JavaScript); dangerouslySetInnerHTML keeps hydration from touching them. */}
        <style id="font-faces" suppressHydrationWarning dangerouslySetInnerHTML={{ __html: FONT_FACE_CSS ?? "" }} />
        {/* Filled with the page's complete Stitches CSS by entry.server (Stitches cannot stream).
            dangerouslySetInnerHTML keeps React from hydrating (and so rejecting) the CSS text. */}
        <style id="stitches" suppressHydrationWarning dangerouslySetInnerHTML={{ __html: "" }} />
      </head>
      <body>
        {/* The font preloads open <body> rather than sit in <head>: Chromium makes a font preload in
            <head> render-blocking, and on a slow first frame that held the first paint to 1.25-2.25 s
            Here they still start before any stylesheet-driven font request, and the metric-matched fallback
            faces (font-faces.server.ts) keep the swap from moving the first screen (decision 006). */}
        {FONT_PRELOADS.map((href) => (
          <link key={href} rel="preload" href={href} as="font" type="font/woff2" crossOrigin="anonymous" />
        ))}
        {children}
        {/* Counts the impressions of lists seen before the app runs (every list is parsed by now). */}
        {rootData && !rootData.tracking.isBot ? <EarlyImpressionsScript /> : null}
        <ScrollRestoration />
        {rootData ? (
          <script suppressHydrationWarning dangerouslySetInnerHTML={{ __html: `window.__ENV=${JSON.stringify(rootData.env).replace(/</g, "\\u003c")}` }} />
        ) : null}
        <Scripts />
        {rootData?.lazyPreloads.map((href) => (
          <link key={href} rel="modulepreload" href={href} {...{ fetchpriority: "low" }} />
        ))}
      </body>
    </html>
  );
}

/**
 * The app's ready signal is the root's (app/components/app-ready.tsx): once the page has hydrated, its lazy islands
 * included, `data-hydrated` is set and the taps the early-input catcher held are replayed.
 */
export default function App() {
  return (
    <AppReady onReady={replayEarlyInput}>
      <Outlet />
    </AppReady>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <main style={{ padding: "2rem", fontFamily: "system-ui, sans-serif" }}>
      <h1>{status === 404 ? "Page not found" : "Something went wrong"}</h1>
      <p>
        Please try again in a moment, or go back to the <a href="/">home page</a>.
      </p>
    </main>
  );
}
