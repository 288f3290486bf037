import type { LoaderFunctionArgs } from "@remix-run/node";
import { sitemapIndexXml } from "~/content/sitemap.server";
import { sitemapSource, XML_TYPE, noSitemap } from "~/page/sitemap-source.server";
import { pageCacheControl } from "~/page/page-headers.server";
import { textAnswer } from "~/server/text-answer.server";

// GET /sitemap.xml: the host's sitemap index (content/sitemap.server.ts, docs/search.md), cached as a page is.
export function loader({ context }: LoaderFunctionArgs) {
  const source = sitemapSource(context);
  if (!source) return noSitemap();
  return textAnswer(sitemapIndexXml(source), {
    contentType: XML_TYPE,
    cacheControl: pageCacheControl("default", false),
    ifNoneMatch: context.request.ifNoneMatch,
  });
}
