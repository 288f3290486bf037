import type { LoaderFunctionArgs } from "@remix-run/node";
import { robotsTxt } from "~/content/robots-txt";
import { pageCacheControl } from "~/page/page-headers.server";
import { textAnswer } from "~/server/text-answer.server";

// GET /robots.txt: per host and URL mode (content/robots-txt.ts, docs/search.md), cached as a page is.
export function loader({ context }: LoaderFunctionArgs) {
  const { request, services } = context;
  const site = services.content.siteByHost(request.host);
  return textAnswer(robotsTxt({ mode: services.env.URL_MODE, siteHost: site?.host ?? null }), {
    contentType: "text/plain; charset=utf-8",
    cacheControl: pageCacheControl("default", false),
    ifNoneMatch: request.ifNoneMatch,
  });
}
