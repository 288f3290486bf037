import type { HeaderReader } from "~/server/header-reader.server";
import { PageContextSchema, type PageContext } from "../../tracking/page-context";
import type { PageDocument } from "~/content/page-document";
import { deviceVary, requestDevice } from "./device.server";

// Builds the required page context from the request and the page document.

/** Whether the request gets the phone's copy: the CDN's X-Device, else the request's own signals. */
export function detectMobile(headers: Headers): boolean {
  return requestDevice(headers).device === "mobile";
}

/** Whether the request gets the bot's copy (no consent defaults, no tracking), decided as detectMobile is. */
export function detectBot(headers: Headers): boolean {
  return requestDevice(headers).device === "bot";
}

/** What every document's <head> depends on besides its route (consent defaults: country and bot), for Vary. */
export function documentVary(headers: Headers, countryHeader: string): string[] {
  return [countryHeader, ...deviceVary(requestDevice(headers).decidedBy)];
}

/** The visitor's country from the configured CDN header; null when absent or malformed. */
export function readCountryCode(headers: HeaderReader, headerName: string): string | null {
  const value = (headers.get(headerName) ?? "").trim().toUpperCase();
  return /^[A-Z]{2}$/.test(value) && value !== "XX" ? value : null;
}

/** docs/requirements.md#3-data: isLTT is true when the uid contains the theatre brand host. */
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
  const { device } = requestDevice(input.headers);
  return PageContextSchema.parse({
    uid: input.uid,
    host: input.host,
    lang: input.lang,
    currency: input.currency,
    isMobile: device === "mobile",
    isBot: device === "bot",
    countryCode: readCountryCode(input.headers, input.countryHeader),
    isLTT: isTheatreBrandUid(input.uid, input.theatreBrandHost),
    pageType: input.doc.pageType,
    pageSubType: input.doc.pageSubType ?? null,
    city: input.doc.city ?? null,
    country: input.doc.country ?? null,
  });
}
