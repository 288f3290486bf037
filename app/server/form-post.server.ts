import { logClientError } from "./log-server-error.server";
import { refererPath } from "./return-path.server";

// What the storefront's form posts (the currency selector, the consent banner) share: a refusal that
// names the field at fault, and the way back to the page that sent the form. Both read the request's facts
// as the edge read them (the load context's `request`, app/page/load-context.ts).

/** What a post's answer needs of its request's facts. */
interface PostedRequest {
  url: URL;
  referer: string | null;
  log: (level: "warn", message: string) => void;
}

/** A 400 naming the field at fault, never cached, logged as one line. */
export function clientError(request: PostedRequest, reason: string): Response {
  logClientError(400, "POST", request.url.pathname, reason, (line) => request.log("warn", line));
  return new Response(`Bad request: ${reason}\n`, { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
}

/**
 * Where to send the visitor after the post: the form's `returnTo` when it is a path on this origin
 * (already checked with sameOriginPath: undefined when absent, null when refused), else the page that
 * sent the form (its Referer, when on this host), else "/". A refused returnTo is logged.
 */
export function wayBack(request: PostedRequest, returnTo: string | null | undefined): string {
  if (returnTo) return returnTo;
  const referer = refererPath(request.referer, request.url);
  // The line says where the visitor went, never the Referer's path: a header the log does not keep.
  if (returnTo === null)
    logClientError(
      303,
      "POST",
      request.url.pathname,
      `returnTo: not a path on this site; sent back to ${referer ? "the page that sent the form (its Referer)" : "/"}`,
      (line) => request.log("warn", line),
    );
  return referer ?? "/";
}
