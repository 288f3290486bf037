import { CONSENT_COOKIE, consentCookie, consentCookieDomain, consentEquals, parseConsent, type ConsentState } from "./consent";
import { getPageContext, track } from "./track";
import { cookieValue } from "./cookie-value";

// The consent API for the browser: a consent banner (ours, or a third-party one through
// window.storefrontConsent) calls setConsent() with the visitor's choice. It writes the
// `consent-state` cookie, pushes the Consent Mode `update` command, and tracks consent_updated.

function readCookie(name: string): string | null {
  return cookieValue(document.cookie, name);
}

/** The stored choice, or null when the visitor has not chosen (the head script's defaults apply). */
export function getConsent(): ConsentState | null {
  return typeof document === "undefined" ? null : parseConsent(readCookie(CONSENT_COOKIE));
}

/** gtag() pushes its `arguments` object; the tag manager only treats that shape as a command. */
function gtag(..._args: unknown[]): void {
  window.dataLayer = window.dataLayer ?? [];
  // eslint-disable-next-line prefer-rest-params
  window.dataLayer.push(arguments);
}

/** Records the visitor's choice; returns false (and does nothing) when nothing changed or for bots. */
export function setConsent(state: ConsentState): boolean {
  if (typeof window === "undefined" || getPageContext()?.isBot) return false;
  const previous = getConsent();
  const urlMode = (window as { __ENV?: { urlMode?: string } }).__ENV?.urlMode;
  document.cookie = consentCookie(state, { domain: consentCookieDomain(location.hostname, urlMode), secure: location.protocol === "https:" });
  if (previous && consentEquals(previous, state)) return false;
  gtag("consent", "update", { ...state });
  track("consent_updated", { ...state });
  return true;
}
