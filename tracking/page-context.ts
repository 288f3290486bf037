// A namespace import, not `import { z }`: that form keeps every zod locale in the browser bundle (docs/decisions/008-event-schemas-in-zod-mini.md).
import * as z from "zod/mini";

// The page context (docs/requirements.md#3-data): built by the page loader, available to every component, and carried by
// every tracking event. It lives here, below app/, because tracking validates it and app imports it.

export const PAGE_TYPES = ["city", "category", "collection", "show", "theatre", "guide"] as const;

export const PageContextSchema = z.object({
  uid: z.string().check(z.minLength(1), z.maxLength(256), z.describe("The page uid: site host plus path segments joined by dots")),
  host: z.string().check(z.minLength(1), z.maxLength(100), z.describe("The site host the page belongs to")),
  lang: z.string().check(z.regex(/^[a-z]{2}$/), z.describe("Language of the content shown (ISO 639-1)")),
  currency: z.string().check(z.regex(/^[A-Z]{3}$/), z.describe("Currency prices are shown in (ISO 4217)")),
  isMobile: z.boolean().check(z.describe("Viewport is 768 px wide or less")),
  isBot: z.boolean().check(z.describe("The user agent is a known crawler or bot")),
  countryCode: z.nullable(z.string().check(z.regex(/^[A-Z]{2}$/))).check(z.describe("Visitor country from the CDN header (ISO 3166-1), null when unknown")),
  isLTT: z.boolean().check(z.describe("The page belongs to the official theatre retailer brand")),
  pageType: z.enum(PAGE_TYPES).check(z.describe("The page type")),
  pageSubType: z.nullable(z.string().check(z.maxLength(40))).check(z.describe("A finer page type, e.g. sub-category")),
  city: z.nullable(z.string().check(z.maxLength(60))).check(z.describe("The city the page is about")),
  country: z.nullable(z.string().check(z.regex(/^[A-Z]{2}$/))).check(z.describe("The country the page is about (ISO 3166-1)")),
});

export type PageContext = z.infer<typeof PageContextSchema>;
