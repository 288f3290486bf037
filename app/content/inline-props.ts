import type { InlineBlockName } from "./inline-blocks";
import type { PriceSource } from "./page-document";
import { isValidUid } from "./page-url";
import { parseIsoDate } from "./iso-date";
import { toIconType, type IconType } from "./icon-types";

// The attributes each inline block takes (docs/blocks.md), checked on the server
// (content/rich-text-view.server.ts); components import only the types. A block whose attributes do
// not check out returns null and is shown as the text the editor wrote.

export type DateFormat = "short" | "medium" | "long" | "full" | "month";
export type CalloutTone = "info" | "tip" | "warning";

export type InlineProps =
  | { name: "icon"; type: IconType; label?: string }
  | { name: "spotify"; src: string; title?: string; compact: boolean }
  | { name: "date"; value: string; format: DateFormat }
  | { name: "iframe"; src: string; title?: string; ratio: number }
  | { name: "callout"; tone: CalloutTone; title?: string; text: string }
  | { name: "notes"; title?: string; items: string[] }
  | { name: "cta"; label: string; target: LinkTarget; newTab: boolean; appearance: "primary" | "secondary" }
  | { name: "experience"; id: number }
  | { name: "price"; source: PriceSource; label?: string; truncate: boolean }
  | { name: "jumplink"; to: string; label: string }
  | { name: "link"; label: string; target: LinkTarget; newTab: boolean }
  | { name: "image"; src: string; alt: string; width: number; height: number; fallback?: string }
  | { name: "a"; label: string; target: LinkTarget; newTab: boolean };

/** Where a link goes: a page by uid, or a URL (checked and resolved by action-link.ts). */
export type LinkTarget = { kind: "uid"; uid: string } | { kind: "url"; url: string };

type Attrs = Readonly<Record<string, string>>;

const BLOCK_ID = /^[a-z][a-z0-9-]*$/;

function text(attrs: Attrs, key: string, max = 300): string | undefined {
  const value = attrs[key]?.trim();
  return value && value.length <= max ? value : undefined;
}

function flag(attrs: Attrs, key: string): boolean {
  const value = attrs[key]?.toLowerCase();
  return value === "true" || value === "yes" || value === "1";
}

function positiveInt(value: string | undefined, max: number): number | undefined {
  if (!value || !/^[1-9]\d{0,8}$/.test(value)) return undefined;
  const n = Number(value);
  return n <= max ? n : undefined;
}

/** `to=` names a page uid (reference link); `href=` a URL (custom link). */
function linkTarget(attrs: Attrs): LinkTarget | undefined {
  const to = text(attrs, "to", 256);
  // A page uid always starts with its site host, so it has dots.
  if (to) return isValidUid(to) && to.includes(".") ? { kind: "uid", uid: to } : undefined;
  const href = attrs.href;
  return href !== undefined && href.trim() ? { kind: "url", url: href.slice(0, 2048) } : undefined;
}

const RATIO = /^(\d{1,2})[:/x](\d{1,2})$/;
function ratio(value: string | undefined): number | undefined {
  if (!value) return 16 / 9;
  const match = RATIO.exec(value);
  if (!match) return undefined;
  const w = Number(match[1]);
  const h = Number(match[2]);
  return w > 0 && h > 0 && w / h >= 0.25 && w / h <= 4 ? w / h : undefined;
}

const PRICE_KINDS = new Set(["collection", "category", "sub-category", "tour-group"]);

function priceSource(attrs: Attrs): PriceSource | undefined {
  const kind = (attrs.kind ?? "tour-group").toLowerCase();
  const id = positiveInt(attrs.id, 999_999_999);
  if (!PRICE_KINDS.has(kind) || !id) return undefined;
  const city = text(attrs, "city", 60);
  if (kind === "category" || kind === "sub-category") return { kind, id, ...(city ? { city } : {}) } as PriceSource;
  return { kind, id } as PriceSource;
}

export function toInlineProps(name: InlineBlockName, attrs: Attrs): InlineProps | null {
  switch (name) {
    case "icon": {
      const type = toIconType(attrs.type);
      return type ? { name, type, label: text(attrs, "label", 80) } : null;
    }
    case "spotify": {
      const src = text(attrs, "src", 2048);
      return src ? { name, src, title: text(attrs, "title", 120), compact: flag(attrs, "compact") } : null;
    }
    case "date": {
      const value = attrs.value?.trim();
      const format = (attrs.format ?? "long").toLowerCase();
      if (!parseIsoDate(value) || !["short", "medium", "long", "full", "month"].includes(format)) return null;
      return { name, value: value!, format: format as DateFormat };
    }
    case "iframe": {
      const src = text(attrs, "src", 2048);
      const r = ratio(attrs.ratio);
      return src && r ? { name, src, title: text(attrs, "title", 120), ratio: r } : null;
    }
    case "callout": {
      const body = text(attrs, "text", 1000);
      const tone = (attrs.tone ?? "info").toLowerCase();
      if (!body || !["info", "tip", "warning"].includes(tone)) return null;
      return { name, tone: tone as CalloutTone, title: text(attrs, "title", 120), text: body };
    }
    case "notes": {
      const items = (attrs.text ?? "")
        .split("|")
        .map((s) => s.trim())
        .filter(Boolean)
        .slice(0, 20);
      return items.length ? { name, title: text(attrs, "title", 120), items } : null;
    }
    case "cta": {
      const label = text(attrs, "label", 80);
      const target = linkTarget(attrs);
      const appearance = (attrs.appearance ?? "primary").toLowerCase();
      if (!label || !target || (appearance !== "primary" && appearance !== "secondary")) return null;
      return { name, label, target, newTab: flag(attrs, "newtab"), appearance };
    }
    case "experience": {
      const id = positiveInt(attrs.id, 999_999_999);
      return id ? { name, id } : null;
    }
    case "price": {
      const source = priceSource(attrs);
      return source ? { name, source, label: text(attrs, "label", 80), truncate: flag(attrs, "truncate") } : null;
    }
    case "jumplink": {
      const to = attrs.to?.replace(/^#/, "");
      const label = text(attrs, "label", 120);
      return to && BLOCK_ID.test(to) && label ? { name, to, label } : null;
    }
    case "link":
    case "a": {
      const label = text(attrs, "label", 200) ?? text(attrs, "text", 200);
      const target = linkTarget(attrs);
      return label && target ? { name, label, target, newTab: flag(attrs, "newtab") } : null;
    }
    case "image": {
      const src = text(attrs, "src", 2048);
      const width = positiveInt(attrs.width, 4000);
      const height = positiveInt(attrs.height, 4000);
      const alt = attrs.alt?.trim() ?? "";
      if (!src || !width || !height || alt.length > 200) return null;
      return { name, src, alt, width, height, fallback: text(attrs, "fallback", 2048) };
    }
  }
}
