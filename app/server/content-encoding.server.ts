import { brotliCompressSync, constants, gzipSync } from "node:zlib";

// Which of the encodings we keep ready a client accepts, by its Accept-Encoding header (RFC 9110
// §12.5.3). Our preference decides between accepted ones: browsers list gzip before br, and the
// q-values, not the order, are what the header promises.

export type ContentEncoding = "br" | "gzip" | "identity";

const PREFERENCE: readonly ContentEncoding[] = ["br", "gzip", "identity"];

function qualities(header: string): Map<string, number> {
  const q = new Map<string, number>();
  for (const part of header.split(",")) {
    const [rawName = "", ...params] = part.split(";");
    const name = rawName.trim().toLowerCase();
    if (!name) continue;
    let quality = 1;
    for (const param of params) {
      const match = /^\s*q\s*=\s*([01](?:\.\d{0,3})?)\s*$/i.exec(param);
      if (match) quality = Number(match[1]);
    }
    // "x-gzip" is gzip's old alias; the first mention of a name counts.
    const key = name === "x-gzip" ? "gzip" : name;
    if (!q.has(key)) q.set(key, Math.min(quality, 1));
  }
  return q;
}

/** The encodings we keep that the client accepts, best first; empty when it accepts none of them. */
export function acceptableEncodings(header: string | undefined | null): ContentEncoding[] {
  if (!header) return ["identity"];
  const q = qualities(header);
  const star = q.get("*");
  const accepted = (encoding: ContentEncoding) => {
    const quality = q.get(encoding) ?? (encoding === "identity" ? (star ?? 1) : star);
    return quality !== undefined && quality > 0;
  };
  return PREFERENCE.filter(accepted);
}

/** A rendered document, encoded for the client: the body to send and its Content-Encoding (null: as it is). */
export interface EncodedDocument {
  body: Buffer;
  encoding: "br" | "gzip" | null;
}

/** The parts' UTF-8 bytes in one buffer, each written in place: the joined text is never made. */
export function documentBytes(parts: readonly string[]): Buffer {
  let length = 0;
  for (const part of parts) length += Buffer.byteLength(part, "utf8");
  const out = Buffer.allocUnsafe(length);
  let at = 0;
  for (const part of parts) at += out.write(part, at, "utf8");
  return out;
}

/** Brotli in text mode at `quality`, in one synchronous call. */
export function compressBrotli(input: Buffer, quality: number): Buffer {
  return brotliCompressSync(input, {
    params: {
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_QUALITY]: quality,
      [constants.BROTLI_PARAM_SIZE_HINT]: input.length,
    },
  });
}

/** gzip at level 6, the compression middleware's own. */
export function compressGzip(input: Buffer): Buffer {
  return gzipSync(input, { level: 6 });
}

/**
 * A document rendered whole, compressed whole in one synchronous call for a page that is not stored
 * (docs/decisions/036-rendered-page-work-done-once.md). A streaming encoder per response holds native
 * memory until its response ends, and many of them at once made V8 collect its whole heap far more often
 * (measured in that record). Brotli at quality 4 and gzip at level 6 are the compression middleware's own settings,
 * so a page weighs what it did. Null for a client that accepts only what we do not make here (deflate):
 * the compression step answers it.
 */
export function encodeDocument(input: Buffer, acceptEncoding: string | undefined | null): EncodedDocument | null {
  const best = acceptableEncodings(acceptEncoding)[0];
  if (best === undefined) return null;
  if (best === "identity") return { body: input, encoding: null };
  if (best === "gzip") return { body: compressGzip(input), encoding: "gzip" };
  return { body: compressBrotli(input, 4), encoding: "br" };
}
