import { useEffect } from "react";
import { useNonce } from "./nonce";

// No tap is lost while the app's JavaScript is on its way (docs/decisions/001-answer-from-first-paint.md).
// Until the app has hydrated, a few bytes of inline script own the page's input: a click on a control
// marked `data-replay` is recorded; `data-replay="native"` keeps the platform's own answer (a popover
// button, a jump link), any other is held back and marked `data-pending` and `aria-busy` (a visible and
// announced "working on it"; a control may show its own busy look for it, as the video facade does).
// Clicks elsewhere keep their platform behaviour (links, forms, <details>). Input never reaches React
// before it has hydrated, because React would then hydrate the whole page synchronously before
// answering: one long task, during which nothing on the page answers. Once the app has hydrated, each
// recorded click is replayed on the same element, in order, so it reaches its machine and emits its
// catalogue event as if it had happened then.

/** The attribute that asks for replay; the value "native" keeps the platform's answer. */
const REPLAY_ATTRIBUTE = "data-replay";
/** Set on a held-back control until its click is replayed. */
const PENDING_ATTRIBUTE = "data-pending";

interface EarlyInput {
  /** False once the app has hydrated: from then on React answers. */
  open: boolean;
  clicks: Element[];
}

declare global {
  interface Window {
    __earlyInput?: EarlyInput;
  }
}

/** The events React 18 would answer by hydrating at once (its discrete events), clicks aside. */
const HELD_FROM_REACT = [
  "pointerdown",
  "pointerup",
  "mousedown",
  "mouseup",
  "touchstart",
  "touchend",
  "keydown",
  "keyup",
  "keypress",
  "submit",
  "dblclick",
  "auxclick",
  "contextmenu",
];

/** ES5, because it runs before any module: the capture listeners and the queue. */
const EARLY_INPUT_SCRIPT = [
  "(function(){var s=window.__earlyInput={open:true,clicks:[]},d=document;",
  "function hold(e){if(s.open)e.stopImmediatePropagation()}",
  `${JSON.stringify(HELD_FROM_REACT)}.forEach(function(t){d.addEventListener(t,hold,{capture:true,passive:true})});`,
  "d.addEventListener('click',function(e){",
  "if(!s.open)return;e.stopImmediatePropagation();",
  `var c=e.target&&e.target.closest&&e.target.closest('[${REPLAY_ATTRIBUTE}]');if(!c)return;`,
  "s.clicks.push(c);",
  `if(c.getAttribute('${REPLAY_ATTRIBUTE}')!=='native'){e.preventDefault();c.setAttribute('${PENDING_ATTRIBUTE}','');c.setAttribute('aria-busy','true')}`,
  "},true)})();",
].join("");

/** In <head>, before the body can be tapped. */
export function EarlyInputScript() {
  const nonce = useNonce();
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: EARLY_INPUT_SCRIPT }} />;
}

/**
 * Hands input to React and replays the caught clicks once the page has hydrated (a root effect runs
 * after every child's, so each machine is already started). `click()` runs React's handler, which
 * decides as usual.
 */
export function useReplayEarlyInput(): void {
  useEffect(() => {
    const early = window.__earlyInput;
    if (!early) return;
    early.open = false;
    const clicks = early.clicks.splice(0);
    for (const element of clicks) {
      if (element.hasAttribute(PENDING_ATTRIBUTE)) element.removeAttribute("aria-busy");
      element.removeAttribute(PENDING_ATTRIBUTE);
      if (element.isConnected && element instanceof HTMLElement) element.click();
    }
  }, []);
}
