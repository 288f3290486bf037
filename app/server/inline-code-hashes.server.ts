import { createHash } from "node:crypto";

// The CSP hash sources of a rendered document: the sha256 of the text of every inline <script> and
// <style>, taken over the markup React wrote, so over the exact characters the browser hashes
// (docs/decisions/042-hashes-not-nonces.md). The markup is only read, never changed.
//
// React writes every tag name in lower case and escapes `<` and `>` in attribute values and in text, so
// `<script` and `<style` in its output open such an element; the element's text runs to its first
// closing tag, as the HTML parser reads a raw-text element. A `<script` inside a script's or a style's
// text is skipped with that text.

export interface InlineCodeHashes {
  /** base64 sha256 of each inline script's text, each once, in document order. */
  scripts: string[];
  /** The same for each inline style element. */
  styles: string[];
}

const OPENING = /<(script|style)(\s[^>]*)?>/g;
const HAS_SRC = /\ssrc\s*=/;

/** The base64 sha256 a browser compares with a hash source: of the text as parsed (CR LF and CR are LF). */
export function hashSource(text: string): string {
  return createHash("sha256")
    .update(text.includes("\r") ? text.replace(/\r\n?/g, "\n") : text, "utf8")
    .digest("base64");
}

/**
 * The hashes of the inline code in `markup` (pieces of one document, none of which cuts an element), and
 * of `styles`: the text of style elements written into the document outside the markup.
 */
export function inlineCodeHashes(markup: readonly string[], styles: readonly string[] = []): InlineCodeHashes {
  const scripts = new Set<string>();
  const styleHashes = new Set<string>();
  for (const piece of markup) {
    OPENING.lastIndex = 0;
    for (let open = OPENING.exec(piece); open; open = OPENING.exec(piece)) {
      const tag = open[1] as "script" | "style";
      const textStart = open.index + open[0].length;
      const close = piece.indexOf(`</${tag}`, textStart);
      const textEnd = close < 0 ? piece.length : close;
      if (tag === "style") styleHashes.add(hashSource(piece.slice(textStart, textEnd)));
      else if (!HAS_SRC.test(open[2] ?? "")) scripts.add(hashSource(piece.slice(textStart, textEnd)));
      OPENING.lastIndex = textEnd;
    }
  }
  for (const text of styles) styleHashes.add(hashSource(text));
  return { scripts: [...scripts], styles: [...styleHashes] };
}
