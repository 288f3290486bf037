import { useLocation, useRouteLoaderData } from "@remix-run/react";
import { lazy, memo, Suspense } from "react";
import type { UiStrings } from "~/i18n/ui-strings";
import { pagePath } from "~/page/page-query";
import type { loader as rootLoader } from "~/root";
import { useT } from "../page-providers";
import { CONSENT_CHOICES_ID } from "./consent-banner-ids";

// The consent banner is a lazy component (docs/decisions/032-one-react-tree.md): the server renders it
// with the page, and the browser hydrates it once its own chunk has arrived (React 18 selective
// hydration), so none of it is in the initial JavaScript. Until then the platform answers it: a form
// post to /consent, links to the choices.

type BannerModule = typeof import("./ConsentBanner");
let loaded: BannerModule | undefined;
const load = () => import("./ConsentBanner").then((module) => (loaded = module));

/**
 * The banner's code, fetched once. The server awaits it before its synchronous render (entry.server), and
 * then renders the component itself inside the same Suspense boundary, so the banner is in the HTML.
 */
export const loadConsentBanner = (): Promise<unknown> => load();

/** The browser's banner: its chunk is fetched when the boundary first renders, then it hydrates. */
const LazyBanner = lazy(() => load().then((module) => ({ default: module.ConsentBanner })));

// A constant per environment (as in use-tracked-actor.ts): the browser must always render the lazy component,
// or its banner would be mounted again when the chunk arrives. The server renders the loaded module directly;
// `React.lazy` would render it in the same pass only through a thenable that calls back synchronously, which
// leans on how React reads a lazy component's payload (the ledger in docs/decisions/README.md).
const onServer = typeof window === "undefined";
const bannerComponent = () => (onServer && loaded ? loaded.ConsentBanner : LazyBanner);

/**
 * The banner for every page shell: the country and bot rule from the root loader, the shell's words. Memoised: a
 * navigation inside the app re-renders the whole tree once outside a transition (Remix's RemixBrowser keeps the
 * location in state of its own), and an update reaching the banner before its chunk has hydrated it would make
 * React give up hydrating it (error 421); the navigation's own render, a transition, waits for it instead.
 */
export const LazyConsentBanner = memo(function LazyConsentBanner({ strings }: { strings: UiStrings }) {
  const tracking = useRouteLoaderData<typeof rootLoader>("root")?.tracking;
  const { pathname, search } = useLocation();
  const ConsentBanner = bannerComponent();
  return (
    <Suspense fallback={null}>
      <ConsentBanner strings={strings} countryCode={tracking?.countryCode ?? null} isBot={tracking?.isBot ?? false} returnTo={pagePath(pathname, search)} />
    </Suspense>
  );
});

/** The footer's Cookie settings: a link to the choices, answered by the banner's machine once it runs. */
export function CookieSettingsLink() {
  const t = useT();
  return (
    <a href={`#${CONSENT_CHOICES_ID}`} data-consent-control="settings">
      {t("cookieSettings")}
    </a>
  );
}
