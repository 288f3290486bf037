import { useNavigate } from "@remix-run/react";
import { createContext, useCallback, useContext, useEffect, useRef, type AnchorHTMLAttributes, type MouseEvent, type ReactNode } from "react";
import { isPagePath } from "~/content/page-url";
import { isPlainClick } from "../behaviour/plain-click";
import { usePageChanged } from "../behaviour/use-page-changed";
import { whenIdle } from "../../../tracking/when-idle";
import { appIsReady } from "../app-ready";
import { useVisitor } from "../page-providers";
import { fetchPageData, pageOf } from "./page-data-ahead";

// docs/requirements.md#11-moving-between-pages: a link to another page of this site. The server renders a plain
// link, so a tap before the app has hydrated (or without JavaScript) loads the page as a document. Once the app
// runs, a plain tap on it is a navigation inside the app (Remix's router), the next page's data fetched before the
// tap and kept in memory for it (page-data-ahead.ts: on a phone when the link is half on screen, on a desktop when it
// is hovered or focused). Bots, new tabs and links that leave the site (another host, a file, another route) stay
// plain links. Why, and why not Remix's <Link>: docs/decisions/045-client-navigation.md and
// docs/decisions/049-next-page-data-in-memory.md.
const onServer = typeof document === "undefined";

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
    (href) => void navigate(href, { replace: href === pageOf(location) }),
    [navigate],
  );
  return <NavigateContext.Provider value={stable}>{children}</NavigateContext.Provider>;
}

/**
 * Fetches the page's data ahead (page-data-ahead.ts) as Remix's <Link> decides it: "viewport" once the link is half
 * on screen, "intent" 100 ms after a hover, focus or touch (not if the pointer or focus left before). A link on
 * screen to the page shown fetches nothing until another page is shown, then in an idle moment.
 */
function useFetchAhead(href: string, onPhone: boolean) {
  const ref = useRef<HTMLAnchorElement>(null);
  const onScreen = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => {
    if (!onPhone || !ref.current) return;
    const observer = new IntersectionObserver(([entry]) => (onScreen.current = entry!.isIntersecting) && fetchPageData(href), { threshold: 0.5 });
    observer.observe(ref.current);
    return () => observer.disconnect();
  }, [onPhone, href]);
  usePageChanged(useCallback(() => onScreen.current && whenIdle(() => fetchPageData(href)), [href]));
  const start = () => (timer.current = setTimeout(() => fetchPageData(href), 100));
  const stop = () => clearTimeout(timer.current);
  return { ref, start, stop };
}

type PageLinkProps = AnchorHTMLAttributes<HTMLAnchorElement> & { href: string };

/** A caller's handler, then the link's own (they fetch ahead), as Remix's <Link> composes them. */
function both<E>(theirs: ((event: E) => void) | undefined, ours: () => void) {
  return (event: E) => {
    theirs?.(event);
    ours();
  };
}

export function PageLink(props: PageLinkProps) {
  // The visitor's facts, not the page context: the shell's links do not render again for each new page.
  const visitor = useVisitor();
  const navigate = useContext(NavigateContext);
  if (onServer || !visitor || visitor.isBot || !navigate || props.target || !isPagePath(props.href)) return <a {...props} />;
  return <AppLink {...props} navigate={navigate} onPhone={visitor.isMobile} />;
}

function AppLink({ navigate, onPhone, ...props }: PageLinkProps & { navigate: Navigate; onPhone: boolean }) {
  const { href, onClick } = props;
  const { ref, start, stop } = useFetchAhead(href, onPhone);
  return (
    <a
      {...props}
      ref={ref}
      onFocus={both(props.onFocus, start)}
      onBlur={both(props.onBlur, stop)}
      onMouseEnter={both(props.onMouseEnter, start)}
      onMouseLeave={both(props.onMouseLeave, stop)}
      onTouchStart={both(props.onTouchStart, start)}
      onClick={(event: MouseEvent<HTMLAnchorElement>) => {
        // Their handler first, then ours unless theirs prevented the default, as Remix's <Link> composes them.
        onClick?.(event);
        if (event.defaultPrevented || !isPlainClick(event)) return;
        event.preventDefault();
        // A tap before the whole page has hydrated (a lazy island, such as the consent banner, still on its way)
        // loads the page as a document, as before hydration: the end of a navigation inside the app (Remix sets
        // the location outside a transition) would make React give up an island's server HTML (error 421).
        if (appIsReady()) navigate(href);
        else location.assign(href);
      }}
    />
  );
}
