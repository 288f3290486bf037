// The live panel on /tracking shows events fired in this browser, in any tab. Tabs publish only
// once an analyst has opened /tracking in this browser (a localStorage flag), so visitors pay
// nothing for it. No zod here: this is in the main bundle.

const LIVE_CHANNEL = "storefront-tracking";
const LIVE_FLAG_KEY = "storefront:tracking-live";
const LIVE_HISTORY_KEY = "storefront:tracking-history";
export const LIVE_HISTORY_LIMIT = 100;

type LiveOutcome =
  | "pushed"
  | "pushed by the server"
  | "deduplicated"
  | "not pushed (policy off)"
  | "dropped (invalid)"
  | "pushed before it was checked, then found invalid"
  | "not sent (this page has no page context)";

export interface LiveRecord {
  id: string;
  at: number;
  url: string;
  event: string;
  properties: unknown;
  valid: boolean;
  issues: string[];
  outcome: LiveOutcome;
}

let enabled: boolean | undefined;
let channel: BroadcastChannel | null | undefined;

function storage(): Storage | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    return null; // storage can be blocked entirely (privacy settings); the panel just stays empty
  }
}

function isEnabled(): boolean {
  if (enabled === undefined) {
    enabled = storage()?.getItem(LIVE_FLAG_KEY) === "1";
    if (typeof window !== "undefined") {
      window.addEventListener("storage", (event) => {
        if (event.key === LIVE_FLAG_KEY) enabled = event.newValue === "1";
      });
    }
  }
  return enabled;
}

/** Turns publishing on in this browser (the /tracking page calls it). */
export function enableLiveLog(): void {
  storage()?.setItem(LIVE_FLAG_KEY, "1");
  enabled = true;
}

export function readLiveHistory(): LiveRecord[] {
  try {
    const parsed: unknown = JSON.parse(storage()?.getItem(LIVE_HISTORY_KEY) ?? "[]");
    return Array.isArray(parsed) ? (parsed as LiveRecord[]) : [];
  } catch {
    return [];
  }
}

export function clearLiveHistory(): void {
  storage()?.removeItem(LIVE_HISTORY_KEY);
}

export function openLiveChannel(): BroadcastChannel | null {
  return typeof BroadcastChannel === "undefined" ? null : new BroadcastChannel(LIVE_CHANNEL);
}

let sequence = 0;

export function recordLiveEvent(record: Omit<LiveRecord, "id" | "at" | "url">): void {
  if (typeof window === "undefined" || !isEnabled()) return;
  const full: LiveRecord = { ...record, id: `${Date.now().toString(36)}-${(sequence++).toString(36)}`, at: Date.now(), url: location.href };
  try {
    const history = readLiveHistory();
    history.push(full);
    storage()?.setItem(LIVE_HISTORY_KEY, JSON.stringify(history.slice(-LIVE_HISTORY_LIMIT)));
  } catch {
    // quota exceeded: the live channel below still carries it
  }
  channel ??= openLiveChannel();
  channel?.postMessage(full);
}
