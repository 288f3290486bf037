import { toInlineProps, type InlineProps } from "./inline-props";
import { formatContentDate } from "./date-format";
import { resolveLinkTarget, type LinkContext } from "./action-link";
import { classifyEmbed, spotifyEmbedUrl } from "./embed";
import { isPhrasing, mergeText, parseRichText, plainTextOf, type InlineNode } from "./inline-blocks";
import type { InlineBlockView, InlineView, RichTextView } from "./rich-text-view";

// A rich_text field into what RichText renders: parsed (inline-blocks.ts), every inline block's
// attributes checked into typed props (inline-props.ts), on the server. A block that does not check out
// becomes the text the editor wrote, as does a box-like block inside a heading. Frames are classified
// against the allow-list here too (content/embed.ts, in the page language for maps); one that is not
// allowed is left out, as it always was. Dates arrive as text in the page language (date-format.ts), and
// links as hrefs for the page's site and URL mode (action-link.ts; `links.lang` is the page language).

/** null: a frame off the allow-list, rendered as nothing. */
function resolveForBrowser(props: InlineProps, links: LinkContext): InlineBlockView | null {
  const { lang } = links;
  if (props.name === "link" || props.name === "a") return { name: props.name, label: props.label, link: resolveLinkTarget(props.target, props.newTab, links) };
  if (props.name === "cta")
    return { name: "cta", label: props.label, link: resolveLinkTarget(props.target, props.newTab, links), appearance: props.appearance };
  if (props.name === "date") return { name: "date", value: props.value, text: formatContentDate(props.value, props.format, lang) };
  if (props.name === "iframe") {
    const embed = classifyEmbed(props.src, lang);
    return embed.kind === "blocked" ? null : { name: "iframe", embed, ratio: props.ratio, ...(props.title ? { title: props.title } : {}) };
  }
  if (props.name === "spotify") {
    const embedSrc = spotifyEmbedUrl(props.src);
    return embedSrc ? { name: "spotify", embedSrc, compact: props.compact, ...(props.title ? { title: props.title } : {}) } : null;
  }
  return props;
}

function toInlineView(nodes: readonly InlineNode[], phrasingOnly: boolean, links: LinkContext): InlineView[] {
  return mergeText(
    nodes.flatMap((node): InlineView[] => {
      if (node.kind === "text") return [node];
      if (node.kind === "strong") return [{ kind: "strong", children: toInlineView(node.children, true, links) }];
      if (phrasingOnly && !isPhrasing([node])) return [{ kind: "text", text: plainTextOf([node]) }];
      const props = toInlineProps(node.name, node.attrs);
      if (!props) return [{ kind: "text", text: node.raw }];
      const view = resolveForBrowser(props, links);
      return view ? [{ kind: "block", props: view }] : [];
    }),
  );
}

export function toRichTextView(text: string, links: LinkContext): RichTextView[] {
  return parseRichText(text).map((node): RichTextView => {
    switch (node.kind) {
      case "heading":
        return { kind: "heading", level: node.level, children: toInlineView(node.children, true, links) };
      case "list":
        return { kind: "list", items: node.items.map((item) => toInlineView(item, false, links)) };
      case "paragraph":
        return { kind: "paragraph", boxed: !isPhrasing(node.children), children: toInlineView(node.children, false, links) };
    }
  });
}
