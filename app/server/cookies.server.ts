import { parse } from "cookie";
import { MAX_COOKIE_HEADER } from "../../tracking/cookie-value";

// Cookie reading on the server, with the `cookie` package (writing: its serialize(), where each cookie is
// set). The storefront's cookies (docs/requirements.md#9-constants: currency, consent-state, h-sid, h-attr,
// age-restriction) are plain strings that the tag manager and other services read too, so they are not
// Remix's signed JSON cookies.

/** A cookie from the Cookie request header; null when absent, badly encoded, or the header is oversized. */
export function readCookie(cookieHeader: string | null, name: string): string | null {
  if (!cookieHeader || cookieHeader.length > MAX_COOKIE_HEADER) return null;
  const raw = parse(cookieHeader, { decode: (value) => value })[name];
  if (raw === undefined) return null;
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}
