import { gzipSync } from "node:zlib";

// What a page's HTML is made of (docs/decisions/031-measuring-cost-per-page.md): the markup, and the data the
// browser needs to hydrate it (Remix's `window.__remixContext`: every route's loader data, and `window.__ENV`),
// and how much of that data repeats text the markup already shows.

/** Inline scripts that carry serialised data for hydration, recognised by how their text starts. */
const HYDRATION_SCRIPT_STARTS = ["window.__remixContext", "__remixContext.", "window.__ENV"];
const SCRIPT = /<script\b[^>]*>([\s\S]*?)<\/script>/gi;

/** The HTML without its hydration-data scripts, and those scripts (whole elements). */
export function splitHydrationData(html: string): { markup: string; scripts: string[] } {
  const scripts: string[] = [];
  const markup = html.replace(SCRIPT, (element: string, body: string) => {
    if (!HYDRATION_SCRIPT_STARTS.some((start) => body.trimStart().startsWith(start))) return element;
    scripts.push(element);
    return "";
  });
  return { markup, scripts };
}

/** The object Remix assigns to `window.__remixContext` in one of `scripts`; null when there is none. */
export function remixContextData(scripts: readonly string[]): unknown {
  for (const element of scripts) {
    const body = /^<script\b[^>]*>([\s\S]*)<\/script>$/i.exec(element)?.[1]?.trim() ?? "";
    const match = /^window\.__remixContext\s*=\s*([\s\S]*?);?$/.exec(body.split(";__remixContext")[0]!);
    if (match) return JSON.parse(match[1]!) as unknown;
  }
  return null;
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (entity: string, name: string) => {
    if (name[0] === "#") return String.fromCodePoint(name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : Number(name.slice(1)));
    return ENTITIES[name.toLowerCase()] ?? entity;
  });
}

/** The text a reader sees: no scripts, styles or comments; each tag a line break, entities decoded. */
export function visibleText(markup: string): string {
  return decodeEntities(
    markup
      .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1>/gi, "\n")
      .replace(/<!--[\s\S]*?-->/g, "")
      .replace(/<[^>]+>/g, "\n"),
  );
}

/** Every attribute value of the markup's tags, decoded, one per line. */
function attributeText(markup: string): string {
  const values: string[] = [];
  for (const tag of markup.replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1>/gi, "").match(/<[a-z][^>]*>/gi) ?? [])
    for (const [, value] of tag.matchAll(/=\s*"([^"]*)"/g)) values.push(decodeEntities(value!));
  return values.join("\n");
}

export interface Repeats {
  /** JSON bytes of every string in the data. */
  stringBytes: number;
  /** … of the strings the page shows as text. */
  shownBytes: number;
  /** … of the strings found only in attribute values (links, image sources, alt text). */
  attributeBytes: number;
}

/** Strings shorter than this are not counted as repeats ("en", "0"). */
const MIN_REPEAT_LENGTH = 3;
/** A string this long counts when it is part of a text or an attribute; a shorter one must be all of it, so a
 * rich-text node's `kind: "text"` is not taken for the word in `type="text/css"`. */
const MIN_PART_LENGTH = 12;

function found(value: string, whole: ReadonlySet<string>, joined: string): boolean {
  return whole.has(value) || (value.length >= MIN_PART_LENGTH && joined.includes(value));
}

/** How much of `data`'s strings (JSON bytes) the markup already holds, as shown text or as attribute values. */
export function repeatedStrings(data: unknown, markup: string): Repeats {
  const text = visibleText(markup);
  const attributes = attributeText(markup);
  const lines = (joined: string) => new Set(joined.split("\n").map((line) => line.trim()));
  const textLines = lines(text);
  const attributeValues = lines(attributes);
  const repeats: Repeats = { stringBytes: 0, shownBytes: 0, attributeBytes: 0 };
  const walk = (value: unknown): void => {
    if (typeof value === "string") {
      const bytes = Buffer.byteLength(JSON.stringify(value));
      repeats.stringBytes += bytes;
      const trimmed = value.trim();
      if (trimmed.length < MIN_REPEAT_LENGTH) return;
      if (found(trimmed, textLines, text)) repeats.shownBytes += bytes;
      else if (found(trimmed, attributeValues, attributes)) repeats.attributeBytes += bytes;
    } else if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === "object") Object.values(value).forEach(walk);
  };
  walk(data);
  return repeats;
}

/** JSON bytes of each route's loader data, split by its top-level keys ("routes/_index.page"), largest first. */
function loaderDataParts(remixContext: unknown): Array<{ part: string; bytes: number }> {
  const loaderData = (remixContext as { state?: { loaderData?: Record<string, unknown> } } | null)?.state?.loaderData ?? {};
  const parts: Array<{ part: string; bytes: number }> = [];
  for (const [route, data] of Object.entries(loaderData)) {
    if (data && typeof data === "object" && !Array.isArray(data))
      for (const [key, value] of Object.entries(data)) parts.push({ part: `${route}.${key}`, bytes: Buffer.byteLength(JSON.stringify(value) ?? "") });
    else parts.push({ part: route, bytes: Buffer.byteLength(JSON.stringify(data) ?? "") });
  }
  return parts.sort((a, b) => b.bytes - a.bytes);
}

export interface PageBytes {
  rawBytes: number;
  /** gzip at zlib's default level, as the server's compression sends it. */
  gzipBytes: number;
  hydrationRawBytes: number;
  /** gzip of the page − gzip of the page without its hydration scripts. */
  hydrationGzipBytes: number;
  repeats: Repeats;
  largestParts: Array<{ part: string; bytes: number }>;
}

export function pageBytes(html: string): PageBytes {
  const { markup, scripts } = splitHydrationData(html);
  const gzipBytes = gzipSync(html).length;
  const context = remixContextData(scripts);
  return {
    rawBytes: Buffer.byteLength(html),
    gzipBytes,
    hydrationRawBytes: scripts.reduce((sum, script) => sum + Buffer.byteLength(script), 0),
    hydrationGzipBytes: gzipBytes - gzipSync(markup).length,
    repeats: repeatedStrings(context, markup),
    largestParts: loaderDataParts(context).slice(0, 3),
  };
}
