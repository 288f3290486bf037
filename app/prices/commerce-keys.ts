import type { Block, PriceSource } from "~/content/page-document";

// The keys under which a page's loaded prices and experience lists are stored in page data: the loader
// writes under them (load-commerce.server.ts) and the components read under them (PriceTag, ExperienceList).

export type ExperienceListSource = Extract<Block, { type: "experience_list" }>["source"];

/** The key under which a price source's result is stored in page data: "collection:5001". */
export function priceSourceKey(source: PriceSource): string {
  return `${source.kind}:${source.id}`;
}

/** Like priceSourceKey, for an experience list's tour-group ids: "collection:5001", "category:1143@paris", "tour-groups:10001,10002". */
export function experienceListKey(source: ExperienceListSource): string {
  switch (source.kind) {
    case "tour-groups":
      return `tour-groups:${source.ids.join(",")}`;
    case "category":
    case "sub-category":
      return `${source.kind}:${source.id}${source.city ? `@${source.city.toLowerCase()}` : ""}`;
    case "collection":
      return `collection:${source.id}`;
  }
}
