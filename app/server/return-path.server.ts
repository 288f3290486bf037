// Where a form may send the visitor back to. A Location is resolved by the browser's URL
// parser, which drops tabs and newlines ("/\t/evil.example/" is "//evil.example/"), reads a backslash as
// a slash and a leading "//" as a host. So a way back is accepted only when it is printable ASCII (every
// legitimate one is: browsers send location.pathname and .search percent-encoded), starts with one "/",
// and still names a path on this origin after the parser has normalised it; what is sent is that
// normalised path (empty segments collapsed, as Remix's router would), so the header carries exactly what
// the browser will follow.

export const MAX_RETURN_PATH = 2048;

const PRINTABLE_ASCII = /^[\x21-\x7e]+$/;
const BASE = "http://return-path.invalid";

/** The path and query `value` names on this origin, or null when it is not one. */
export function sameOriginPath(value: unknown): string | null {
  if (typeof value !== "string" || value.length > MAX_RETURN_PATH || !PRINTABLE_ASCII.test(value)) return null;
  if (!value.startsWith("/") || value.startsWith("//") || value.includes("\\")) return null;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  // Dot segments can leave "//" in front after normalisation ("/.//evil.example/").
  if (url.pathname.startsWith("//")) return null;
  // An empty segment inside ("/;//x") is one slash: Remix would collapse it in the Location itself and
  // print the path it changed, a form value, on a line of its own (docs/operations.md#logs).
  return `${url.pathname.replace(/\/{2,}/g, "/")}${url.search}`;
}

/**
 * The page a request came from, when its Referer is on the request's own host: the fallback for a
 * refused way back. The host alone is compared because a TLS-terminating CDN forwards https pages'
 * requests over http.
 */
export function refererPath(referer: string | null, requestUrl: URL): string | null {
  if (!referer) return null;
  let url: URL;
  try {
    url = new URL(referer);
  } catch {
    return null;
  }
  if (url.host !== requestUrl.host || (url.protocol !== "http:" && url.protocol !== "https:")) return null;
  return sameOriginPath(`${url.pathname}${url.search}`);
}
