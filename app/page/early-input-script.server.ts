import type { catchEarlyInput, catchEarlyInputAndTrack, countEarlyImpressions } from "./early-input-head";
import { callScript } from "./head-script.server";
import { EARLY_IMPRESSIONS, EARLY_INPUT_HEAD, EARLY_INPUT_TRACKED_HEAD } from "./head-scripts.generated.server";

// The early-input catcher's inline scripts: the typed functions of early-input-head.ts, compiled
// (docs/decisions/032-one-react-tree.md). Server-only, so the app's bundle carries none of their text.

/** The catcher, and for a visitor (not a bot: bots get no tracking code) the push of described events. */
export function earlyInputScript({ track }: { track: boolean }): string {
  return track ? callScript<typeof catchEarlyInputAndTrack>(EARLY_INPUT_TRACKED_HEAD) : callScript<typeof catchEarlyInput>(EARLY_INPUT_HEAD);
}

/** At the end of <body>, when every list is parsed: the impressions of lists seen before the app runs. */
export const EARLY_IMPRESSIONS_SCRIPT = callScript<typeof countEarlyImpressions>(EARLY_IMPRESSIONS);
