import { createContext, createElement, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from "react";

// docs/requirements.md#11-moving-between-pages: what belongs to the page the visitor saw (an open menu, a modal, a
// toast) goes with it. A navigation inside the app shows another page under the same header, and a page restored
// from the back/forward cache comes back as the visitor left it: both tell the machines that own such things,
// which close through their own transitions (PAGE_CHANGED).

const PAGE_CHANGED = { type: "PAGE_CHANGED" } as const;
type Listener = (event: typeof PAGE_CHANGED) => void;

/** Who hears of a new page: one set per document, which keeps its identity, so hearing renders nothing. */
const PageChanges = createContext<Set<Listener> | null>(null);

/**
 * Tells every `usePageChanged` below when the page shown changes (`page`: its uid and language; not a fragment or
 * the same page's data again). The listeners are told from here, so the components that own them (the header's
 * menus, the overlays) do not render again for a new page, as reading the page context would make them.
 */
export function PageChangesProvider({ page, children }: { page: string; children: ReactNode }) {
  const [listeners] = useState(() => new Set<Listener>());
  const tell = useCallback(() => listeners.forEach((listener) => listener(PAGE_CHANGED)), [listeners]);
  useAfterNewPage(page, tell);
  return createElement(PageChanges.Provider, { value: listeners }, children);
}

/**
 * Runs `run` after a render that shows another page than the last one rendered (`page`: its uid and language), not
 * after the first render. `run` must keep its identity between renders.
 */
export function useAfterNewPage(page: string, run: () => void): void {
  const shown = useRef(page);
  useEffect(() => {
    if (page === shown.current) return;
    shown.current = page;
    run();
  }, [page, run]);
}

/**
 * Sends PAGE_CHANGED when the page shown changes and when this page is restored from the back/forward cache. It is
 * also sent when the component mounts, which a closed menu or an empty stack ignores. `send` must keep its
 * identity between renders.
 */
export function usePageChanged(send: Listener): void {
  const listeners = useContext(PageChanges);
  useEffect(() => {
    send(PAGE_CHANGED);
    listeners?.add(send);
    return () => void listeners?.delete(send);
  }, [listeners, send]);
  useEffect(() => {
    const restored = (event: PageTransitionEvent) => event.persisted && send(PAGE_CHANGED);
    addEventListener("pageshow", restored);
    return () => removeEventListener("pageshow", restored);
  }, [send]);
}
