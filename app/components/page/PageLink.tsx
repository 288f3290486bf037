import { Link } from "@remix-run/react";
import type { AnchorHTMLAttributes } from "react";
import { isPagePath } from "~/content/page-url";
import { usePageContext } from "../page-providers";

// docs/requirements.md#11-moving-between-pages: a link to another page of this site. The server renders a plain
// link, so a tap before the app has hydrated (or without JavaScript) loads the page as a document. Once the app
// runs, it is Remix's <Link>: the next page renders in this document, its data fetched before the tap (on a
// phone when the link is half on screen, on a desktop when it is hovered or focused). Bots, new tabs and links
// that leave the site (another host, a file, another route) stay plain links. Why: docs/decisions/045-client-navigation.md.
// The server renders the plain link: Remix's <Link> renders the same markup (discover="none", its prefetch links only
// once it is on screen), at the cost of its hooks for every link of every render.
const onServer = typeof document === "undefined";

/**
 * Whether the whole page has hydrated, the consent banner last (its chunk comes after the page's; it sets the
 * marker). Until it has, the end of a navigation inside the app (Remix sets the location outside a transition)
 * would make React give up the banner's server HTML (error 421), and the bar would vanish until its chunk is here.
 */
const hydrated = () => document.documentElement.hasAttribute("data-hydrated");

export function PageLink({ href, onClick, ...props }: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  const page = usePageContext();
  if (onServer || !page || page.isBot || props.target || !isPagePath(href)) return <a href={href} onClick={onClick} {...props} />;
  // discover="none": no data-discover attribute, so the markup is a plain link's (lazy route discovery is off: decision 011).
  return (
    <Link
      to={href}
      prefetch={page.isMobile ? "viewport" : "intent"}
      discover="none"
      onClick={(event) => {
        onClick?.(event);
        // A tap in the moment before the banner has hydrated loads the page as a document, as before hydration.
        if (!event.defaultPrevented && event.button === 0 && !(event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) && !hydrated()) {
          event.preventDefault();
          location.assign(href);
        }
      }}
      {...props}
    />
  );
}
