import { isbot } from "isbot";
import { PageContextSchema, type PageContext } from "../../tracking/page-context";
import type { PageDocument } from "~/content/page-document";
import { isMobileWidth } from "../../machines/spec-values";

// Builds the spec's page context from the request and the page document (issue 2 §3).

/**
 * First guess at mobile, from what the request says; the browser rechecks on load (spec §4).
 * Order: viewport-width client hint (exact), then Sec-CH-UA-Mobile, then the user agent.
 */
export function detectMobile(headers: Headers): boolean {
  const viewport = Number.parseInt(headers.get("sec-ch-viewport-width") ?? headers.get("viewport-width") ?? "", 10);
  if (Number.isFinite(viewport) && viewport > 0) return isMobileWidth(viewport);
  const uaMobile = headers.get("sec-ch-ua-mobile");
  if (uaMobile === "?1") return true;
  if (uaMobile === "?0") return false;
  return /Mobi|Android|iPhone|iPod|iPad|IEMobile|Opera Mini|BlackBerry/i.test(headers.get("user-agent") ?? "");
}

export function detectBot(headers: Headers): boolean {
  return isbot(headers.get("user-agent") ?? "");
}

/** The visitor's country from the configured CDN header; null when absent or malformed. */
export function readCountryCode(headers: Headers, headerName: string): string | null {
  const value = (headers.get(headerName) ?? "").trim().toUpperCase();
  return /^[A-Z]{2}$/.test(value) && value !== "XX" ? value : null;
}

/** spec §3: isLTT is true when the uid contains the theatre brand host. */
export function isTheatreBrandUid(uid: string, theatreBrandHost: string): boolean {
  return uid.includes(theatreBrandHost);
}

export interface PageContextInput {
  headers: Headers;
  uid: string;
  host: string;
  lang: string;
  currency: string;
  doc: Pick<PageDocument, "pageType" | "pageSubType" | "city" | "country">;
  countryHeader: string;
  theatreBrandHost: string;
}

export function buildPageContext(input: PageContextInput): PageContext {
  return PageContextSchema.parse({
    uid: input.uid,
    host: input.host,
    lang: input.lang,
    currency: input.currency,
    isMobile: detectMobile(input.headers),
    isBot: detectBot(input.headers),
    countryCode: readCountryCode(input.headers, input.countryHeader),
    isLTT: isTheatreBrandUid(input.uid, input.theatreBrandHost),
    pageType: input.doc.pageType,
    pageSubType: input.doc.pageSubType ?? null,
    city: input.doc.city ?? null,
    country: input.doc.country ?? null,
  });
}
