import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from "react";

// The app's "ready" signal, owned by the root (docs/decisions/052-first-load-holds-what-first-paint-and-tap-need.md):
// the page has hydrated, every part of it, the lazy islands included (their code comes after the page's), so every
// machine of the page runs. Then input goes to React (the early-input catcher hands over and its caught taps are
// replayed), page links navigate inside the app (PageLink.tsx), and `data-hydrated` is set on <html>, which
// browser tests and tools wait for.

/** Called by a part that hydrates later than the root: returns what it calls once hydrated (or gone). */
type Wait = () => () => void;

const ReadyContext = createContext<Wait | null>(null);

const HYDRATED_ATTRIBUTE = "data-hydrated";

/** Whether the whole page has hydrated (set once per document, never removed). */
export const appIsReady = (): boolean => document.documentElement.hasAttribute(HYDRATED_ATTRIBUTE);

/**
 * Around the app: counts the parts still hydrating, and once the root's own effects have run and none is left,
 * marks the document ready and calls `onReady` (once per document).
 */
export function AppReady({ onReady, children }: { onReady: () => void; children: ReactNode }) {
  const state = useRef({ waiting: 0, rootHydrated: false, ready: false });
  const readyIfDone = () => {
    const s = state.current;
    if (s.ready || !s.rootHydrated || s.waiting > 0) return;
    s.ready = true;
    document.documentElement.setAttribute(HYDRATED_ATTRIBUTE, "");
    onReady();
  };
  const [wait] = useState<Wait>(() => () => {
    const s = state.current;
    // Mounted after the page was ready (a navigation inside the app): nothing to wait for.
    if (s.ready) return () => undefined;
    s.waiting += 1;
    let done = false;
    return () => {
      if (done) return;
      done = true;
      s.waiting -= 1;
      readyIfDone();
    };
  });
  // A parent's effect runs after every child's: the whole tree the root rendered has hydrated by now.
  useEffect(() => {
    state.current.rootHydrated = true;
    readyIfDone();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return <ReadyContext.Provider value={wait}>{children}</ReadyContext.Provider>;
}

/**
 * For a part that hydrates after the root (a lazy island): the element to render beside it, inside its Suspense
 * boundary, and what to call if it never will (its code did not arrive). The part holds the page's ready signal back
 * from its wrapper's first effect (which runs with the root's, before it) until the element's own effect has run,
 * that is until React has hydrated what is beside it.
 */
export function useHydratedMarker(): [marker: ReactNode, giveUp: () => void] {
  const wait = useContext(ReadyContext);
  const hydrated = useRef(false);
  const release = useRef<(() => void) | undefined>(undefined);
  useEffect(() => {
    if (!hydrated.current && wait) release.current = wait();
    // Unmounted before it hydrated (or development's second mount): no longer waited for.
    return () => release.current?.();
  }, [wait]);
  const [onHydrated] = useState(() => () => {
    hydrated.current = true;
    release.current?.();
  });
  return [<HydratedMarker key="hydrated" onHydrated={onHydrated} />, onHydrated];
}

function HydratedMarker({ onHydrated }: { onHydrated: () => void }) {
  useEffect(onHydrated, [onHydrated]);
  return null;
}
