// One cookie parser for the server (the Cookie request header) and the browser (document.cookie):
// both are "name=value; name2=value2". Malformed encodings and oversized headers give null.

const MAX_COOKIE_HEADER = 8192;

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
