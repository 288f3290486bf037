import { beaconedEventIds, consentCommand, isCollectedEntry, type CollectedEntry } from "./collect-rules";

// The collector's sender for a tap that leaves the page before the app runs (docs/tracking.md#first-party-collection):
// the early-input head script pushes the tap's described events in the click's task and calls beaconExit(), which
// posts what the data layer holds and nobody sent yet with navigator.sendBeacon, in the collector's body format.
// The collector plugin is not on the page yet; if the page stays after all, the plugin skips what went here.

/** What the server renders into the head script's call: where and how to post (from the catalogue, never by hand). */
export interface ExitBeaconSettings {
  /** COLLECT_PATH. */
  path: string;
  /** The envelope's SchemaVer version (ENVELOPE_VERSION). */
  envelope: string;
  /** The catalogue version of page_viewed and of each event a description can push. */
  versions: Record<string, string>;
}

/** At most this many events in one beacon: the collector's own limit for a batch. */
const MAX_EVENTS = 100;

/**
 * Sends with sendBeacon the data layer's events not sent yet, if Consent Mode's analytics_storage is granted as the
 * data layer's consent commands say (the collector plugin's rule: an event pushed while denied, or before a denial,
 * is never sent). Returns whether a beacon was queued; its event_ids are then marked sent.
 */
export function beaconExit(settings: ExitBeaconSettings, layer: unknown[] = window.dataLayer || []): boolean {
  const sent = beaconedEventIds();
  let granted = false;
  let events: CollectedEntry[] = [];
  for (const item of layer) {
    const consent = consentCommand(item);
    if (consent !== null) {
      granted = consent.granted;
      if (consent.update && !consent.granted) events = [];
      continue;
    }
    if (granted && isCollectedEntry(item) && !item.page?.isBot && !sent.has(item.event_id)) events.push(item);
  }
  events = events.slice(0, MAX_EVENTS);
  if (!granted || events.length === 0 || typeof navigator.sendBeacon !== "function") return false;
  const versions: Record<string, string> = {};
  for (const { event } of events) if (settings.versions[event]) versions[event] = settings.versions[event];
  const body = JSON.stringify({ envelope: settings.envelope, versions, events });
  if (!navigator.sendBeacon(settings.path, new Blob([body], { type: "text/plain;charset=UTF-8" }))) return false;
  for (const { event_id } of events) sent.add(event_id);
  return true;
}

/**
 * Whether a click on `target` may be the visit's last moment on this page before the app runs, so that what it
 * pushed is sent now: a link to another document, in this tab or another (the visitor may close this one before the
 * app arrives), or a form's submit control (the currency choice posts its form). Not a jump within the page, a
 * download, another scheme, or a click something already prevented. Sending early costs nothing when the page
 * stays: the plugin skips what was sent, and the collector keeps each event_id once.
 */
export function clickLeavesPage(target: Element, event: MouseEvent): boolean {
  if (event.defaultPrevented || event.button !== 0) return false;
  const submit = target.closest('button, input[type="submit"]');
  if (submit) return (submit as HTMLButtonElement | HTMLInputElement).type === "submit" && !!(submit as HTMLButtonElement).form;
  const link = target.closest("a[href]");
  if (!(link instanceof HTMLAnchorElement) || link.hasAttribute("download")) return false;
  const to = new URL(link.href, location.href);
  if (to.protocol !== "http:" && to.protocol !== "https:") return false;
  const here = location;
  return !(to.origin === here.origin && to.pathname === here.pathname && to.search === here.search && to.hash !== "");
}
