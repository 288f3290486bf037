import { PrefetchPageLinks, useNavigate } from "@remix-run/react";
import { createContext, useCallback, useContext, useEffect, useRef, useState, type AnchorHTMLAttributes, type MouseEvent, type ReactNode } from "react";
import { isPagePath } from "~/content/page-url";
import { isPlainClick } from "../behaviour/plain-click";
import { usePageChanged } from "../behaviour/use-page-changed";
import { whenIdle } from "../behaviour/when-idle";
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
 * once (its function keeps its identity in Remix's data router), the links render again only for their own props.
 */
export function PageNavigationProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const stable = useCallback<Navigate>(
    // A link to the page shown replaces its history entry, as a browser does (and Remix's <Link>).
    (href) => void navigate(href, { replace: href === `${location.pathname}${location.search}` }),
    [navigate],
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

/**
 * Whether to fetch the page's data ahead, as Remix's <Link> decides it: "viewport" once the link is half on screen
 * (and while it is), "intent" 100 ms after a hover, focus or touch (and not after the pointer or focus left).
 */
function usePrefetch(mode: "viewport" | "intent") {
  const ref = useRef<HTMLAnchorElement>(null);
  const [prefetch, setPrefetch] = useState(false);
  const [intent, setIntent] = useState(false);
  useEffect(() => {
    if (mode !== "viewport" || !ref.current) return;
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

/** The focus, hover and touch handlers are the link's own (they fetch ahead): a caller's would be lost, so none is taken. */
type PageLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "onFocus" | "onBlur" | "onMouseEnter" | "onMouseLeave" | "onTouchStart"> & { href: string };

export function PageLink(props: PageLinkProps) {
  // The visitor's facts, not the page context: the shell's links do not render again for each new page.
  const visitor = useVisitor();
  const navigate = useContext(NavigateContext);
  if (onServer || !visitor || visitor.isBot || !navigate || props.target || !isPagePath(props.href)) return <a {...props} />;
  return <AppLink {...props} navigate={navigate} prefetchMode={visitor.isMobile ? "viewport" : "intent"} />;
}

function AppLink({ navigate, prefetchMode, ...props }: PageLinkProps & { navigate: Navigate; prefetchMode: "viewport" | "intent" }) {
  const { href, onClick } = props;
  const { ref, prefetch, start, stop } = usePrefetch(prefetchMode);
  return (
    <>
      <a
        {...props}
        ref={ref}
        onFocus={start}
        onBlur={stop}
        onMouseEnter={start}
        onMouseLeave={stop}
        onTouchStart={start}
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
    if (!wrapper) return;
    // Remix renders the page's data link at once; none means the page shown.
    if (!wrapper.querySelector("link")) return setState("nothing");
    let settled = 0;
    const onSettled = () => void (++settled >= wrapper.querySelectorAll("link").length && setState("fetched"));
    // Neither event bubbles: listened for as they pass the wrapper, on the way down.
    const types = ["load", "error"];
    types.forEach((type) => wrapper.addEventListener(type, onSettled, true));
    return () => types.forEach((type) => wrapper.removeEventListener(type, onSettled, true));
  }, [state]);
  usePageChanged(useCallback(() => void whenIdle(() => setState((now) => (now === "nothing" ? "fetching" : now))), []));
  return state === "fetching" ? (
    <span hidden ref={ref}>
      <PrefetchPageLinks page={page} />
    </span>
  ) : null;
}
