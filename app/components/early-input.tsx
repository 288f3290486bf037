import { PENDING_ATTRIBUTE } from "~/page/early-input-state";
import { EARLY_IMPRESSIONS_SCRIPT, earlyInputScript } from "~/page/early-input-script.server";

// No tap is lost while the app's JavaScript is on its way (docs/decisions/001-answer-from-first-paint.md).
// Until the app has hydrated, a few bytes of inline script own the page's input: a click on a control
// marked `data-replay` is recorded; `data-replay="native"` keeps the platform's own answer (a popover
// button, a jump link), any other is held back and marked `data-pending` and `aria-busy` (a visible and
// announced "working on it"; a control may show its own busy look for it, as the video facade does).
// Clicks elsewhere keep their platform behaviour (links, forms, <details>); a control the server described
// (`data-track`: a booking link, a quick link, a language or currency choice, the badge, a download, an
// outbound link) has its events pushed here, in the click's task, before the browser leaves
// (tracking/described-events.ts), and a tap that leaves the page sends them to the collector (tracking/exit-beacon.ts). A list described for its first sight (`data-track-view`) is watched
// from the end of the body (EarlyImpressionsScript) and counted when half of it is seen. Input never reaches React
// before it has hydrated, because React would then hydrate the whole page synchronously before
// answering: one long task, during which nothing on the page answers. Once the app has hydrated, each
// recorded click is replayed on the same element, in order, so it reaches its machine and emits its
// catalogue event as if it had happened then.

/** In <head>, before the body can be tapped; with the collector's path, an exit tap's events are beaconed there. */
export function EarlyInputScript({ track, collectPath }: { track: boolean; collectPath?: string | null }) {
  return <ServerOnlyScript text={typeof document === "undefined" ? earlyInputScript({ track, collectPath }) : undefined} />;
}

/** At the end of <body>, after every list a page can describe. */
export function EarlyImpressionsScript() {
  return <ServerOnlyScript text={EARLY_IMPRESSIONS_SCRIPT} />;
}

/**
 * An inline script written by the server render only (its text comes from a .server module, which is
 * empty in the browser bundle): the browser renders no text, so hydration keeps the server's.
 */
function ServerOnlyScript({ text }: { text: string | undefined }) {
  const html = typeof document === "undefined" ? (text ?? "") : "";
  return <script suppressHydrationWarning dangerouslySetInnerHTML={{ __html: html }} />;
}

/**
 * Hands input to React and replays the caught clicks, once the whole page has hydrated, its lazy islands
 * included (the app's ready signal, app-ready.tsx): each machine is already started. `click()` runs React's
 * handler, which decides as usual.
 */
export function replayEarlyInput(): void {
  const early = window.__earlyInput;
  if (!early) return;
  early.open = false;
  const clicks = early.clicks.splice(0);
  for (const element of clicks) {
    if (element.hasAttribute(PENDING_ATTRIBUTE)) element.removeAttribute("aria-busy");
    element.removeAttribute(PENDING_ATTRIBUTE);
    if (element.isConnected && element instanceof HTMLElement) element.click();
  }
}
