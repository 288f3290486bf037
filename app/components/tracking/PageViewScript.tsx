import { useMatches } from "@remix-run/react";
import { useState } from "react";
import { useNonce } from "~/components/nonce";
import type { PageViewPush } from "../../../tracking/page-view";
import { pageViewHeadScript } from "~/page/page-view-push.server";

/** The page route's server-built page view; null on other routes (e.g. /tracking, a 404) and for bots. */
function usePageViewPush(): PageViewPush | null {
  for (const match of useMatches()) {
    const data = match.data as { kind?: string; pageView?: PageViewPush | null } | undefined;
    if (data?.kind === "page" && data.pageView) return data.pageView;
  }
  return null;
}

/** The first document's page_viewed, pushed in <head> right after the Consent Mode defaults (app/page/page-view-push.server.ts). */
export function PageViewScript() {
  const nonce = useNonce();
  const current = usePageViewPush();
  // The first document's only: client-side navigations push their own, so the head never changes.
  const [push] = useState(current);
  if (!push) return null;
  // The text is written on the server only (a .server module is empty in the browser bundle); hydration
  // keeps the server's text, as with the Stitches CSS in root.tsx.
  const html = typeof document === "undefined" ? pageViewHeadScript(push) : "";
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: html }} />;
}
