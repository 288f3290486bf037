import type { HeaderReader } from "~/server/header-reader.server";
import { PageContextSchema, type PageContext } from "../../tracking/page-context";
import type { PageDocument } from "~/content/page-document";
import type { Device } from "./device.server";

// Builds the required page context from the request's facts (read once at the edge) and the page document.

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
  /** The request's device (app/page/device.server.ts) and country, as the edge read them. */
  device: Device;
  countryCode: string | null;
  uid: string;
  host: string;
  lang: string;
  currency: string;
  doc: Pick<PageDocument, "pageType" | "pageSubType" | "city" | "country">;
  theatreBrandHost: string;
}

export function buildPageContext(input: PageContextInput): PageContext {
  return PageContextSchema.parse({
    uid: input.uid,
    host: input.host,
    lang: input.lang,
    currency: input.currency,
    isMobile: input.device === "mobile",
    isBot: input.device === "bot",
    countryCode: input.countryCode,
    isLTT: isTheatreBrandUid(input.uid, input.theatreBrandHost),
    pageType: input.doc.pageType,
    pageSubType: input.doc.pageSubType ?? null,
    city: input.doc.city ?? null,
    country: input.doc.country ?? null,
  });
}
