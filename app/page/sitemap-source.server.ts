import type { SitemapSource } from "~/content/sitemap.server";
import type { StorefrontLoadContext } from "./load-context";
import { notFoundCacheControl } from "./page-headers.server";

// The sitemap routes' inputs from the request's facts: the site the Host names, the URL mode, the content folder.

export const XML_TYPE = "application/xml; charset=utf-8";

/** The host's sitemap source, or null when the request's host is no site's. */
export function sitemapSource({ request, services }: StorefrontLoadContext): SitemapSource | null {
  const site = services.content.siteByHost(request.host);
  if (!site) return null;
  return { store: services.content, contentDir: services.env.CONTENT_DIR, host: site.host, mode: services.env.URL_MODE, servingHost: request.host };
}

/** No sitemap here (another host, a number past the last): a short 404, kept briefly as a missing page is. */
export function noSitemap(): Response {
  return new Response("No sitemap here.\n", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": notFoundCacheControl(null) },
  });
}
