import type { PriceSource } from "~/content/page-document";

/** The key under which a price source's result is stored in page data: "collection:5001". */
export function priceSourceKey(source: PriceSource): string {
  return `${source.kind}:${source.id}`;
}
