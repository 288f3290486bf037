import { useEffect } from "react";
import { usePageContext } from "../page-providers";

// docs/requirements.md#11-moving-between-pages: what belongs to the page the visitor saw (an open menu, a modal, a
// toast) goes with it. A navigation inside the app shows another page under the same header, and a page restored
// from the back/forward cache comes back as the visitor left it: both tell the machines that own such things,
// which close through their own transitions (PAGE_CHANGED).

const PAGE_CHANGED = { type: "PAGE_CHANGED" } as const;

/**
 * Sends PAGE_CHANGED after every render with another page (its uid or language; not a fragment or the same page's
 * data again) and when this page is restored from the back/forward cache. It is also sent when the component
 * mounts, which a closed menu or an empty stack ignores. `send` must keep its identity between renders.
 */
export function usePageChanged(send: (event: typeof PAGE_CHANGED) => void): void {
  const page = usePageContext();
  useEffect(() => send(PAGE_CHANGED), [page?.uid, page?.lang, send]);
  useEffect(() => {
    const restored = (event: PageTransitionEvent) => event.persisted && send(PAGE_CHANGED);
    addEventListener("pageshow", restored);
    return () => removeEventListener("pageshow", restored);
  }, [send]);
}
