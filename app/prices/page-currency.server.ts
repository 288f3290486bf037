import { DEFAULT_CURRENCY, isCurrencyCode, type CurrencyCode } from "~/i18n/currencies";
import { readCookie } from "~/server/cookies.server";

// Which currency a page shows: the visitor's choice wins, else the site's default,
// else USD (docs/requirements.md#9-constants). The choice lives in the `currency` cookie; a CDN in front copies it, normalised
// to one of the 32 codes, into the X-Currency request header and keys its cache on that header only
// (README "Prices and booking"). The header, when present and valid, is what the CDN keyed on, so it wins.

export const CURRENCY_KEY_HEADER = "x-currency";

export type CurrencySource = "header" | "cookie" | "site" | "default";

export function resolvePageCurrency(headers: Headers, siteDefault: string | null | undefined): { currency: CurrencyCode; source: CurrencySource } {
  const header = (headers.get(CURRENCY_KEY_HEADER) ?? "").trim().toUpperCase();
  if (isCurrencyCode(header)) return { currency: header, source: "header" };
  const cookie = (readCookie(headers.get("cookie"), "currency") ?? "").trim().toUpperCase();
  if (isCurrencyCode(cookie)) return { currency: cookie, source: "cookie" };
  const site = (siteDefault ?? "").trim().toUpperCase();
  if (isCurrencyCode(site)) return { currency: site, source: "site" };
  return { currency: DEFAULT_CURRENCY, source: "default" };
}
