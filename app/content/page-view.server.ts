import { classifyEmbed } from "./embed";
import type { Block, PageDocument } from "./page-document";
import type { PageView, ViewBlock } from "./page-view";
import { toRichTextView } from "./rich-text-view.server";
import type { SupportedLanguageCode } from "~/i18n/languages";

// A validated page document into what the browser needs to render its body: no header, footer or
// SEO fields (the shell and meta have their own), rich text already parsed and embeds classified, so
// neither the parser nor the allow-list code ships to phones.

function firstHeading(text: string): string | null {
  return (
    text
      .match(/^##\s+(.+)$/m)?.[1]
      ?.replace(/\{[^{}]*\}/g, "")
      .trim() || null
  );
}

/** One body block as the browser renders it, in the page language `lang`. */
export function toViewBlock(block: Block, lang: SupportedLanguageCode): ViewBlock {
  if (block.type === "video") return { ...block, embed: classifyEmbed(block.url, lang) };
  if (block.type !== "rich_text") return block;
  return { type: "rich_text", ...(block.id === undefined ? {} : { id: block.id }), nodes: toRichTextView(block.text, lang), label: firstHeading(block.text) };
}

/** Views by document (the content store keeps one object per document version) and language. */
const views = new WeakMap<PageDocument, Map<SupportedLanguageCode, PageView>>();

/**
 * The document's view, made once per document version and language: parsing a guide's rich text on
 * every request was about 5 % of its cost at the origin. The view is read-only loader data.
 */
export function toPageView(doc: PageDocument, lang: SupportedLanguageCode): PageView {
  let byLang = views.get(doc);
  if (!byLang) views.set(doc, (byLang = new Map()));
  let view = byLang.get(lang);
  if (!view) byLang.set(lang, (view = makePageView(doc, lang)));
  return view;
}

function makePageView(doc: PageDocument, lang: SupportedLanguageCode): PageView {
  return {
    heading: doc.heading,
    ...(doc.intro === undefined ? {} : { intro: doc.intro }),
    ...(doc.heroImage === undefined ? {} : { heroImage: doc.heroImage }),
    body: doc.body.map((block) => toViewBlock(block, lang)),
  };
}
