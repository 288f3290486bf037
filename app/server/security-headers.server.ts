import { randomBytes } from "node:crypto";
import type { UrlMode } from "~/content/page-url";

// Security headers for every document (spec standards; refined and tested under the quality issue).
// The CSP is enforced, with a per-request nonce for our inline scripts and styles, and still lets
// the tag manager load. script-src trusts the nonce and what nonced scripts load ('strict-dynamic'): browsers that know it ignore the host list and 'self', so a <script src> put into the
// HTML from an allow-listed host (someone's own tag manager container) does not run. The host list
// stays for browsers from before CSP 3, which ignore 'strict-dynamic' instead.

export function makeNonce(): string {
  return randomBytes(16).toString("base64");
}

const TAG_MANAGER = ["https://www.googletagmanager.com", "https://*.googletagmanager.com"];
const ANALYTICS = ["https://*.google-analytics.com", "https://*.analytics.google.com"];
const EMBEDS = ["https://www.youtube-nocookie.com", "https://www.youtube.com", "https://open.spotify.com", "https://www.google.com", "https://maps.google.com"];

function contentSecurityPolicy(nonce: string, extraConnect: readonly string[] = []): string {
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": ["'self'", `'nonce-${nonce}'`, "'strict-dynamic'", ...TAG_MANAGER, "https://www.youtube.com", "https://s.ytimg.com"],
    "style-src": ["'self'", `'nonce-${nonce}'`],
    // Inline style attributes (React `style`, the tag manager's preview pane) carry no script.
    "style-src-attr": ["'unsafe-inline'"],
    "img-src": ["'self'", "data:", "blob:", "https:"],
    "font-src": ["'self'"],
    "connect-src": ["'self'", ...TAG_MANAGER, ...ANALYTICS, ...extraConnect],
    "frame-src": ["'self'", ...TAG_MANAGER, ...EMBEDS],
    "media-src": ["'self'", "blob:"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'self'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(" ")}`)
    .join("; ");
}

export function securityHeaders(nonce: string): Record<string, string> {
  return {
    "Content-Security-Policy": contentSecurityPolicy(nonce),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "SAMEORIGIN",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), interest-cohort=()",
    // Let Chromium send the viewport width so the first render already knows mobile vs desktop.
    "Accept-CH": "Sec-CH-Viewport-Width, Sec-CH-UA-Mobile",
  };
}

/**
 * Static files (/build, /fonts, /media, the SVGs in public/): never sniffed into another type, and a
 * document made of one (an SVG opened on its own) is sandboxed, with no script and nothing loaded, so
 * an SVG cannot run script on the site's origin.
 */
const STATIC_FILE_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

export function staticFileHeaders(): Record<string, string> {
  return { "X-Content-Type-Options": "nosniff", "Content-Security-Policy": STATIC_FILE_CSP };
}

/** How the site is reached: in production URL mode (docs/requirements.md#2-pages-and-the-shell) only over https. */
export interface Transport {
  httpsOnly: boolean;
  /** The scheme of the URLs pages write: https in test and production URL modes. */
  pageScheme: "http" | "https";
}

export function transportFor(urlMode: UrlMode): Transport {
  return { httpsOnly: urlMode === "production", pageScheme: urlMode === "development" ? "http" : "https" };
}

const HSTS = "max-age=31536000; includeSubDomains";

/** Headers for every response, pages, static files and refusals alike. */
export function transportHeaders(transport: Transport): Record<string, string> {
  return transport.httpsOnly ? { "Strict-Transport-Security": HSTS } : {};
}
