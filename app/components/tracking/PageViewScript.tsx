import { useMatches } from "@remix-run/react";
import { useState } from "react";
import { useNonce } from "~/components/nonce";
import { pageViewHeadScript, type PageViewPush } from "../../../tracking/page-view-script";

/** The page route's server-built page view; null on other routes (e.g. /tracking, a 404) and for bots. */
function usePageViewPush(): PageViewPush | null {
  for (const match of useMatches()) {
    const data = match.data as { kind?: string; pageView?: PageViewPush | null } | undefined;
    if (data?.kind === "page" && data.pageView) return data.pageView;
  }
  return null;
}

/** The first document's page_viewed, pushed in <head> right after the Consent Mode defaults (tracking/page-view-script.ts). */
export function PageViewScript() {
  const nonce = useNonce();
  // The first document's only: client-side navigations push their own, so the head never changes.
  const current = usePageViewPush();
  const [push] = useState(current);
  if (!push) return null;
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: pageViewHeadScript(push) }} />;
}
