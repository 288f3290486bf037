import type { TrackCall } from "../../tracking/described-events";

// The event a content link that leaves the site is counted with, from first paint
// (tracking/described-events.ts): one computation for the link's view (components/blocks/ContentLink.tsx)
// and for `npm run content:check`, which reports a link whose event the catalogue would refuse.

/** `outbound_link_clicked` for an http(s) link to another site; null for any other link (not counted). */
export function outboundLinkCall(href: string, newTab: boolean): TrackCall | null {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  return {
    name: "outbound_link_clicked",
    properties: { link_domain: url.hostname.slice(0, 100), link_url: `${url.origin}${url.pathname}`.slice(0, 100), new_tab: newTab },
  };
}
