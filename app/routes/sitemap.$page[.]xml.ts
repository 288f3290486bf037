import type { LoaderFunctionArgs } from "@remix-run/node";
import { childSitemapStream } from "~/content/sitemap.server";
import { noSitemap, sitemapSource, XML_TYPE } from "~/page/sitemap-source.server";
import { pageCacheControl } from "~/page/page-headers.server";

// GET /sitemap/{n}.xml: one child sitemap of the host, streamed as it is written (content/sitemap.server.ts).
// It has no ETag: a tag of the bytes would need the whole file before its first byte (decision 053); shared
// caches keep it for the page's s-maxage.
export function loader({ context, params }: LoaderFunctionArgs) {
  const match = /^[1-9]\d{0,5}$/.exec(params.page ?? "");
  const source = sitemapSource(context);
  const stream = match && source ? childSitemapStream(source, Number(match[0])) : undefined;
  if (!stream) return noSitemap();
  return new Response(stream, { headers: { "Content-Type": XML_TYPE, "Cache-Control": pageCacheControl("default", false) } });
}
