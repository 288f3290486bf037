import { PrefetchPageLinks, useNavigate } from "@remix-run/react";
import { createContext, useCallback, useContext, useEffect, useRef, useState, type AnchorHTMLAttributes, type MouseEvent, type ReactNode } from "react";
import { isPagePath } from "~/content/page-url";
import { usePageChanged } from "../behaviour/use-page-changed";
import { useVisitor } from "../page-providers";

// docs/requirements.md#11-moving-between-pages: a link to another page of this site. The server renders a plain
// link, so a tap before the app has hydrated (or without JavaScript) loads the page as a document. Once the app
// runs, a plain tap on it is a navigation inside the app (Remix's router), the next page's data fetched before the
// tap (Remix's <PrefetchPageLinks>: on a phone when the link is half on screen, on a desktop when it is hovered or
// focused). Bots, new tabs and links that leave the site (another host, a file, another route) stay plain links.
// Why, and why not Remix's <Link>: docs/decisions/045-client-navigation.md.
const onServer = typeof document === "undefined";

/**
 * Whether the whole page has hydrated, the consent banner last (its chunk comes after the page's; it sets the
 * marker). Until it has, the end of a navigation inside the app (Remix sets the location outside a transition)
 * would make React give up the banner's server HTML (error 421), and the bar would vanish until its chunk is here.
 */
const hydrated = () => document.documentElement.hasAttribute("data-hydrated");

/** Navigates inside the app to a page path; the same function for the document's life. */
type Navigate = (href: string) => void;
const NavigateContext = createContext<Navigate | null>(null);

/**
 * The router's navigation for every page link below, as one function that keeps its identity: Remix's `useNavigate`
 * (and its `<Link>`, which calls it) renders its reader again whenever the router's state changes, three times
 * per navigation (loading, the new address, the new page), and the header's and footer's links with it. Read here
 * once, the links render again only for their own props.
 */
export function PageNavigationProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const latest = useRef(navigate);
  useEffect(() => {
    latest.current = navigate;
  });
  const stable = useCallback<Navigate>(
    // A link to the page shown replaces its history entry, as a browser does (and Remix's <Link>).
    (href) => void latest.current(href, { replace: href === `${location.pathname}${location.search}` }),
    [],
  );
  return <NavigateContext.Provider value={stable}>{children}</NavigateContext.Provider>;
}

/** Their handler first, then ours unless theirs prevented the default, as Remix's <Link> composes them. */
const compose =
  <E extends { defaultPrevented: boolean }>(theirs: ((event: E) => void) | undefined, ours: (event: E) => void) =>
  (event: E) => {
    theirs?.(event);
    if (!event.defaultPrevented) ours(event);
  };

/** A tap the browser would follow in this tab: the main button, no modifier key (those open a tab or a window). */
const isPlainClick = (event: MouseEvent) => event.button === 0 && !(event.metaKey || event.ctrlKey || event.shiftKey || event.altKey);

/**
 * Whether to fetch the page's data ahead, as Remix's <Link> decides it: "viewport" once the link is half on screen
 * (and while it is), "intent" 100 ms after a hover, focus or touch (and not after the pointer or focus left).
 */
