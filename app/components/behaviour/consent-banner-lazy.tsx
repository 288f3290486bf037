import { useRouteLoaderData } from "@remix-run/react";
import { lazy, memo, startTransition, Suspense, useEffect, useState } from "react";
import type { UiStrings } from "~/i18n/ui-strings";
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
 * The banner for every page shell: the country and bot rule from the root loader, the shell's words. Until its
 * chunk is here, it is the element the server rendered, whatever renders in between: a render that reached the
 * banner before React had hydrated it would make React give up hydrating it (error 421), and a navigation inside
 * the app re-renders the tree right after hydration (once outside a transition: Remix's RemixBrowser keeps the
 * location in a state of its own). Once the chunk is here, the banner follows the page.
 */
export const LazyConsentBanner = memo(function LazyConsentBanner({ strings }: { strings: UiStrings }) {
  const tracking = useRouteLoaderData<typeof rootLoader>("root")?.tracking;
  const ConsentBanner = bannerComponent();
  const banner = (
    <Suspense fallback={null}>
      <ConsentBanner strings={strings} countryCode={tracking?.countryCode ?? null} isBot={tracking?.isBot ?? false} />
    </Suspense>
  );
  const [hydrating] = useState(banner);
  const [, followPage] = useState(false);
  useEffect(() => {
    if (!loaded) void load().then(() => startTransition(() => followPage(true)));
  }, []);
  return loaded ? banner : hydrating;
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
