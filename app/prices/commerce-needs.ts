import { PriceSourceSchema, type PageDocument, type PriceSource } from "~/content/page-document";
import { priceSourceKey, type ExperienceListSource } from "./commerce-keys";

// What a page needs from the catalogue: every price source and experience list in its blocks, and
// the inline {price kind=… id=…} / {experience id=…} blocks written inside rich text (docs/requirements.md#3-data).
// The rich-text scan is deliberately small: it only finds these two names and their attributes.

export interface CommerceNeeds {
  priceSources: PriceSource[];
  lists: Array<{ source: ExperienceListSource; limit: number | undefined }>;
  /** Tour groups shown as inline experience cards, in order of appearance. */
  inlineExperienceIds: number[];
}

const INLINE = /\{(price|experience)((?:\s+[a-zA-Z][\w-]*=(?:"[^"]*"|'[^']*'|[^\s{}"']+))*)\s*\}/g;
const ATTR = /([a-zA-Z][\w-]*)=(?:"([^"]*)"|'([^']*)'|([^\s{}"']+))/g;

function attributes(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const match of text.matchAll(ATTR)) out[match[1]!] = match[2] ?? match[3] ?? match[4] ?? "";
  return out;
}

/** Inline price sources and experience ids in one rich-text string; malformed ones are skipped. */
export function scanRichText(text: string): { priceSources: PriceSource[]; experienceIds: number[] } {
  const priceSources: PriceSource[] = [];
  const experienceIds: number[] = [];
  for (const match of text.matchAll(INLINE)) {
    const attrs = attributes(match[2] ?? "");
    if (match[1] === "price") {
      const parsed = PriceSourceSchema.safeParse({ kind: attrs.kind, id: Number(attrs.id), ...(attrs.city ? { city: attrs.city } : {}) });
      if (parsed.success) priceSources.push(parsed.data);
    } else {
      const id = Number(attrs.id ?? attrs.tgid);
      if (Number.isInteger(id) && id > 0) experienceIds.push(id);
    }
  }
  return { priceSources, experienceIds };
}

export function collectCommerceNeeds(doc: Pick<PageDocument, "body">): CommerceNeeds {
  const sources = new Map<string, PriceSource>();
  const lists: CommerceNeeds["lists"] = [];
  const inline = new Set<number>();
  for (const block of doc.body) {
    if (block.type === "price") sources.set(priceSourceKey(block.source), block.source);
    else if (block.type === "experience_list") lists.push({ source: block.source, limit: block.limit });
    else if (block.type === "rich_text") {
      const found = scanRichText(block.text);
      for (const source of found.priceSources) sources.set(priceSourceKey(source), source);
      for (const id of found.experienceIds) inline.add(id);
    }
  }
  return { priceSources: [...sources.values()], lists, inlineExperienceIds: [...inline] };
}
