import type { PageContext } from "../../../tracking/page-context";
import { track } from "../../../tracking/track";

// Field Web Vitals start once per document, after hydration, from a chunk of their own: the library
// reads the browser's buffered performance entries, so loading it late loses nothing a visit still has
// open, and it stays out of the initial JavaScript (docs/decisions/025-field-web-vitals.md).

let started = false;

/** Loads web-vitals and reports LCP, INP, CLS, FCP and TTFB through track(); bots and pages without a context load nothing. */
export function startWebVitals(context: PageContext | null): void {
  if (started || !context || context.isBot) return;
  started = true;
  // A chunk that fails to load (the visitor went offline) costs this page its vitals, nothing else.
  import("./web-vitals-report").then(
    ({ reportWebVitals }) => reportWebVitals(track),
    () => undefined,
  );
}
