import type { ExperienceListBlock } from "./ExperienceList";

// The key under which an experience list's tour-group ids are stored in page data, like
// priceSourceKey for prices: "collection:5001", "category:1143@paris", "tour-groups:10001,10002".
export function experienceListKey(source: ExperienceListBlock["source"]): string {
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
