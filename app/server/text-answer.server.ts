import { createHash } from "node:crypto";

// A small text answer made whole in memory (robots.txt, a sitemap index), cached as a page is: the caller's
// Cache-Control, and a weak ETag of the bytes, so a browser or a CDN that holds it revalidates with
// If-None-Match and gets a 304. Weak, because the compression step may send the same text gzip- or br-encoded.

export interface TextAnswerInit {
  contentType: string;
  cacheControl: string;
  /** The request's If-None-Match, as read at the edge. */
  ifNoneMatch: string | null;
  status?: number;
}

/** Whether If-None-Match names `etag` (RFC 9110 §13.1.2: a weak comparison, and `*`). */
function matchesEtag(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = etag.replace(/^W\//, "");
  return ifNoneMatch.split(",").some((raw) => {
    const item = raw.trim();
    return item === "*" || item.replace(/^W\//, "") === opaque;
  });
}

export function textAnswer(body: string, { contentType, cacheControl, ifNoneMatch, status = 200 }: TextAnswerInit): Response {
  const etag = `W/"${createHash("sha256").update(body).digest("base64url").slice(0, 22)}"`;
  const headers = { "Content-Type": contentType, "Cache-Control": cacheControl, ETag: etag };
  if (status === 200 && matchesEtag(ifNoneMatch, etag)) return new Response(null, { status: 304, headers });
  return new Response(body, { status, headers });
}
