import type { MouseEvent } from "react";

/**
 * A click the browser would follow in this tab: the main button and no modifier key (those open a tab or a window,
 * or save the target). Only such a click is ours to take over; any other stays the browser's.
 */
export const isPlainClick = (event: MouseEvent) => event.button === 0 && !(event.metaKey || event.ctrlKey || event.shiftKey || event.altKey);
