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

export function useAttribution(): Attribution {
  const [attribution, setAttribution] = useState<Attribution>({});
  // In a task of its own, not in hydration's effects: document.cookie is a synchronous call to the
  // browser process, 0.4-7 ms on this machine while the page loads.
  useEffect(() => {
    let live = true;
    void nextTask().then(() => live && setAttribution(current()));
    return () => {
      live = false;
    };
  }, []);
  return attribution;
}
