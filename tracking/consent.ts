// Google Consent Mode v2 (developers.google.com/tag-platform/security/guides/consent).
// Defaults are set inline in <head> before any tag runs (app/page/consent-head-script.server.ts); the visitor's choice
// lives in the `consent-state` cookie (docs/requirements.md#9-constants) and is pushed as a consent `update`.
// No zod and no DOM at module level: the head script is built on the server, the rest runs in the
// main client bundle.

export const CONSENT_SIGNALS = ["ad_storage", "analytics_storage", "ad_user_data", "ad_personalization"] as const;
type ConsentSignal = (typeof CONSENT_SIGNALS)[number];
export type ConsentValue = "granted" | "denied";
export type ConsentState = Record<ConsentSignal, ConsentValue>;

export const CONSENT_COOKIE = "consent-state";
/** A choice is kept a year, then asked again. */
const CONSENT_MAX_AGE_SECONDS = 60 * 60 * 24 * 365;
/** Set on <html> by the head script when a choice is stored: the banner's CSS hides it before the first paint. */
export const CONSENT_CHOSEN_ATTRIBUTE = "data-consent-chosen";
/** How long tags wait for a stored choice or a consent banner before using the default. */
export const CONSENT_WAIT_FOR_UPDATE_MS = 500;

/**
 * docs/requirements.md#9-constants lists AT, BE, BG, HR, CY, CZ, DK, EE, FI, FR, DE, GR, HU, IE, IT, LV, LT, LU, MT, NL, PL,
 * PT, RO, SK, SI, ES, SE, GB, CH "and others (rest not shown)". Completed with the rest of the EEA
 * (IS, LI, NO), which Google's EU user consent policy covers as well.
 */
export const CONSENT_REQUIRED_COUNTRIES: ReadonlySet<string> = new Set([
  "AT",
  "BE",
  "BG",
  "HR",
  "CY",
  "CZ",
  "DK",
  "EE",
  "FI",
  "FR",
  "DE",
  "GR",
  "HU",
  "IE",
  "IT",
  "LV",
  "LT",
  "LU",
  "MT",
  "NL",
  "PL",
  "PT",
  "RO",
  "SK",
  "SI",
  "ES",
  "SE",
  "GB",
  "CH",
  "IS",
  "LI",
  "NO",
]);

export function allSignals(value: ConsentValue): ConsentState {
  return { ad_storage: value, analytics_storage: value, ad_user_data: value, ad_personalization: value };
}

/** Denied where consent is required, and when the country is unknown (the safe default). */
export function consentDefaults(countryCode: string | null | undefined): ConsentState {
  const code = (countryCode ?? "").toUpperCase();
  const required = !/^[A-Z]{2}$/.test(code) || CONSENT_REQUIRED_COUNTRIES.has(code);
  return allSignals(required ? "denied" : "granted");
}

/**
 * The consent cookie's Domain: in production URL mode the site's registrable domain, so a choice made
 * on www.name.tld holds on name.tld and its other subdomains; null (a host-only cookie) otherwise. Site
 * hosts are www.<name>.<tld> (app/content/page-url.ts), so the registrable domain is the host without
 * its "www." label; a host of another form (an IP, localhost, no "www.") stays host-only rather than
 * guess where the public suffix ends (no suffix list is shipped to the browser).
 */
export function consentCookieDomain(host: string, urlMode: string | null | undefined): string | null {
  if (urlMode !== "production") return null;
  const name = host.toLowerCase().replace(/:\d+$/, "").replace(/\.$/, "");
  return /^www\.[a-z0-9-]+(?:\.[a-z0-9-]+)+$/.test(name) ? name.slice(4) : null;
}

/** The consent cookie's attributes, as `cookie`'s serialize() takes them (the server's form post). */
export function consentCookieOptions(options: { domain: string | null; secure: boolean }) {
  return { maxAge: CONSENT_MAX_AGE_SECONDS, domain: options.domain ?? undefined, path: "/", secure: options.secure, sameSite: "lax" as const };
}

/**
 * The document.cookie text for a choice, in the browser: by hand, in serialize()'s order, because the
 * `cookie` package would cost the first load more than its budget has left (decision 033); a unit test
 * holds the two equal byte for byte.
 */
export function consentCookie(state: ConsentState, options: { domain: string | null; secure: boolean }): string {
  const parts = [`${CONSENT_COOKIE}=${encodeURIComponent(serializeConsent(state))}`, `Max-Age=${CONSENT_MAX_AGE_SECONDS}`];
  if (options.domain) parts.push(`Domain=${options.domain}`);
  parts.push("Path=/");
  if (options.secure) parts.push("Secure");
  parts.push("SameSite=Lax");
  return parts.join("; ");
}

/** Cookie form: `ad_storage:granted|analytics_storage:denied|…`, readable by the tag manager too. */
export function serializeConsent(state: ConsentState): string {
  return CONSENT_SIGNALS.map((signal) => `${signal}:${state[signal]}`).join("|");
}

/**
 * The stored choice, or null when the cookie is missing or not ours. A cookie that names only some
 * signals leaves the others denied: a partial record is never read as permission.
 */
export function parseConsent(cookieValue: string | null | undefined): ConsentState | null {
  if (!cookieValue || cookieValue.length > 200) return null;
  const state = allSignals("denied");
  let seen = 0;
  for (const part of cookieValue.split("|")) {
    const [signal, value] = part.split(":");
    if ((CONSENT_SIGNALS as readonly string[]).includes(signal ?? "") && (value === "granted" || value === "denied")) {
      state[signal as ConsentSignal] = value;
      seen++;
    }
  }
  return seen > 0 ? state : null;
}

export function consentEquals(a: ConsentState, b: ConsentState): boolean {
  return CONSENT_SIGNALS.every((signal) => a[signal] === b[signal]);
}
