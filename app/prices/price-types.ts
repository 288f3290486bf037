import type { FlowType } from "../../tracking/flow-types";

// What the page receives about prices and experiences. Plain JSON: it crosses to the browser.

export interface Price {
  amount: number;
  currency: string;
}

/** spec §8: a failed price is an empty object, and shows empty. */
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
