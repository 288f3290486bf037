import { useEffect, useState } from "react";
import { resolveAttribution, type Attribution } from "~/booking/attribution";
import { nextTask } from "../../../tracking/task-scheduling";

// Attribution is read in the browser after hydration, so the server-rendered HTML (and its CDN copy)
// never depends on the visitor's click ids. Until then booking links carry currency and date only.

function readBrowserCookie(cookies: string, name: string): string | null {
  for (const part of cookies.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return null;
      }
    }
  }
  return null;
}

let cached: { search: string; cookie: string; value: Attribution } | null = null;

function current(): Attribution {
  const search = window.location.search;
  const cookie = document.cookie;
  if (!cached || cached.search !== search || cached.cookie !== cookie) {
    cached = { search, cookie, value: resolveAttribution(search, readBrowserCookie(cookie, "h-attr")) };
  }
  return cached.value;
}

const NONE: Attribution = {};
/** The cards mounted in one commit share one read, in one task: a page shows dozens of cards. */
let reading: Promise<Attribution> | null = null;

export function useAttribution(): Attribution {
  const [attribution, setAttribution] = useState<Attribution>(NONE);
  // In a task of its own, not in hydration's effects: document.cookie is a synchronous call to the
  // browser process, 0.4-7 ms on this machine while the page loads. Read once for every card of the
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
