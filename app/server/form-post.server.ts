import { intoAccessLine, logClientError } from "./log-server-error.server";
import { refererPath } from "./return-path.server";

// What the storefront's form posts (the currency selector, the consent banner) share: a refusal that
// names the field at fault, and the way back to the page that sent the form.

/** A 400 naming the field at fault, never cached, logged as one line. */
export function clientError(request: Request, reason: string): Response {
  logClientError(400, request.method, new URL(request.url).pathname, reason, intoAccessLine(request.headers.get("x-request-id")));
  return new Response(`Bad request: ${reason}\n`, { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
}

/**
 * Where to send the visitor after the post: the form's `returnTo` when it is a path on this origin
 * (already checked with sameOriginPath: undefined when absent, null when refused), else the page that
 * sent the form (its Referer, when on this host), else "/". A refused returnTo is logged.
 */
export function wayBack(request: Request, returnTo: string | null | undefined): string {
  if (returnTo) return returnTo;
  const url = new URL(request.url);
  const referer = refererPath(request.headers.get("referer"), url);
  // The line says where the visitor went, never the Referer's path: a header the log does not keep.
  if (returnTo === null)
    logClientError(
      303,
      request.method,
      url.pathname,
      `returnTo: not a path on this site; sent back to ${referer ? "the page that sent the form (its Referer)" : "/"}`,
      intoAccessLine(request.headers.get("x-request-id")),
    );
  return referer ?? "/";
}
