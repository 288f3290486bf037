import { resolveLinkTarget, type LinkContext } from "./action-link";
import { classifyEmbed } from "./embed";
import type { Block, PageDocument } from "./page-document";
import type { PageView, ViewBlock } from "./page-view";
import { toRichTextView } from "./rich-text-view.server";

// A validated page document into what the browser needs to render its body: no header, footer or
// SEO fields (the shell and meta have their own), rich text already parsed, embeds classified and links
// resolved, so neither the parser, the allow-list nor the link resolver ships to phones.

function firstHeading(text: string): string | null {
  return (
    text
      .match(/^##\s+(.+)$/m)?.[1]
      ?.replace(/\{[^{}]*\}/g, "")
      .trim() || null
  );
}

/** One body block as the browser renders it, in the page language `links.lang`, its links resolved with `links`. */
export function toViewBlock(block: Block, links: LinkContext): ViewBlock {
  if (block.type === "video") {
    const embed = classifyEmbed(block.url, links.lang);
    // Off the allow-list: never framed; offered as an ordinary link, in a new tab.
    return { ...block, embed: embed.kind === "blocked" ? { ...embed, link: resolveLinkTarget({ kind: "url", url: block.url }, true, links) } : embed };
  }
  if (block.type !== "rich_text") return block;
  return { type: "rich_text", ...(block.id === undefined ? {} : { id: block.id }), nodes: toRichTextView(block.text, links), label: firstHeading(block.text) };
}

interface CachedView {
  /** The store's host set the links were resolved with: a new Set whenever a site comes or goes (content-store.server.ts). */
  knownHosts: ReadonlySet<string>;
  view: PageView;
}

/** Views by document (the content store keeps one object per document version), then language, URL mode and host. */
const views = new WeakMap<PageDocument, Map<string, CachedView>>();

/**
 * The document's view, made once per document version and link context: parsing a guide's rich text on
 * every request was a measurable part of its cost at the origin (docs/decisions/036-rendered-page-work-done-once.md). `links.host` is the page's own site host, not the
 * serving host, so one view serves every request for the page (in production they are the same host). The view
 * is read-only loader data.
 */
export function toPageView(doc: PageDocument, links: LinkContext): PageView {
  let byContext = views.get(doc);
  if (!byContext) views.set(doc, (byContext = new Map()));
  const key = `${links.lang} ${links.mode} ${links.host}`;
  const cached = byContext.get(key);
  if (cached?.knownHosts === links.knownHosts) return cached.view;
  const view = makePageView(doc, links);
  byContext.set(key, { knownHosts: links.knownHosts, view });
  return view;
}

function makePageView(doc: PageDocument, links: LinkContext): PageView {
  return {
    heading: doc.heading,
    ...(doc.intro === undefined ? {} : { intro: doc.intro }),
    ...(doc.heroImage === undefined ? {} : { heroImage: doc.heroImage }),
    body: doc.body.map((block) => toViewBlock(block, links)),
  };
}
