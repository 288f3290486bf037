// docs/requirements.md#9-constants: the attribution query keys (ci, cm, gclid, fbclid, msclkid) are kept in the `h-attr`
// cookie, travel with every event and are carried to the booking site by booking links: one rule for all of them
// (tracking, the head script's page view, app/booking/booking-url.ts). Last touch wins: a landing URL with any of
// the keys replaces what was stored. Values are checked both when read from the URL and when read back from the
// cookie (a cookie is user input too), and the cookie has a hard size bound. No zod here: this runs in the main
// bundle on every page (the schema for the plan is in envelope.ts).

export const ATTRIBUTION_KEYS = ["ci", "cm", "gclid", "fbclid", "msclkid"] as const;
type AttributionKey = (typeof ATTRIBUTION_KEYS)[number];
export type Attribution = Partial<Record<AttributionKey, string>>;

export const ATTRIBUTION_COOKIE = "h-attr";
/** Click ids are valid for 90 days in the ad platforms (Google Ads, Meta, Microsoft Ads). */
export const ATTRIBUTION_MAX_AGE_SECONDS = 60 * 60 * 24 * 90;
/** The whole cookie value stays under this, whatever arrives in the URL. */
export const ATTRIBUTION_COOKIE_MAX_BYTES = 600;
export const ATTRIBUTION_VALUE_MAX_LENGTH = 100;

/**
 * Click ids (Google's and Meta's base64url, Microsoft's hex) and campaign ids are URL-safe tokens (RFC 3986's
 * unreserved characters, and `:`, which the released tracking plan allows); anything else is not an attribution
 * value, dropped rather than escaped. At most 100 characters: the tag manager's limit for an event parameter's
 * value, so neither an event nor a booking link carries one cut short.
 */
export const ATTRIBUTION_VALUE_PATTERN = /^[A-Za-z0-9._~:-]{1,100}$/;

function isAttributionValue(candidate: string): boolean {
  return ATTRIBUTION_VALUE_PATTERN.test(candidate);
}

/** The attribution keys in a query string; empty when it has none (or only invalid ones). */
export function attributionFromSearch(search: string): Attribution {
  const params = new URLSearchParams(search);
  const found: Attribution = {};
  for (const key of ATTRIBUTION_KEYS) {
    const candidate = params.get(key)?.trim();
    if (candidate && isAttributionValue(candidate)) found[key] = candidate;
  }
  return found;
}

export function hasAttribution(attribution: Attribution): boolean {
  return ATTRIBUTION_KEYS.some((key) => attribution[key] !== undefined);
}

/** Cookie value: a query string of the known keys, within the size bound. */
export function serializeAttribution(attribution: Attribution): string {
  const params = new URLSearchParams();
  for (const key of ATTRIBUTION_KEYS) {
    const candidate = attribution[key];
    if (candidate !== undefined && isAttributionValue(candidate)) params.set(key, candidate);
  }
  let text = params.toString();
  // Drop the least useful keys first (campaign ids before click ids) until it fits.
  for (const key of ATTRIBUTION_KEYS) {
    if (text.length <= ATTRIBUTION_COOKIE_MAX_BYTES) break;
    params.delete(key);
    text = params.toString();
  }
  return text;
}

/** Reads a cookie value back, keeping only known keys with valid values. */
export function parseAttribution(cookieValue: string | null | undefined): Attribution {
  if (!cookieValue || cookieValue.length > ATTRIBUTION_COOKIE_MAX_BYTES * 2) return {};
  return attributionFromSearch(cookieValue);
}

/** The attribution of a page: its URL's keys when it has any (last touch), else the `h-attr` cookie's. */
export function landingAttribution(search: string, cookieValue: string | null | undefined): Attribution {
  const fromUrl = attributionFromSearch(search);
  return hasAttribution(fromUrl) ? fromUrl : parseAttribution(cookieValue);
}

/**
 * What to store after landing on `search` with `stored` already in the cookie:
 * the URL's keys when it has any (last touch), otherwise what was stored.
 */
export function nextAttribution(search: string, stored: Attribution): { attribution: Attribution; changed: boolean } {
  const fromUrl = attributionFromSearch(search);
  if (!hasAttribution(fromUrl)) return { attribution: stored, changed: false };
  return { attribution: fromUrl, changed: serializeAttribution(fromUrl) !== serializeAttribution(stored) };
}
