import { inPageScript } from "./in-page-script";

// The navigation benchmark's probe: an init script in every document of the tab. Once armed (with the page a
// tap should reach), it records the tap's pointerdown and the moment the next page's heading is on screen:
// the first `main h1` whose text is not the old page's, at the address tapped, then the first frame after it
// (requestAnimationFrame, then a task: the frame has been produced). Both as epoch times, from each document's
// own clock (performance.timeOrigin + …), so a tap in one document and a heading in the next compare; they
// travel in sessionStorage, which the tab keeps across its documents.

const PROBE_KEY = "__navigationBench";

export interface ProbeState {
  armed: boolean;
  /** The path and query the tap goes to. */
  target: string;
  /** The old page's heading: a heading with this text is not the next page's. */
  oldHeading: string;
  tapAt?: number;
  headingAt?: number;
}

function probe(key: string): void {
  const read = (): ProbeState | null => {
    try {
      return JSON.parse(sessionStorage.getItem(key) ?? "null") as ProbeState | null;
    } catch {
      return null;
    }
  };
  const write = (state: ProbeState) => sessionStorage.setItem(key, JSON.stringify(state));
  addEventListener(
    "pointerdown",
    (event) => {
      const state = read();
      if (state?.armed && state.tapAt === undefined) write({ ...state, tapAt: performance.timeOrigin + event.timeStamp });
    },
    { capture: true },
  );
  let state = read();
  let done = false;
  const check = () => {
    if (done) return;
    state ??= read();
    if (!state?.armed || state.headingAt !== undefined || location.pathname + location.search !== state.target) return;
    const heading = document.querySelector("main h1");
    if (!heading || heading.textContent?.trim() === state.oldHeading) return;
    done = true;
    observer.disconnect();
    requestAnimationFrame(() =>
      setTimeout(() => {
        const latest = read();
        if (latest) write({ ...latest, headingAt: performance.timeOrigin + performance.now() });
      }, 0),
    );
  };
  const observer = new MutationObserver(check);
  observer.observe(document, { childList: true, subtree: true, characterData: true });
  // Armed after this document started (the tap's own document): the state is read again at each check.
  addEventListener("navigation-bench-armed", () => {
    state = read();
    check();
  });
}

/** The init script. */
export const probeScript = (): string => inPageScript(probe, PROBE_KEY);

/** Arms the probe in the current document: the next tap should reach `target`. */
export function armScript(target: string): string {
  return inPageScript(
    (key: string, to: string) => {
      const heading = document.querySelector("main h1")?.textContent?.trim() ?? "";
      sessionStorage.setItem(key, JSON.stringify({ armed: true, target: to, oldHeading: heading }));
      dispatchEvent(new Event("navigation-bench-armed"));
    },
    PROBE_KEY,
    target,
  );
}

/** The probe's state in the current document. */
export const readScript = (): string => inPageScript((key: string) => JSON.parse(sessionStorage.getItem(key) ?? "null") as unknown, PROBE_KEY);

/**
 * The floor: the page's data for `target` fetched now and kept in memory, and every later fetch of a data URL
 * answered from it at once (Remix fetches `?_data=` for a navigation inside the app).
 */
export function dataInMemoryScript(dataUrl: string): string {
  return inPageScript(async (url: string) => {
    const response = await fetch(url);
    const body = await response.text();
    const headers = [...response.headers];
    const original = window.fetch.bind(window);
    window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
      const asked = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
      if (new URL(asked, location.href).searchParams.has("_data")) return Promise.resolve(new Response(body, { status: response.status, headers }));
      return original(input, init);
    };
  }, dataUrl);
}

/** A full document load of the same link: a click never reaches the app (React listens on the document), so the browser follows the link. */
export const bypassAppScript = (): string =>
  inPageScript(() => {
    addEventListener("click", (event) => event.stopImmediatePropagation(), { capture: true });
  });
