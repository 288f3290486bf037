import { useEffect } from "react";
import { useNonce } from "./nonce";

// No tap is lost while the app's JavaScript is on its way (docs/decisions/001-answer-from-first-paint.md).
// A control that needs JavaScript carries `data-replay`. Until the app starts, a few bytes of inline
// script catch a click on it: a control the platform answers itself (a `popovertarget` button) keeps
// its native answer, any other is held back and marked `data-pending` (a visible "working on it").
// Once the app has hydrated, every caught click is replayed on the same element, in the order it came,
// so it reaches its machine and emits its catalogue event as if it had happened now.

/** The attribute that asks for replay. */
export const REPLAY_ATTRIBUTE = "data-replay";
/** Set on a held-back control until its click is replayed. */
export const PENDING_ATTRIBUTE = "data-pending";

interface EarlyInput {
  /** False once the app's entry runs: from then on React answers (it hydrates synchronously on a discrete event). */
  open: boolean;
  clicks: Element[];
}

declare global {
  interface Window {
    __earlyInput?: EarlyInput;
  }
}

/** ES5, because it runs before any module: the capture listener and the queue. */
export const EARLY_INPUT_SCRIPT = [
  "(function(){var s=window.__earlyInput={open:true,clicks:[]};",
  "document.addEventListener('click',function(e){",
  "if(!s.open)return;",
  `var c=e.target&&e.target.closest&&e.target.closest('[${REPLAY_ATTRIBUTE}]');if(!c)return;`,
  "s.clicks.push(c);",
  `if(!c.hasAttribute('popovertarget')){e.preventDefault();c.setAttribute('${PENDING_ATTRIBUTE}','')}`,
  "},true)})();",
].join("");

/** In <head>, before the body can be tapped. */
export function EarlyInputScript() {
  const nonce = useNonce();
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: EARLY_INPUT_SCRIPT }} />;
}

/** Called by the client entry before hydration starts: the inline listener stops catching. */
export function closeEarlyInput(): void {
  if (window.__earlyInput) window.__earlyInput.open = false;
}

/**
 * Replays the caught clicks once the page's components have mounted (a root effect runs after every
 * child's, so each machine is already started). `click()` runs React's handler, which decides as usual.
 */
export function useReplayEarlyInput(): void {
  useEffect(() => {
    const early = window.__earlyInput;
    if (!early) return;
    early.open = false;
    const clicks = early.clicks.splice(0);
    for (const element of clicks) {
      element.removeAttribute(PENDING_ATTRIBUTE);
      if (element.isConnected && element instanceof HTMLElement) element.click();
    }
  }, []);
}
