// Requests whose path cannot be routed safely are answered with a 400 before they reach Remix.
// Found by the fuzz test: a decoded path starting "/\" makes React Router's `new URL()` throw (a 500).

const MAX_URL_LENGTH = 4096;

export type GuardVerdict = { ok: true } | { ok: false; status: 400 | 414; reason: string };

export function checkRequestTarget(originalUrl: string): GuardVerdict {
  if (originalUrl.length > MAX_URL_LENGTH) return { ok: false, status: 414, reason: "URL too long" };
  const pathname = originalUrl.split("?")[0] ?? "/";
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return { ok: false, status: 400, reason: "malformed percent-encoding in path" };
  }
  // Backslashes, control characters and a leading "//" turn a path into something URL parsers read as a host.
  if (/[\\\u0000-\u001f\u007f]/.test(decoded) || decoded.startsWith("//")) {
    return { ok: false, status: 400, reason: "path contains characters that cannot be routed" };
  }
  return { ok: true };
}

export function badRequestHtml(reason: string): string {
  const safe = reason.replace(/[<>&"]/g, "");
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Bad request</title></head><body><main><h1>Bad request</h1><p>That address doesn't look right (${safe}).</p><p><a href="/">Go to the home page</a></p></main></body></html>`;
}
