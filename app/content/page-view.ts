import type { LinkHref } from "./action-link";
import type { Embed } from "./embed";
import type { Block, PageDocument } from "./page-document";
import type { AllowedEmbed, RichTextView } from "./rich-text-view";

// The part of a page document the browser renders (PageBody), as the loader sends it: rich text
// arrives parsed, embeds classified and links resolved (page-view.server.ts). Only types here.

type RichTextBlockView = {
  type: "rich_text";
  id?: string;
  nodes: RichTextView[];
  /** Its first "## " heading without inline blocks: the block's "On this page" label. */
  label: string | null;
};

/** A video block with its URL classified against the allow-list; one off it is offered as a plain link, resolved here. */
export type VideoBlockView = Extract<Block, { type: "video" }> & { embed: AllowedEmbed | (Extract<Embed, { kind: "blocked" }> & { link: LinkHref }) };

export type ViewBlock = Exclude<Block, { type: "rich_text" | "video" }> | RichTextBlockView | VideoBlockView;

export type PageView = Pick<PageDocument, "heading" | "intro" | "heroImage"> & { body: ViewBlock[] };
