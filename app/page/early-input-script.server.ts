import { catalogue } from "../../tracking/catalogue";
import { ENVELOPE_VERSION } from "../../tracking/envelope";
import type { ExitBeaconSettings } from "../../tracking/exit-beacon";
import { webVitalsEvents } from "../../tracking/events/web-vitals-events";
import { PAGE_VIEW_EVENT } from "../../tracking/page-view";
import type { catchEarlyInput, catchEarlyInputAndTrack, countEarlyImpressions } from "./early-input-head";
import { callScript } from "./head-script.server";
import { EARLY_IMPRESSIONS, EARLY_INPUT_HEAD, EARLY_INPUT_TRACKED_HEAD } from "./head-scripts.generated.server";

// The early-input catcher's inline scripts: the typed functions of early-input-head.ts, compiled
// (docs/decisions/032-one-react-tree.md). Server-only, so the app's bundle carries none of their text.

/**
 * The catalogue versions an exit tap's beacon may need: page_viewed's, and those of every event a control's
 * description can push (a data-layer policy of "push"; the head script keeps no dedupe state). Web vitals are
 * measured by the app, never described.
 */
const measured = new Set<string>(webVitalsEvents.map((definition) => definition.name));
export const EXIT_BEACON_VERSIONS: Readonly<Record<string, string>> = Object.fromEntries(
  catalogue
    .filter((definition) => definition.name === PAGE_VIEW_EVENT || (definition.dataLayer === "push" && !measured.has(definition.name)))
    .map((definition) => [definition.name, definition.version]),
);

const scripts = new Map<string, string>();

/**
 * The catcher, and for a visitor (not a bot: bots get no tracking code) the push of described events, with the
 * exit-tap beacon to `collectPath` when the page has a collector.
 */
export function earlyInputScript({ track, collectPath }: { track: boolean; collectPath?: string | null }): string {
  if (!track) return callScript<typeof catchEarlyInput>(EARLY_INPUT_HEAD);
  const key = collectPath ?? "";
  let script = scripts.get(key);
  if (script === undefined) {
    const beacon: ExitBeaconSettings | null = collectPath ? { path: collectPath, envelope: ENVELOPE_VERSION, versions: { ...EXIT_BEACON_VERSIONS } } : null;
    script = callScript<typeof catchEarlyInputAndTrack>(EARLY_INPUT_TRACKED_HEAD, beacon);
    scripts.set(key, script);
  }
  return script;
}

/** At the end of <body>, when every list is parsed: the impressions of lists seen before the app runs. */
export const EARLY_IMPRESSIONS_SCRIPT = callScript<typeof countEarlyImpressions>(EARLY_IMPRESSIONS);
