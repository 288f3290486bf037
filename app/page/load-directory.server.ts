import { json } from "@remix-run/node";
import type { ContentStore } from "~/content/content-store.server";
import { pageHref } from "~/content/page-url";
import type { Env } from "~/env.server";
import { DEFAULT_LANGUAGE } from "~/i18n/languages";
import { uiDictionary } from "~/i18n/ui-strings.server";
import type { StorefrontLoadContext } from "./load-context";
import { notFoundCacheControl, varyHeader } from "./page-headers.server";
import { DIRECTORY_PATH, type DirectoryData, type NotFoundData } from "./page-data";

// The site directory (development URL mode): a route of its own, routes/[_directory].tsx, so its code is
// split from the storefront's. `/` on a host that is no site redirects here (resolve-page-request.ts).

/** The directory's URL for a query (the host search, a site, a page number). */
export function directoryPath(search: string): string {
  return `${DIRECTORY_PATH}${search}`;
}

/** The directory's data and headers; a 404 outside development URL mode or for an unknown site. */
export function loadDirectoryResponse({ request, services }: StorefrontLoadContext): { data: DirectoryData; headers: Record<string, string> } {
  const { env } = services;
  const { url, host } = request;
  // The consent defaults in <head> depend on the country and the device.
  const vary = varyHeader(request.vary);
  const data = env.URL_MODE === "development" ? loadDirectory(services.content, env, host, url) : null;
  if (!data) {
    const message = env.URL_MODE === "development" ? "There is no site with that host." : "We couldn't find that page.";
    throw json<NotFoundData>(
      { kind: "not-found", shell: null, message, contentErrors: [], strings: uiDictionary(DEFAULT_LANGUAGE) },
      { status: 404, headers: { "Cache-Control": notFoundCacheControl(null), Vary: vary } },
    );
  }
  return { data, headers: { Vary: vary } };
}

/** Sites or pages per directory page: enough to scan, small enough to render in a few milliseconds at any size. */
const DIRECTORY_PAGE_SIZE = 50;
const MAX_QUERY_LENGTH = 100;

function pageNumber(url: URL): number {
  const value = Number(url.searchParams.get("page") ?? "1");
  return Number.isSafeInteger(value) && value >= 1 ? value : 1;
}

/** Builds a directory link that keeps the other parameters. */
function directoryHref(params: Record<string, string | number | null>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value !== null && value !== "" && !(name === "page" && value === 1)) query.set(name, String(value));
  const text = query.toString();
  return directoryPath(text ? `?${text}` : "");
}

/** Links to the first, last and nearby directory pages (a gap between two numbers is shown as an ellipsis). */
function pagination(page: number, pageCount: number, href: (page: number) => string): DirectoryData["pagination"] {
  const numbers = [...new Set([1, page - 2, page - 1, page, page + 1, page + 2, pageCount])].filter((n) => n >= 1 && n <= pageCount).sort((a, b) => a - b);
  return {
    previous: page > 1 ? href(page - 1) : null,
    next: page < pageCount ? href(page + 1) : null,
    links: numbers.map((n) => ({ page: n, href: href(n), current: n === page })),
  };
}

/**
 * The directory: the sites, 50 a page, searchable by host (`?q=`); `?site=<host>` lists one
 * site's pages, 50 a page. Each answer reads at most one page of sites or pages (indexed, cached).
 */
function loadDirectory(store: ContentStore, env: Env, host: string, url: URL): DirectoryData | null {
  const requested = pageNumber(url);
  const siteHost = (url.searchParams.get("site") ?? "").trim().toLowerCase();
  const contentErrors = store.errors().slice(0, DIRECTORY_PAGE_SIZE);
  if (siteHost) {
    const site = store.siteByHost(siteHost);
    const first = site && store.listPages(siteHost, { offset: 0, limit: 0 });
    if (!site || !first) return null;
    const pageCount = Math.max(1, Math.ceil(first.total / DIRECTORY_PAGE_SIZE));
    const page = Math.min(requested, pageCount);
    const listed = store.listPages(siteHost, { offset: (page - 1) * DIRECTORY_PAGE_SIZE, limit: DIRECTORY_PAGE_SIZE })!;
    return {
      kind: "directory",
      view: "pages",
      query: "",
      site: { name: site.name, host: site.host, brand: site.brand },
      total: listed.total,
      page,
      pageCount,
      pagination: pagination(page, pageCount, (n) => directoryHref({ site: site.host, page: n })),
      sites: [],
      pages: listed.pages.map(({ uid }) => {
        const doc = store.getPage(uid, DEFAULT_LANGUAGE)?.doc;
        return {
          uid,
          title: doc?.heading ?? uid,
          pageType: doc?.pageType ?? "invalid",
          links: store.languagesOf(uid).map((code) => ({ lang: code, href: pageHref({ uid, lang: code, host, mode: env.URL_MODE, knownHosts: store.hosts }) })),
        };
      }),
      contentErrors,
    };
  }
  const query = (url.searchParams.get("q") ?? "").trim().toLowerCase().slice(0, MAX_QUERY_LENGTH);
  const first = store.listSites({ query, offset: 0, limit: 0 });
  const pageCount = Math.max(1, Math.ceil(first.total / DIRECTORY_PAGE_SIZE));
  const page = Math.min(requested, pageCount);
  const listed = store.listSites({ query, offset: (page - 1) * DIRECTORY_PAGE_SIZE, limit: DIRECTORY_PAGE_SIZE });
  return {
    kind: "directory",
    view: "sites",
    query,
    site: null,
    total: listed.total,
    page,
    pageCount,
    pagination: pagination(page, pageCount, (n) => directoryHref({ q: query, page: n })),
    sites: listed.sites.map(({ host: siteHost, site }) => ({
      name: site?.name ?? siteHost,
      host: siteHost,
      brand: site?.brand ?? null,
      href: directoryHref({ site: siteHost }),
      homeHref: pageHref({ uid: siteHost, lang: DEFAULT_LANGUAGE, host, mode: env.URL_MODE, knownHosts: store.hosts }),
    })),
    pages: [],
    contentErrors,
  };
}
