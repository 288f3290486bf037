import type { LinkHref } from "./action-link";
import type { InlineProps } from "./inline-props";
import type { Embed } from "./embed";

// Rich text as the browser receives it: already parsed and checked on the server
// (rich-text-view.server.ts), so neither the parser nor the attribute checks ship to phones. Only
// types here.

/** An embed on the allow-list (content/embed.ts), already in its final form. */
export type AllowedEmbed = Exclude<Embed, { kind: "blocked" }>;

/**
 * An inline block's props; frames arrive classified (a blocked one never arrives at all), dates as text, and
 * links resolved for the page's site and URL mode (action-link.ts), so no resolver ships to phones.
 */
export type InlineBlockView =
  | Exclude<InlineProps, { name: "iframe" | "spotify" | "date" | "link" | "a" | "cta" }>
  | { name: "link" | "a"; label: string; link: LinkHref }
  | { name: "cta"; label: string; link: LinkHref; appearance: "primary" | "secondary" }
  | { name: "date"; value: string; text: string }
  | { name: "iframe"; embed: AllowedEmbed; title?: string; ratio: number }
  | { name: "spotify"; embedSrc: string; title?: string; compact: boolean };

/** Text, bold, or an inline block whose attributes checked out (one that did not is plain text). */
export type InlineView = { kind: "text"; text: string } | { kind: "strong"; children: InlineView[] } | { kind: "block"; props: InlineBlockView };

export type RichTextView =
  | { kind: "heading"; level: 2 | 3; children: InlineView[] }
  /** `boxed`: holds a box-like block (card, frame, aside), so it is a <div>, never a <p>. */
  | { kind: "paragraph"; boxed: boolean; children: InlineView[] }
  | { kind: "list"; items: InlineView[][] };
