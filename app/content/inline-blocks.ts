// Rich text as editors write it (docs/requirements.md#3-data): paragraphs separated by blank lines, "## " and "### "
// headings, "- " list items, **bold**, and inline blocks written as {name attr=value}.
//
// This module is pure: text in, a small tree out. It never throws and never produces markup; the
// components in app/components/blocks turn the tree into React elements. Anything that is not a
// well-formed, known block (unknown names, bad attributes, unclosed braces) stays plain text.

export const INLINE_BLOCK_NAMES = [
  "icon",
  "spotify",
  "date",
  "iframe",
  "callout",
  "notes",
  "cta",
  "experience",
  "price",
  "jumplink",
  "link",
  "image",
  "a",
] as const;
export type InlineBlockName = (typeof INLINE_BLOCK_NAMES)[number];

const NAMES: ReadonlySet<string> = new Set(INLINE_BLOCK_NAMES);

function isInlineBlockName(name: string): name is InlineBlockName {
  return NAMES.has(name);
}

/**
 * Blocks that render as phrasing content (allowed inside <p>, <h2>, <li>). The others render boxes
 * (cards, frames, asides); a paragraph holding one of them is rendered as a <div> so the server HTML
 * never contains <div> inside <p>, which the browser would re-parent and break hydration.
 */
const PHRASING_BLOCKS: ReadonlySet<InlineBlockName> = new Set(["icon", "date", "jumplink", "link", "a"]);

export type InlineNode =
  | { kind: "text"; text: string }
  | { kind: "strong"; children: InlineNode[] }
  | { kind: "block"; name: InlineBlockName; attrs: Readonly<Record<string, string>>; raw: string };

export type RichNode =
  { kind: "heading"; level: 2 | 3; children: InlineNode[] } | { kind: "paragraph"; children: InlineNode[] } | { kind: "list"; items: InlineNode[][] };

