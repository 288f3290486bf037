import type { UrlMode } from "~/content/page-url";
import type { InlineCodeHashes } from "./inline-code-hashes.server";

// Security headers for every document. The CSP is enforced and holds no secret: a page's inline scripts
// and styles are allowed by the sha256 of their exact text (inline-code-hashes.server.ts), so the header is
// the same for everyone who gets the same page, and any shared cache may keep the two together
// (docs/decisions/042-hashes-not-nonces.md). script-src trusts those scripts and what they load
// ('strict-dynamic'): browsers that know it ignore the host list and 'self', so a <script src> put into the
// HTML from an allow-listed host (someone's own tag manager container) does not run. The host list stays for
// browsers from before CSP 3, which ignore 'strict-dynamic' instead.

const TAG_MANAGER = ["https://www.googletagmanager.com", "https://*.googletagmanager.com"];
const ANALYTICS = ["https://*.google-analytics.com", "https://*.analytics.google.com"];
/** Where a document's hash sources go in the directives below. */
const SCRIPT_HASHES = "<script-hashes>";
const STYLE_HASHES = "<style-hashes>";
const EMBEDS = ["https://www.youtube-nocookie.com", "https://www.youtube.com", "https://open.spotify.com", "https://www.google.com", "https://maps.google.com"];

/** The policy's directives, each with the marks where a document's hash sources go. */
const DIRECTIVES: Record<string, string[]> = {
  "default-src": ["'self'"],
  "script-src": ["'self'", SCRIPT_HASHES, "'strict-dynamic'", ...TAG_MANAGER, "https://www.youtube.com", "https://s.ytimg.com"],
  "style-src": ["'self'", STYLE_HASHES],
  // Inline style attributes (React `style`, the tag manager's preview pane) carry no script.
  "style-src-attr": ["'unsafe-inline'"],
  "img-src": ["'self'", "data:", "blob:", "https:"],
  "font-src": ["'self'"],
  "connect-src": ["'self'", ...TAG_MANAGER, ...ANALYTICS],
  "frame-src": ["'self'", ...TAG_MANAGER, ...EMBEDS],
  "media-src": ["'self'", "blob:"],
  "object-src": ["'none'"],
  "base-uri": ["'self'"],
  "form-action": ["'self'"],
  "frame-ancestors": ["'self'"],
};

/** The policy's text around the two lists of hash sources, joined once: a render only adds its hashes. */
const [BEFORE_SCRIPTS, BETWEEN, AFTER_STYLES] = Object.entries(DIRECTIVES)
  .map(([name, values]) => `${name} ${values.join(" ")}`)
  .join("; ")
  .split(new RegExp(` (?:${SCRIPT_HASHES}|${STYLE_HASHES})`)) as [string, string, string];

const hashSources = (hashes: readonly string[]) => hashes.map((hash) => ` 'sha256-${hash}'`).join("");

/** The policy of a response whose inline scripts and styles have these hashes (none: no inline code runs). */
export function contentSecurityPolicy(hashes: InlineCodeHashes = { scripts: [], styles: [] }): string {
  return `${BEFORE_SCRIPTS}${hashSources(hashes.scripts)}${BETWEEN}${hashSources(hashes.styles)}${AFTER_STYLES}`;
}

/** Headers for every answer after the static files; a rendered document replaces the CSP with its own hashes. */
export function securityHeaders(): Record<string, string> {
  return {
    "Content-Security-Policy": contentSecurityPolicy(),
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
  /** Search engines may index what this server answers: only the production sites (docs/search.md). */
  indexable: boolean;
}

export function transportFor(urlMode: UrlMode): Transport {
  return { httpsOnly: urlMode === "production", pageScheme: urlMode === "development" ? "http" : "https", indexable: urlMode === "production" };
}

const HSTS = "max-age=31536000; includeSubDomains";

/**
 * Headers for every response, pages, static files and refusals alike: HSTS where the site is https-only, and
 * outside production URL mode `X-Robots-Tag: noindex`, so a development or test host that a crawler reaches
 * (a link shared by mistake) is never indexed, whatever it answers (docs/search.md).
 */
export function transportHeaders(transport: Transport): Record<string, string> {
  return {
    ...(transport.httpsOnly ? { "Strict-Transport-Security": HSTS } : {}),
    ...(transport.indexable ? {} : { "X-Robots-Tag": "noindex" }),
  };
}
