import { MOBILE_MAX_WIDTH_PX } from "../tokens/design-tokens";

// Values from the spec that machines and the components driving them share. No xstate here: a
// component reads these while the machines' code is still on its way (it loads after hydration).

/** docs/requirements.md#9-constants: a jump link scrolls for 1200 ms and lands 30 px (mobile) or 100 px (desktop) above the block. */
export const JUMP_SCROLL_MS = 1200;
export const JUMP_OFFSET_MOBILE_PX = -30;
export const JUMP_OFFSET_DESKTOP_PX = -100;

/** docs/requirements.md#4-behaviour, docs/requirements.md#9-constants: 768 px or less is mobile (the design tokens' breakpoint, the same one CSS uses). */
export function isMobileWidth(width: number): boolean {
  return width <= MOBILE_MAX_WIDTH_PX;
}

/** docs/requirements.md#4-behaviour: how long a toast stays when it closes by itself. */
export const DEFAULT_TOAST_DURATION_MS = 6000;

/** docs/requirements.md#2-pages-and-the-shell: the verification page opens in a 560×490 popup. */
export const POPUP_WIDTH = 560;
export const POPUP_HEIGHT = 490;

export function popupFeatures(): string {
  return `popup=yes,width=${POPUP_WIDTH},height=${POPUP_HEIGHT}`;
}
