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
