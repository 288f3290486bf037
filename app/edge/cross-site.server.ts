// Refuses a state-changing request that another site made the visitor's browser send:
// a form elsewhere posting to /preferences/currency. Browsers say where a request comes from in two
// headers; each one present must agree:
//   - Sec-Fetch-Site (Chromium 76+, Firefox 90+, Safari 16.4+): "same-origin" or "none" (the visitor's
//     own action, e.g. a bookmark); "same-site" is refused too, so a sibling subdomain cannot post.
//   - Origin (every browser sends it on a POST): an http(s) origin whose host is the request's Host,
//     as sent. Only the host is compared, not the scheme, because a TLS-terminating CDN forwards https
//     requests over http; a browser writes both from the same URL, so they match as strings. "null" (a
//     sandboxed frame, a cross-origin redirect) is refused. (Remix compares the two the same way for
//     page routes and throws, a 500, when they differ.)
//   - neither header: not a browser that a page can drive (curl, a server-side client, a browser from
//     before 2020), so there is no visitor to protect: the request passes.
// A same-origin form without JavaScript sends Sec-Fetch-Site: same-origin and Origin with our host, so
// it passes. GET and HEAD never change state here and are not checked.

export type CrossSiteVerdict = { ok: true } | { ok: false; reason: string };

export interface CrossSiteInput {
  method: string;
  /** The Host request header. */
  host: string | undefined;
  origin: string | undefined;
  secFetchSite: string | undefined;
}

const SAFE_METHODS = new Set(["GET", "HEAD"]);

export function checkCrossSite({ method, host, origin, secFetchSite }: CrossSiteInput): CrossSiteVerdict {
  if (SAFE_METHODS.has(method)) return { ok: true };
  if (secFetchSite !== undefined) {
    const site = secFetchSite.trim().toLowerCase();
    // The value is named only when it is one browsers send: anything else is the client's own words,
    // and a refusal's line never quotes a header (docs/operations.md#logs).
    if (site !== "same-origin" && site !== "none")
      return { ok: false, reason: `Sec-Fetch-Site is ${SENT_BY_BROWSERS.has(site) ? `"${site}"` : "not a value browsers send"}, not same-origin` };
  }
  if (origin !== undefined) {
    let originHost: string | null = null;
    try {
      const url = new URL(origin);
      if (url.protocol === "http:" || url.protocol === "https:") originHost = url.host;
    } catch {
      originHost = null;
    }
    if (originHost === null) return { ok: false, reason: "Origin is not an http(s) origin" };
    if (originHost !== host) return { ok: false, reason: "Origin names another host than Host" };
  }
  return { ok: true };
}

/** Sec-Fetch-Site's values (Fetch Metadata). */
const SENT_BY_BROWSERS: ReadonlySet<string> = new Set(["cross-site", "same-site", "same-origin", "none"]);
