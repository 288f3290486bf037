import { DEFAULT_LANGUAGE, type SupportedLanguageCode } from "~/i18n/languages";

// docs/requirements.md#2-pages-and-the-shell: page URLs are resolved from a page uid, a language and a host.
//   development: http://{host}/?uid={uid}&lang={lang}
//   test:        https://{host}/?uid={uid}&lang={lang}
//   production:  the host comes from the uid; a language prefix unless English; the remaining uid
//                segments become path segments.
// A uid is the site's host followed by the page's path segments, all joined by dots:
//   "www.london-theatre-tickets.example.shows.les-miserables" → host + /shows/les-miserables/

export type UrlMode = "development" | "test" | "production";
export const URL_MODES = ["development", "test", "production"] as const;

/** Site hosts are three labels (www.name.tld) unless the registry knows a longer one. */
const DEFAULT_HOST_LABELS = 3;

const UID_PATTERN = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*$/;
export const MAX_UID_LENGTH = 256;

const NO_HOSTS: ReadonlySet<string> = new Set();

export function isValidUid(uid: string): boolean {
  return uid.length > 0 && uid.length <= MAX_UID_LENGTH && UID_PATTERN.test(uid);
}

/**
 * Splits a uid into its site host and its path segments. The host is the longest dot-prefix of the uid
 * that `knownHosts` holds: one Set lookup per label of the uid, whatever the number of sites.
 */
export function splitUid(uid: string, knownHosts: ReadonlySet<string> = NO_HOSTS): { host: string; segments: string[] } {
  let host = "";
  if (knownHosts.size) {
    for (let end = uid.length; end > 0; end = uid.lastIndexOf(".", end - 1)) {
      const candidate = uid.slice(0, end);
      if (knownHosts.has(candidate)) {
        host = candidate;
        break;
      }
    }
  }
  if (!host) host = uid.split(".").slice(0, DEFAULT_HOST_LABELS).join(".");
  const rest = uid.slice(host.length).replace(/^\./, "");
  return { host, segments: rest ? rest.split(".") : [] };
}

/** The inverse of `splitUid`: the uid that a host and path segments name. */
export function joinUid(host: string, segments: readonly string[]): string {
  return [host, ...segments].filter(Boolean).join(".");
}

export interface PageUrlInput {
  uid: string | null | undefined;
  lang?: SupportedLanguageCode | null;
  /** The serving host (development and test modes). Defaults to the uid's host. */
  host?: string | null;
  mode: UrlMode;
  /** The site hosts, as a Set: a link is resolved with lookups, never a scan over every site. */
  knownHosts?: ReadonlySet<string>;
}

/** The URL of a page. A page link with no uid gives '' (docs/requirements.md#5-rules). */
export function pageUrl({ uid, lang, host, mode, knownHosts }: PageUrlInput): string {
  if (!uid) return "";
  const language = lang ?? DEFAULT_LANGUAGE;
  const split = splitUid(uid, knownHosts);
  if (mode === "production") {
    const prefix = language === DEFAULT_LANGUAGE ? [] : [language];
    const path = [...prefix, ...split.segments].join("/");
    return `https://${split.host}/${path ? `${path}/` : ""}`;
  }
  const scheme = mode === "test" ? "https" : "http";
  const query = new URLSearchParams({ uid, lang: language });
  return `${scheme}://${host || split.host}/?${query.toString()}`;
}

/**
 * A URL for links inside the app: in development and test a same-origin path and query; in production
 * a path when the page lives on the serving host (`host`, port ignored), else the absolute URL.
 */
export function pageHref(input: PageUrlInput): string {
  const url = pageUrl(input);
  if (!url) return url;
  const parsed = new URL(url);
  const servingHost = (input.host ?? "").toLowerCase().replace(/:\d+$/, "");
  if (input.mode === "production" && parsed.hostname !== servingHost) return url;
  return `${parsed.pathname}${parsed.search}`;
}

/**
 * Whether an href names a page of this site in one of the shapes pageHref() gives it: a path from the site's
 * root ending in "/" (production: "/", "/fr/", "/shows/les-miserables/"), with its query and fragment
 * (development and test: "/?uid=…&lang=…"). Not "//host/" or "/\host/" (another host, as browsers read it), nor a file ("/media/plan.pdf") or
 * another route ("/tracking"): links to those leave the app (docs/decisions/045-client-navigation.md).
 */
export const isPagePath = (href: string): boolean => /^(\/[^/\\?#][^\\?#]*)?\/([?#]|$)/.test(href);
