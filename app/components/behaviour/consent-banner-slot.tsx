import { useEffect } from "react";
import { nextTask } from "../../../tracking/task-scheduling";
import { consentDefaults } from "../../../tracking/consent";
import { getConsent, setConsent } from "../../../tracking/consent-update";
import { useT } from "../page-providers";
import { inspectionEnabled, inspectObserver } from "~/inspector/inspect-sink";
import { forwardToTracking } from "./use-tracked-actor";
import { CONSENT_BAR_HEIGHT_VARIABLE, CONSENT_CHOICES_ID, CONSENT_SLOT_ID } from "./consent-banner-ids";

// Where the consent banner goes (decision 017). Its markup is server-only text that
// entry.server writes into this slot (ConsentBannerMarkup), like the page's CSS: React hydrates an empty
// slot and leaves what the server wrote, so the banner costs the initial JavaScript nothing. Its
// behaviour (consent-banner.client.ts, the machine) is fetched after hydration; until then the
// platform answers it (a form post, links to the choices).

export function ConsentBannerSlot({ countryCode, isBot }: { countryCode: string | null; isBot: boolean }) {
  useEffect(() => {
    let stop: (() => void) | undefined;
    let cancelled = false;
    void nextTask()
      .then(() => import("./consent-banner.client"))
      .then(({ startConsentBanner }) => {
        const bar = document.querySelector<HTMLElement>(`#${CONSENT_SLOT_ID} [data-consent-banner]`);
        if (!cancelled && bar)
          stop = startConsentBanner(bar, {
            countryCode,
            isBot,
            defaults: consentDefaults(countryCode),
            getConsent,
            setConsent,
            forwardToTracking,
            barHeightVariable: CONSENT_BAR_HEIGHT_VARIABLE,
            // Like every other actor's: the live inspector and the browser tests' transition coverage see it.
            inspect: inspectionEnabled() ? inspectObserver : undefined,
          });
      });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [countryCode, isBot]);
  return <div id={CONSENT_SLOT_ID} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: "" }} />;
}

/** The footer's Cookie settings: a link to the choices, answered by the banner's machine once it runs. */
export function CookieSettingsLink() {
  const t = useT();
  return (
    <a href={`#${CONSENT_CHOICES_ID}`} data-consent-control="settings">
      {t("cookieSettings")}
    </a>
  );
}
