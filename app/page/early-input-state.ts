// What the early-input catcher's inline scripts (early-input-head.ts) and the app's side of it
// (app/components/early-input.tsx) share: the attributes and the state on window.

/** The attribute that asks for replay; the value "native" keeps the platform's answer. */
export const REPLAY_ATTRIBUTE = "data-replay";
/** Set on a held-back control until its click is replayed. */
export const PENDING_ATTRIBUTE = "data-pending";

export interface EarlyInput {
  /** False once the app has hydrated: from then on React answers. */
  open: boolean;
  clicks: Element[];
  /** Pushes a description's items with the page view's page context and attribution (not for bots). */
  push?: (description: string | null) => void;
}

declare global {
  interface Window {
    __earlyInput?: EarlyInput;
  }
}