function usePrefetch(mode: "viewport" | "intent") {
  const ref = useRef<HTMLAnchorElement>(null);
  const [prefetch, setPrefetch] = useState(false);
  const [intent, setIntent] = useState(false);
  useEffect(() => {
    if (mode !== "viewport" || !ref.current || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver((entries) => entries.forEach((entry) => setPrefetch(entry.isIntersecting)), { threshold: 0.5 });
    observer.observe(ref.current);
    return () => observer.disconnect();
  }, [mode]);
  useEffect(() => {
    if (!intent) return;
    const timer = setTimeout(() => setPrefetch(true), 100);
    return () => clearTimeout(timer);
  }, [intent]);
  const start = () => mode === "intent" && setIntent(true);
  const stop = () => {
    if (mode !== "intent") return;
    setIntent(false);
    setPrefetch(false);
  };
  return { ref, prefetch, start, stop };
}

type PageLinkProps = AnchorHTMLAttributes<HTMLAnchorElement> & { href: string };

export function PageLink(props: PageLinkProps) {
  // The visitor's facts, not the page context: the shell's links do not render again for each new page.
  const visitor = useVisitor();
  const navigate = useContext(NavigateContext);
  if (onServer || !visitor || visitor.isBot || !navigate || props.target || !isPagePath(props.href)) return <a {...props} />;
  return <AppLink {...props} navigate={navigate} prefetchMode={visitor.isMobile ? "viewport" : "intent"} />;
}

function AppLink({ navigate, prefetchMode, ...props }: PageLinkProps & { navigate: Navigate; prefetchMode: "viewport" | "intent" }) {
  const { href, onClick, onFocus, onBlur, onMouseEnter, onMouseLeave, onTouchStart } = props;
  const { ref, prefetch, start, stop } = usePrefetch(prefetchMode);
  return (
    <>
      <a
        {...props}
        ref={ref}
        onFocus={compose(onFocus, start)}
        onBlur={compose(onBlur, stop)}
        onMouseEnter={compose(onMouseEnter, start)}
        onMouseLeave={compose(onMouseLeave, stop)}
        onTouchStart={compose(onTouchStart, start)}
        onClick={compose(onClick, (event: MouseEvent<HTMLAnchorElement>) => {
          if (!isPlainClick(event)) return;
          event.preventDefault();
          // A tap in the moment before the banner has hydrated loads the page as a document, as before hydration.
          if (hydrated()) navigate(href);
          else location.assign(href);
        })}
      />
      {prefetch ? <PrefetchUntilSettled page={href} /> : null}
    </>
  );
}

/** Runs `run` once the browser is idle (within a second), or not at all if cancelled first. */
function whenIdle(run: () => void): () => void {
  if (typeof requestIdleCallback === "function") {
    const id = requestIdleCallback(run, { timeout: 1000 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(run, 200);
  return () => clearTimeout(id);
}

/**
 * Remix's prefetch links for a page, kept in the document only until each has loaded or failed: the browser keeps
 * what they fetched (a prefetch: 5 minutes, used once). Left in the document, they would render again at each of
 * the router's state changes, and a link to the page shown (which fetches nothing) would start its fetch in the very
 * commit that draws the next page; so such a link waits, fetching nothing, until another page is shown and the
 * browser is idle (docs/decisions/045-client-navigation.md).
 */
function PrefetchUntilSettled({ page }: { page: string }) {
  const ref = useRef<HTMLSpanElement>(null);
  const [state, setState] = useState<"fetching" | "fetched" | "nothing">("fetching");
  useEffect(() => {
    const wrapper = ref.current;
    if (state !== "fetching" || !wrapper) return;
    // Remix renders the page's data link at once; none means the page shown.
    if (!wrapper.querySelector("link")) return setState("nothing");
    const done = new WeakSet<EventTarget>();
    const onSettled = (event: Event) => {
      if (!(event.target instanceof HTMLLinkElement)) return;
      done.add(event.target);
      if ([...wrapper.querySelectorAll("link")].every((link) => done.has(link))) setState("fetched");
    };
    // Neither event bubbles: listened for as they pass the wrapper, on the way down.
    wrapper.addEventListener("load", onSettled, true);
    wrapper.addEventListener("error", onSettled, true);
    return () => {
      wrapper.removeEventListener("load", onSettled, true);
      wrapper.removeEventListener("error", onSettled, true);
    };
  }, [state]);
  const idle = useRef<() => void>();
  useEffect(() => () => idle.current?.(), []);
  const rearm = useCallback(() => {
    idle.current?.();
    idle.current = whenIdle(() => setState((now) => (now === "nothing" ? "fetching" : now)));
  }, []);
  usePageChanged(rearm);
  if (state !== "fetching") return null;
  return (
    <span hidden ref={ref}>
      <PrefetchPageLinks page={page} />
    </span>
  );
}
