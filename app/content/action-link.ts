import type { ActionLink } from "./page-document";
import type { LinkTarget } from "./inline-props";
import { pageHref, type UrlMode } from "./page-url";
import { isValidEmail } from "./email";
import type { SupportedLanguageCode } from "~/i18n/languages";

// Turns an authored link (docs/requirements.md#3-data Action link) into what a component renders.
// docs/requirements.md#8-failures: an invalid link URL is treated as external and opens in a new tab.
// Unsafe schemes (javascript:, data:, vbscript:…) never become an href.

/** Where a link goes and how it opens, resolved on the server: components render it as it is. */
export interface LinkHref {
  /** '' when the link cannot be followed (no uid, unsafe URL): render the label as text. */
  href: string;
  newTab: boolean;
  external: boolean;
}

export interface ResolvedLink extends LinkHref {
  label: string;
  appearance: "link" | "primary" | "secondary";
}

export interface LinkContext {
  mode: UrlMode;
  /** The serving host (Host header). */
  host: string;
  lang: SupportedLanguageCode;
  /** Every site host (page-url.ts splitUid looks them up; never scanned). */
  knownHosts: ReadonlySet<string>;
}

const SAFE_SCHEME = /^(https?:|mailto:|tel:)/i;
const ANY_SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/** The origin the page is served from, as the browser sees it (page-url.ts: http only in development). */
function pageOrigin(ctx: LinkContext): URL {
  const host = ctx.mode === "production" ? ctx.host.replace(/:\d+$/, "") : ctx.host;
  const scheme = ctx.mode === "development" ? "http" : "https";
  const base = `${scheme}://${host}/`;
  // An unusable Host header still needs a base; a reserved name matches no real link.
  return host && URL.canParse(base) ? new URL(base) : new URL(`${scheme}://site.invalid/`);
}

export function resolveUrl(raw: string, ctx: LinkContext): { href: string; external: boolean; invalid: boolean } {
  // Browsers ignore tabs and newlines inside a scheme ("java\nscript:"), so strip them before checking.
  const url = raw.replace(/[\u0000-\u001F\u007F\s]+/g, "");
  if (!url) return { href: "", external: false, invalid: true };
  if (url.startsWith("#")) return { href: url, external: false, invalid: false };
  if (ANY_SCHEME.test(url) && !SAFE_SCHEME.test(url)) return { href: "", external: true, invalid: true };
  const origin = pageOrigin(ctx);
  if (/^[/\\]/.test(url)) {
    // A site path as the browser reads it (WHATWG URL): "/\\evil.example" and "//evil.example" name
    // another host. One that leaves the site was not meant to: docs/requirements.md#8-failures, invalid, external, new tab.
    const parsed = URL.canParse(url, origin) ? new URL(url, origin) : null;
    if (!parsed) return { href: "", external: false, invalid: true };
    return parsed.origin === origin.origin
      ? { href: `${parsed.pathname}${parsed.search}${parsed.hash}`, external: false, invalid: false }
      : { href: parsed.href, external: true, invalid: true };
  }
  try {
    const parsed = new URL(url);
    if (!SAFE_SCHEME.test(parsed.protocol)) return { href: "", external: true, invalid: true };
    if (parsed.protocol === "mailto:") {
      // docs/requirements.md#5-rules: only a well-formed address becomes a mail link.
      let address = "";
      try {
        address = decodeURIComponent(parsed.pathname.split(",")[0] ?? "");
      } catch {
        // A malformed %-escape is not an address.
      }
      return isValidEmail(address) ? { href: parsed.href, external: false, invalid: false } : { href: "", external: false, invalid: true };
    }
    if (parsed.protocol === "tel:") return { href: parsed.href, external: false, invalid: false };
    // Same origin, not just same host name: another port or scheme is another site to the browser.
    const sameSite = ctx.mode === "production" && ctx.knownHosts.has(parsed.hostname) && parsed.origin === origin.origin;
    return { href: sameSite ? `${parsed.pathname}${parsed.search}${parsed.hash}` : parsed.href, external: !sameSite, invalid: false };
  } catch {
    // Not a URL we can parse: docs/requirements.md#8-failures says treat it as external; make it absolute so it leaves the site.
    return { href: `https://${url.replace(/^\/+/, "")}`, external: true, invalid: true };
  }
}

/** A link's target, a page by uid or a URL, as it renders in the context's URL mode and site. */
export function resolveLinkTarget(target: LinkTarget, newTab: boolean, ctx: LinkContext): LinkHref {
  if (target.kind === "uid") {
    const href = uidHref(target.uid, ctx);
    // Another site's page is an absolute URL (production); one whose host is none of our sites leaves them.
    return { href, newTab, external: href.startsWith("https:") && !ctx.knownHosts.has(new URL(href).hostname) };
  }
  const resolved = resolveUrl(target.url, ctx);
  return { href: resolved.href, newTab: newTab || resolved.invalid, external: resolved.external };
}

export function resolveActionLink(link: ActionLink, ctx: LinkContext): ResolvedLink {
  const target: LinkTarget = link.type === "reference" ? { kind: "uid", uid: link.reference.value.uid } : { kind: "url", url: link.url };
  return { label: link.label, ...resolveLinkTarget(target, link.newTab, ctx), appearance: link.appearance };
}

/** A page link by uid; docs/requirements.md#5-rules: no uid gives ''. */
export function uidHref(uid: string | undefined | null, ctx: LinkContext): string {
  return pageHref({ uid, lang: ctx.lang, host: ctx.host, mode: ctx.mode, knownHosts: ctx.knownHosts });
}
