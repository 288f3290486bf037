import type { PriceSource } from "~/content/page-document";

// CONTRACT (prices issue implements): shows the price for a source from the page's loaded prices,
// formatted with formatPrice in the page language; empty (and tracked as price_unavailable) when missing.
export interface PriceTagProps {
  source: PriceSource;
  /** Text before the amount, e.g. "from". */
  label?: string;
  truncate?: boolean;
}

export function PriceTag(_props: PriceTagProps) {
  return null;
}