const MAX_ATTRS = 12;
const NAME_CHAR = /[a-z]/;
const ATTR_START = /[a-z]/i;
const ATTR_CHAR = /[a-z0-9_-]/i;
const BARE_CHAR = /[^\s{}"'=]/;
const SPACE = /[ \t\n\r]/;

export interface ParsedBlock {
  name: string;
  attrs: Record<string, string>;
  /** Index just past the closing brace. */
  end: number;
}

/**
 * Reads one `{name attr=value …}` starting at `start` (which must be "{"). Returns null when the text
 * there is not well-formed; the caller then keeps the brace as text. Values: "double", 'single' or bare.
 * An attribute written without a value (`{link … newtab}`) reads as "true". Keys are case-insensitive.
 */
export function readBlock(text: string, start: number): ParsedBlock | null {
  if (text[start] !== "{") return null;
  let i = start + 1;
  let name = "";
  while (i < text.length && NAME_CHAR.test(text[i]!)) name += text[i++];
  if (!name || name.length > 20) return null;
  const attrs: Record<string, string> = Object.create(null);
  let count = 0;
  for (;;) {
    let spaced = false;
    while (i < text.length && SPACE.test(text[i]!)) {
      i++;
      spaced = true;
    }
    if (i >= text.length) return null;
    if (text[i] === "}") return { name, attrs: { ...attrs }, end: i + 1 };
    if (!spaced || !ATTR_START.test(text[i]!)) return null;
    let key = "";
    while (i < text.length && ATTR_CHAR.test(text[i]!)) key += text[i++];
    key = key.toLowerCase();
    if (key.length > 30 || ++count > MAX_ATTRS) return null;
    if (text[i] !== "=") {
      attrs[key] = "true";
      continue;
    }
    i++;
    const quote = text[i];
    let value = "";
    if (quote === '"' || quote === "'") {
      const close = text.indexOf(quote, i + 1);
      if (close < 0) return null;
      value = text.slice(i + 1, close);
      i = close + 1;
    } else {
      while (i < text.length && BARE_CHAR.test(text[i]!)) value += text[i++];
      if (!value) return null;
    }
    attrs[key] = value;
  }
}

/** Splits a run of text on **bold** markers; an unmatched ** stays as text. */
function splitBold(text: string): InlineNode[] {
  const out: InlineNode[] = [];
  let rest = text;
  for (;;) {
    const open = rest.indexOf("**");
    const close = open < 0 ? -1 : rest.indexOf("**", open + 2);
    if (open < 0 || close < 0 || close === open + 2) {
      if (rest) out.push({ kind: "text", text: rest });
      return out;
    }
    if (open > 0) out.push({ kind: "text", text: rest.slice(0, open) });
    out.push({ kind: "strong", children: [{ kind: "text", text: rest.slice(open + 2, close) }] });
    rest = rest.slice(close + 2);
  }
}

/** One line or paragraph of text into inline nodes: text, bold and known blocks. */
export function parseInline(text: string): InlineNode[] {
  const nodes: InlineNode[] = [];
  let buffer = "";
  const flush = () => {
    if (buffer) nodes.push(...splitBold(buffer));
    buffer = "";
  };
  let i = 0;
  while (i < text.length) {
    const brace = text.indexOf("{", i);
    if (brace < 0) {
      buffer += text.slice(i);
      break;
    }
    buffer += text.slice(i, brace);
    const block = readBlock(text, brace);
    if (block && isInlineBlockName(block.name)) {
      flush();
      nodes.push({ kind: "block", name: block.name, attrs: block.attrs, raw: text.slice(brace, block.end) });
      i = block.end;
    } else {
      // Unknown or malformed: keep the brace as text and carry on after it.
      buffer += "{";
      i = brace + 1;
    }
  }
  flush();
  return mergeText(nodes);
}

type TextNode = { kind: "text"; text: string };

/** Adjacent text nodes joined into one (for any tree whose text nodes look like ours). */
export function mergeText<N extends { kind: string }>(nodes: readonly (N | TextNode)[]): (N | TextNode)[] {
  const out: (N | TextNode)[] = [];
  for (const node of nodes) {
    const last = out[out.length - 1];
    if (isText(node) && last && isText(last)) out[out.length - 1] = { kind: "text", text: last.text + node.text };
    else out.push(node);
  }
  return out;
}

function isText(node: { kind: string }): node is TextNode {
  return node.kind === "text";
}

const LIST_ITEM = /^[-*] +/;

/** A rich-text field into headings, paragraphs and lists. Never throws. */
export function parseRichText(text: string): RichNode[] {
  const out: RichNode[] = [];
  const normalized = text.replace(/\r\n?/g, "\n");
  for (const chunk of normalized.split(/\n[ \t]*\n+/)) {
    const trimmed = chunk.trim();
    if (!trimmed) continue;
    if (trimmed.startsWith("### ")) out.push({ kind: "heading", level: 3, children: parseInline(trimmed.slice(4).trim()) });
    else if (trimmed.startsWith("## ")) out.push({ kind: "heading", level: 2, children: parseInline(trimmed.slice(3).trim()) });
    else {
      const lines = trimmed.split("\n").map((line) => line.trim());
      if (lines.every((line) => LIST_ITEM.test(line))) out.push({ kind: "list", items: lines.map((line) => parseInline(line.replace(LIST_ITEM, ""))) });
      else out.push({ kind: "paragraph", children: parseInline(lines.join("\n")) });
    }
  }
  return out;
}

/** What a rich-text field renders, counted as parseRichText reads it: elements (paragraphs, headings, list items) and inline blocks. */
export function measureRichText(text: string): { elements: number; inlineBlocks: number } {
  const lines = parseRichText(text).flatMap((node) => (node.kind === "list" ? node.items : [node.children]));
  const inlineBlocks = lines.reduce((sum, nodes) => sum + nodes.filter((node) => node.kind === "block").length, 0);
  return { elements: lines.length, inlineBlocks };
}

/** True when every node renders as phrasing content (see PHRASING_BLOCKS). */
export function isPhrasing(nodes: readonly InlineNode[]): boolean {
  return nodes.every((node) => node.kind !== "block" || PHRASING_BLOCKS.has(node.name));
}

/** The text a reader sees when a block is shown as written (malformed or invalid attributes). */
export function plainTextOf(nodes: readonly InlineNode[]): string {
  return nodes.map((node) => (node.kind === "text" ? node.text : node.kind === "strong" ? plainTextOf(node.children) : node.raw)).join("");
}
