// The browser's cookie reader (document.cookie: "name=value; name2=value2"). The server reads cookies
// with the `cookie` package (app/server/cookies.server.ts), with the same rules: malformed encodings
// and oversized headers give null. A few bytes here instead of the package's 1.2 KB gzip on the first
// load (decision 033).

export const MAX_COOKIE_HEADER = 8192;

export function cookieValue(cookieHeader: string | null | undefined, name: string): string | null {
  if (!cookieHeader || cookieHeader.length > MAX_COOKIE_HEADER) return null;
  for (const part of cookieHeader.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    const value = part
      .slice(eq + 1)
      .trim()
      .replace(/^"(.*)"$/, "$1");
    try {
      return decodeURIComponent(value);
    } catch {
      return null;
    }
  }
  return null;
}
