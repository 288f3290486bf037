import { EVENT_ID_PATTERN } from "./envelope";
import type { PageContext } from "./page-context";

/**
 * Data-layer entries with their `event_id` taken out, keys otherwise in order, after checking that each event has one
 * (a UUID): each push makes a new id, so two pushes of the same event compare equal only without it.
 */
export function withoutEventIds<T>(entries: readonly T[]): T[] {
  return entries.map((entry) => {
    if (!entry || typeof entry !== "object" || !("event" in entry)) return entry;
    const { event_id: id, ...rest } = entry as Record<string, unknown>;
    if (typeof id !== "string" || !EVENT_ID_PATTERN.test(id)) throw new Error(`${String(rest.event)} has no event_id (a UUID): ${String(id)}`);
    return rest as T;
  });
}

// Shared by the tracking unit tests and the bench.
export const SAMPLE_CONTEXT: PageContext = {
  uid: "www.paris-experiences.example.eiffel-tower",
  host: "www.paris-experiences.example",
  lang: "en",
  currency: "EUR",
  isMobile: false,
  isBot: false,
  countryCode: "FR",
  isLTT: false,
  pageType: "collection",
  pageSubType: null,
  city: "Paris",
  country: "FR",
};
