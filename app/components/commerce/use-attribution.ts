import { useEffect, useState } from "react";
import { ATTRIBUTION_COOKIE, landingAttribution, type Attribution } from "../../../tracking/attribution";
import { cookieValue } from "../../../tracking/cookie-value";
import { nextTask } from "../../../tracking/task-scheduling";

// Attribution is read in the browser after hydration, so the server-rendered HTML (and its CDN copy)
// never depends on the visitor's click ids. Until then booking links carry currency and date only. The rule is
// the events' (tracking/attribution.ts: the landing URL's keys, else the h-attr cookie's).

/** What booking links carry, from the page's query and its document's cookies: the tracking's one rule. */
export const bookingAttribution = (search: string, cookies: string): Attribution => landingAttribution(search, cookieValue(cookies, ATTRIBUTION_COOKIE));

let cached: { search: string; cookie: string; value: Attribution } | null = null;

function current(): Attribution {
  const search = window.location.search;
  const cookie = document.cookie;
  if (!cached || cached.search !== search || cached.cookie !== cookie) {
    cached = { search, cookie, value: bookingAttribution(search, cookie) };
  }
  return cached.value;
}

const NONE: Attribution = {};
/** The cards mounted in one commit share one read, in one task: a page shows dozens of cards. */
let reading: Promise<Attribution> | null = null;

export function useAttribution(): Attribution {
  const [attribution, setAttribution] = useState<Attribution>(NONE);
  // In a task of its own, not in hydration's effects: document.cookie is a synchronous call to the
  // browser process, slow while the page loads (decision 001). Read once for every card of the
  // commit; without click ids (most visits) no card renders again.
  useEffect(() => {
    let live = true;
    reading ??= nextTask().then(() => {
      reading = null;
      return current();
    });
    void reading.then((value) => live && Object.keys(value).length > 0 && setAttribution(value));
    return () => {
      live = false;
    };
  }, []);
  return attribution;
}
