import { useEffect, useState, type RefObject } from "react";

/**
 * True from the moment the element comes within one screen height of the screen, and from then on.
 *
 * For third-party frames, which `loading="lazy"` alone does not hold back on a phone: Chromium starts a
 * lazy frame once it is within 3,000 px of the screen on 4G (4,000 px when it cannot tell the network),
 * which on a phone is most of a page, so a map or a player several screens down loaded with the page on
 * every visit, visitors who never scroll to it included. One screen ahead still leaves a scrolling
 * visitor about a second of reading before the frame shows.
 */
export function useNearScreen(ref: RefObject<Element>): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    // Without IntersectionObserver there is nothing to wait for.
    if (typeof IntersectionObserver === "undefined") {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        setNear(true);
      },
      { rootMargin: "100% 0px" },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, near]);
  return near;
}
