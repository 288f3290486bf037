import { createHash } from "node:crypto";

// Strong entity tags for rendered pages (docs/decisions/042-hashes-not-nonces.md). A page is the same
// bytes for everyone who shares its variant (its page cache key), so its tag is a hash of the two: a
// browser or a CDN that holds the page revalidates it with If-None-Match and gets a 304. Each encoding
// of the page is its own representation, so its tag carries the encoding as a suffix, as Apache's does;
// all of them name the same page when a request asks whether it changed.

export type PageEncoding = "br" | "gzip" | null;

/** The page's tag: 128 bits of the sha256 of its variant and its bytes, base64url. */
export function pageTag(variant: string, body: Buffer): string {
  return createHash("sha256").update(variant).update("\0").update(body).digest("base64url").slice(0, 22);
}

/** The ETag header of the page sent in `encoding`. */
export function representationTag(tag: string, encoding: PageEncoding): string {
  return encoding ? `"${tag}-${encoding}"` : `"${tag}"`;
}

/**
 * Whether `If-None-Match` names this page (RFC 9110 §13.1.2: a weak comparison, so `W/` is ignored): `*`,
 * or the tag of any of its encodings. A missing or malformed header names nothing.
 */
export function namesPage(ifNoneMatch: string | null | undefined, tag: string): boolean {
  if (!ifNoneMatch) return false;
  for (const raw of ifNoneMatch.split(",")) {
    const item = raw.trim();
    if (item === "*") return true;
    const quoted = item.startsWith("W/") ? item.slice(2) : item;
    if (quoted.length < 2 || !quoted.startsWith('"') || !quoted.endsWith('"')) continue;
    const opaque = quoted.slice(1, -1);
    if (opaque === tag || opaque === `${tag}-br` || opaque === `${tag}-gzip`) return true;
  }
  return false;
}
