import { useMatches } from "@remix-run/react";
import type { PageViewPush } from "../../../tracking/page-view";
import { pageViewHeadScript } from "~/page/page-view-push.server";

/** The first document's page_viewed, pushed in <head> right after the Consent Mode defaults (app/page/page-view-push.server.ts). */
export function PageViewScript() {
  // The page route's page view; none on other routes (e.g. /tracking, a 404) and for bots.
  const push = useMatches().find((match) => (match.data as { kind?: string } | undefined)?.kind === "page")?.data as
    { pageView: PageViewPush | null } | undefined;
  if (!push?.pageView) return null;
  // Written on the server only (a .server module is empty in the browser bundle). The browser renders no
  // text, so hydration keeps the server's (as with the Stitches CSS in root.tsx) and a client-side
  // navigation never adds a script that runs: those push their own page view.
  const html = typeof document === "undefined" ? pageViewHeadScript(push.pageView) : "";
  return <script suppressHydrationWarning dangerouslySetInnerHTML={{ __html: html }} />;
}
