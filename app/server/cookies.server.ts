import { cookieValue } from "../../tracking/cookie-value";

// Plain cookie reading and writing. The storefront's cookies (docs/requirements.md#9-constants: currency, consent-state, h-sid,
// h-attr, age-restriction) are plain strings that the tag manager and other services read too, so
// they are not Remix's signed JSON cookies.

/** A cookie from the Cookie request header (the parser is shared with the browser side). */
export function readCookie(cookieHeader: string | null, name: string): string | null {
  return cookieValue(cookieHeader, name);
}

export interface CookieOptions {
  maxAgeSeconds?: number;
  httpOnly?: boolean;
  secure?: boolean;
  sameSite?: "Lax" | "Strict" | "None";
  path?: string;
}

export function serializeCookie(name: string, value: string, options: CookieOptions = {}): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, `Path=${options.path ?? "/"}`, `SameSite=${options.sameSite ?? "Lax"}`];
  if (options.maxAgeSeconds !== undefined) parts.push(`Max-Age=${options.maxAgeSeconds}`);
  if (options.httpOnly) parts.push("HttpOnly");
  if (options.secure) parts.push("Secure");
  return parts.join("; ");
}
