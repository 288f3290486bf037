// A namespace import, not `import { z }`: that form keeps every zod locale in the browser bundle (+67 KB gzip).
import * as z from "zod";

// The page context (spec §3): built by the page loader, available to every component, and carried by
// every tracking event. It lives here, below app/, because tracking validates it and app imports it.

export const PAGE_TYPES = ["city", "category", "collection", "show", "theatre", "guide"] as const;

export const PageContextSchema = z.object({
  uid: z.string().min(1).max(256).describe("The page uid: site host plus path segments joined by dots"),
  host: z.string().min(1).max(100).describe("The site host the page belongs to"),
  lang: z.string().regex(/^[a-z]{2}$/).describe("Language of the content shown (ISO 639-1)"),
  currency: z.string().regex(/^[A-Z]{3}$/).describe("Currency prices are shown in (ISO 4217)"),
  isMobile: z.boolean().describe("Viewport is 768 px wide or less"),
  isBot: z.boolean().describe("The user agent is a known crawler or bot"),
  countryCode: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .nullable()
    .describe("Visitor country from the CDN header (ISO 3166-1), null when unknown"),
  isLTT: z.boolean().describe("The page belongs to the official theatre retailer brand"),
  pageType: z.enum(PAGE_TYPES).describe("The page type"),
  pageSubType: z.string().max(40).nullable().describe("A finer page type, e.g. sub-category"),
  city: z.string().max(60).nullable().describe("The city the page is about"),
  country: z.string().regex(/^[A-Z]{2}$/).nullable().describe("The country the page is about (ISO 3166-1)"),
});

export type PageContext = z.infer<typeof PageContextSchema>;
