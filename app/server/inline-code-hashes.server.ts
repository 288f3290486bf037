import { createHash } from "node:crypto";

// The CSP hash sources of a rendered document: the sha256 of the text of every inline <script> and
// <style>, taken over the document's bytes as they are sent (docs/decisions/042-hashes-not-nonces.md).
// The document is only read, never changed.
//
// React writes every tag name in lower case and escapes `<` and `>` in attribute values and in text, so
// `<script` and `<style` in its output open such an element; the element's text runs to its first
// closing tag, as the HTML parser reads a raw-text element. A `<script` inside a script's or a style's
// text is skipped with that text. The bytes are searched as bytes (the tags are ASCII), so the text is
// hashed as the UTF-8 the browser decodes and hashes again, with no string made of it.

export interface InlineCodeHashes {
  /** base64 sha256 of each inline script's text, each once, in document order. */
  scripts: string[];
  /** The same for each inline style element. */
  styles: string[];
}

const TAGS = { script: Buffer.from("<script"), style: Buffer.from("<style") } as const;
const CLOSING = { script: Buffer.from("</script"), style: Buffer.from("</style") } as const;
const GREATER_THAN = 0x3e;
const CARRIAGE_RETURN = 0x0d;

/** The base64 sha256 a browser compares with a hash source: of the text as parsed (CR LF and CR are LF). */
export function hashSource(text: Buffer): string {
  const parsed = text.includes(CARRIAGE_RETURN) ? Buffer.from(text.toString("utf8").replace(/\r\n?/g, "\n"), "utf8") : text;
  return createHash("sha256").update(parsed).digest("base64");
}

/** Whether the byte after a tag name ends the name (whitespace, `/` or `>`), so `<scripts>` is not a script. */
const endsName = (byte: number | undefined) => byte === GREATER_THAN || byte === 0x20 || byte === 0x2f || (byte !== undefined && byte >= 0x09 && byte <= 0x0d);

/** The hashes of the inline scripts and styles in a document's UTF-8 bytes. */
export function inlineCodeHashes(document: Buffer): InlineCodeHashes {
  const found = { script: new Set<string>(), style: new Set<string>() };
  const next = { script: document.indexOf(TAGS.script), style: document.indexOf(TAGS.style) };
  let at = 0;
  for (;;) {
    // The nearer of the two tags from `at`; a position passed over inside an element's text is looked up again.
    for (const tag of ["script", "style"] as const) if (next[tag] >= 0 && next[tag] < at) next[tag] = document.indexOf(TAGS[tag], at);
    const tag = next.script < 0 ? (next.style < 0 ? null : "style") : next.style < 0 || next.script < next.style ? "script" : "style";
    if (tag === null) break;
    const open = next[tag];
    const nameEnd = open + TAGS[tag].length;
    if (!endsName(document[nameEnd])) {
      at = nameEnd;
      continue;
    }
    const textStart = document.indexOf(GREATER_THAN, nameEnd) + 1;
    if (textStart === 0) break;
    const closing = document.indexOf(CLOSING[tag], textStart);
    const textEnd = closing < 0 ? document.length : closing;
    const external = tag === "script" && /\ssrc\s*=/.test(document.toString("latin1", nameEnd, textStart));
    if (!external) found[tag].add(hashSource(document.subarray(textStart, textEnd)));
    at = textEnd;
  }
  return { scripts: [...found.script], styles: [...found.style] };
}
