import { ATTRIBUTION_COOKIE, ATTRIBUTION_MAX_AGE_SECONDS, serializeAttribution, type Attribution } from "./attribution";
import { consentDefaults, type ConsentState } from "./consent";
import { getConsent, setConsent } from "./consent-update";

// What tracking's start needs of consent, in a chunk of its own: useTracking() imports it after hydration, and the
// document names it for a low-priority fetch from the start (app/server/lazy-preloads.server.ts), so the rules
// (the consent regions, the cookie's format) are not part of the initial JavaScript (docs/decisions/045-client-navigation.md).

declare global {
  interface Window {
    /** For a consent banner (ours or a third-party one): read and record the visitor's choice. */
    storefrontConsent?: { get: () => ConsentState | null; set: (state: ConsentState) => boolean };
  }
}

/** Offers the consent API to a consent banner (docs/tracking.md, "Page views and consent"). */
export function offerConsentApi(): void {
  window.storefrontConsent = { get: getConsent, set: setConsent };
}

/** Keeps the page's attribution in the h-attr cookie, only with ad_storage consent: the stored choice, else the region's default. */
export function storeAttribution(attribution: Attribution, countryCode: string | null): void {
  const consent = getConsent() ?? consentDefaults(countryCode);
  if (consent.ad_storage !== "granted") return;
  const secure = location.protocol === "https:" ? "; Secure" : "";
  document.cookie = `${ATTRIBUTION_COOKIE}=${encodeURIComponent(serializeAttribution(attribution))}; Path=/; Max-Age=${ATTRIBUTION_MAX_AGE_SECONDS}; SameSite=Lax${secure}`;
}
