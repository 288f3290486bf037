// The one cookie reader: the server's Cookie header, the browser's document.cookie and the inline head scripts
// ("name=value; name2=value2"), with one bound and one rule: the first cookie of a name, quotes dropped,
// decoded; a malformed encoding or an oversized header gives null. Ours rather than the `cookie` package's
// parse(), because the head scripts are inline text in every page and must read cookies too; the package
// writes them (serialize(), on the server). docs/decisions/033-kept-libraries.md

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
