import type { FlowType } from "../../tracking/flow-types";

// What the page receives about prices and experiences. Plain JSON: it crosses to the browser.

export interface Price {
  amount: number;
  currency: string;
}

/** docs/requirements.md#8-failures: a failed price is an empty object, and shows empty. */
export type PriceResult = Price | Record<string, never>;

export function hasPrice(result: PriceResult | undefined): result is Price {
  return !!result && typeof (result as Price).amount === "number" && typeof (result as Price).currency === "string";
}

export interface Experience {
  id: number;
  name: string;
  imageUrl: string | null;
  flowType: FlowType;
  /** Listing price in `currency`; null when upstream has none. */
  price: number | null;
  currency: string;
  averageRating: number | null;
  ratingsCount: number;
  category: { id: number; displayName: string } | null;
}

/** A price as text; "" when it is missing (docs/requirements.md#5-rules: shows empty). */
export interface PriceText {
  full: string;
  /** Compact notation for prices of more than 3 digits (PriceTag `truncate`). */
  compact: string;
}

export interface ExperienceText {
  /** "" when the experience has no price. */
  price: string;
  /** "" when there is no average rating. */
  rating: string;
  count: string;
}

export interface CommerceText {
  /** By priceSourceKey, for every price the page loaded. */
  prices: Record<string, PriceText>;
  /** By tour group id. */
  experiences: Record<string, ExperienceText>;
}

interface BookingBase {
  domain: string;
  subdomain: string;
  lang: string;
  currency: string;
  /** YYYY-MM-DD, or null for no date. */
  date: string | null;
}

/** The page's loaded prices and experiences (load-commerce.server.ts), for PriceTag and the experience cards. */
export interface PageCommerce {
  currency: string;
  /** By priceSourceKey ("collection:5001"); {} or absent means unavailable. */
  prices: Record<string, PriceResult>;
  /** By tour group id. */
  experiences: Record<string, Experience>;
  /** Tour-group ids by experienceListKey; absent when the list could not be loaded. */
  lists: Record<string, number[]>;
  booking: BookingBase;
  /** The prices, ratings and counts as printed, in the page language (commerce-text.server.ts). */
  text: CommerceText;
}
