import { useRouteLoaderData } from "@remix-run/react";
import { memo } from "react";
import type { UiStrings } from "~/i18n/ui-strings";
import type { loader as rootLoader } from "~/root";
import { lazyIsland } from "../lazy-island";
import { useT } from "../page-providers";
import { CONSENT_CHOICES_ID } from "./consent-banner-ids";

// The consent banner is a lazy island (docs/decisions/032-one-react-tree.md, app/components/lazy-island.tsx): the
// server renders it with the page, and the browser hydrates it once its own chunk has arrived, so none of it is in
// the initial JavaScript. Until then the platform answers it: a form post to /consent, links to the choices.

const ConsentBannerIsland = lazyIsland(() => import("./ConsentBanner").then((module) => module.ConsentBanner));

/**
 * The banner for every page shell: the country and bot rule from the root loader, the shell's words. An island
 * (app/components/lazy-island.tsx): until its chunk is here, it is the element the server rendered, whatever renders
 * in between (a navigation inside the app re-renders the tree right after hydration, once outside a transition:
 * Remix's RemixBrowser keeps the location in a state of its own). Once the chunk is here, the banner follows the page.
 */
export const LazyConsentBanner = memo(function LazyConsentBanner({ strings }: { strings: UiStrings }) {
  const tracking = useRouteLoaderData<typeof rootLoader>("root")?.tracking;
  return <ConsentBannerIsland strings={strings} countryCode={tracking?.countryCode ?? null} isBot={tracking?.isBot ?? false} />;
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
