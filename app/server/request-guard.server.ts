// What a request must look like before static files or Remix see it. Each check
// answers with the status and a reason naming the field at fault; guard-requests.server.ts applies
// them first in the Express chain. Found by fuzzing and by hand: an unknown method (TRACE), a Host that
// the URL parser refuses (a port over 65535, a space, "user@host") or a request target that is not a
// path ("http://evil.example/", "*/x") each made the adapter's `new URL()` or `new Request()` throw,
// which was a 500 with a stack trace; a decoded path starting "/\" did the same in React Router.

const MAX_URL_LENGTH = 4096;

export type GuardVerdict = { ok: true } | { ok: false; status: 400 | 403 | 405 | 413 | 414; reason: string; allow?: string };

/**
 * The paths that take a POST (Remix actions), with their body limits: the currency
 * selector and the consent banner, each a few short fields and a way back of at most 2048
 * characters, percent-encoded. A POST
 * anywhere else is refused here: Remix would answer it with a 405 of its own after running its
 * cross-site check, which throws (a 500) on an Origin that does not match the Host, and it logged that
 * 405 twice.
 */
const ACTIONS: Readonly<Record<string, { bodyLimit: number }>> = {
  "/preferences/currency": { bodyLimit: 8 * 1024 },
  "/consent": { bodyLimit: 8 * 1024 },
};
/** The cap on a declared body anywhere else: nothing else the storefront serves reads one. */
const BODY_LIMIT_BYTES = 64 * 1024;

export function bodyLimitFor(pathname: string): number {
  return ACTIONS[pathname]?.bodyLimit ?? BODY_LIMIT_BYTES;
}

/** Pages are read (GET, HEAD); the action paths also take a POST. */
export function allowedMethods(pathname: string): string[] {
  return pathname in ACTIONS ? ["GET", "HEAD", "POST"] : ["GET", "HEAD"];
}

export function checkMethod(method: string, pathname: string): GuardVerdict {
  const allowed = allowedMethods(pathname);
  return allowed.includes(method) ? { ok: true } : { ok: false, status: 405, reason: `method ${method} is not allowed here`, allow: allowed.join(", ") };
}

// RFC 3986 host: a registered name (letters, digits, "-", "_" in dot-separated labels) or an IP literal
// in brackets, then an optional port. Percent-encoding, "@", spaces, backslashes are not a host.
const LABEL = "[A-Za-z0-9_](?:[A-Za-z0-9_-]{0,61}[A-Za-z0-9_])?";
const HOST_PATTERN = new RegExp(`^(?:\\[[0-9A-Fa-f:.]{2,45}\\]|${LABEL}(?:\\.${LABEL})*\\.?)(?::0*(\\d{1,5}))?$`);

/** The Host header: present, a host[:port] that the URL parser reads as the same host, port 1-65535. */
export function checkHost(host: string | undefined): GuardVerdict {
  if (host === undefined) return { ok: false, status: 400, reason: "Host header is missing" };
  const match = host.length <= 260 ? HOST_PATTERN.exec(host) : null;
  const port = match?.[1];
  if (!match || (port !== undefined && (Number(port) < 1 || Number(port) > 65535))) {
    return { ok: false, status: 400, reason: "Host header is not a host[:port]" };
  }
  try {
    // A name of digits and dots the URL parser reads as an IPv4 address it refuses ("1.2.3.999").
    new URL(`http://${host}/`);
  } catch {
    return { ok: false, status: 400, reason: "Host header is not a host[:port]" };
  }
  return { ok: true };
}

/**
 * The request target: a path (origin-form). Absolute-form ("http://evil.example/") is only for proxies
 * and would let the target name another host than Host; asterisk-form is only for OPTIONS, refused
 * anyway. Then the path itself: decodable, no backslash or control character, no leading "//" (which
 * URL parsers read as a host), at most 4096 characters.
 */
export function checkRequestTarget(originalUrl: string): GuardVerdict {
  if (originalUrl.length > MAX_URL_LENGTH) return { ok: false, status: 414, reason: "URL too long" };
  if (!originalUrl.startsWith("/")) return { ok: false, status: 400, reason: "request target is not a path" };
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

/**
 * The serving host as every URL a page writes and the page cache key spell it (decision 020): lower
 * case, no trailing dot, no leading zeros in the port, and no port that is the default of the scheme
 * the request came in on (http) or of the URLs pages write (`pageScheme`). Takes a Host that
 * `checkHost` accepted; the URL parser does the lower-casing, IPv4 and IPv6 forms and the port digits.
 */
export function canonicalHost(host: string, pageScheme: "http" | "https"): string {
  const url = new URL(`http://${host}/`);
  const hostname = url.hostname.endsWith(".") ? url.hostname.slice(0, -1) : url.hostname;
  const port = url.port === "" || (pageScheme === "https" && url.port === "443") ? "" : `:${url.port}`;
  return `${hostname}${port}`;
}

/**
 * GET and HEAD carry no body here: one declared (a Content-Length above 0, or any Transfer-Encoding) is
 * refused at the headers, before a byte of it is read. Node would otherwise read a body nobody asked
 * for to its end to reach the next request on the connection, however long, chunked or not.
 */
export function checkNoBody(method: string, headers: { "content-length"?: string; "transfer-encoding"?: string }): GuardVerdict {
  if (method !== "GET" && method !== "HEAD") return { ok: true };
  if (headers["transfer-encoding"] !== undefined) return { ok: false, status: 400, reason: `a ${method} request carries no body (Transfer-Encoding)` };
  if (Number(headers["content-length"] ?? 0) !== 0) return { ok: false, status: 400, reason: `a ${method} request carries no body (Content-Length)` };
  return { ok: true };
}

/** A declared Content-Length over the limit is refused before a byte of the body is read. */
export function checkContentLength(contentLength: string | undefined, limit: number): GuardVerdict {
  if (contentLength === undefined) return { ok: true };
  const length = Number(contentLength);
  return Number.isFinite(length) && length > limit
    ? { ok: false, status: 413, reason: `body of ${length} bytes is over the ${limit}-byte limit` }
    : { ok: true };
}

export function badRequestHtml(reason: string, title = "Bad request"): string {
  const safe = reason.replace(/[<>&"]/g, "");
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head><body><main><h1>${title}</h1><p>That request doesn't look right (${safe}).</p><p><a href="/">Go to the home page</a></p></main></body></html>`;
}
