import { DEFAULT_CURRENCY, isCurrencyCode, type CurrencyCode } from "~/i18n/currencies";

// Which currency a page shows: the visitor's choice wins, else the site's default,
// else USD (docs/requirements.md#9-constants). The choice lives in the `currency` cookie; a CDN in front copies it, normalised
// to one of the 32 codes, into the X-Currency request header and keys its cache on that header only
// (docs/cdn-contract.md, the cache key). The header, when present and valid, is what the CDN keyed on, so it wins.
// The edge reads both once (the request context, app/edge/request-context.server.ts).

export const CURRENCY_KEY_HEADER = "x-currency";

export type CurrencySource = "header" | "cookie" | "site" | "default";

/** The visitor's choice, as the request carried it: X-Currency, else the cookie (valid codes only). */
export interface ChosenCurrency {
  currency: CurrencyCode;
  source: "header" | "cookie";
}

export function resolvePageCurrency(chosen: ChosenCurrency | null, siteDefault: string | null | undefined): { currency: CurrencyCode; source: CurrencySource } {
  if (chosen) return chosen;
  const site = (siteDefault ?? "").trim().toUpperCase();
  if (isCurrencyCode(site)) return { currency: site, source: "site" };
  return { currency: DEFAULT_CURRENCY, source: "default" };
}
