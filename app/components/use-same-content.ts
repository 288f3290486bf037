import { useRef } from "react";

/** A value and its content as JSON. */
export interface Kept<T> {
  value: T;
  json: string;
}

/** What was kept while `value` has the same content, else `value`. */
export function keepSameContent<T>(kept: Kept<T> | null, value: T): Kept<T> {
  const json = JSON.stringify(value);
  return kept?.json === json ? kept : { value, json };
}

/**
 * The value this component got before, while a new one has the same content. Loader data is parsed afresh on
 * every navigation inside the app, so a site's header, footer and interface words arrive as new objects with the
 * same content; keeping the old ones lets the memoised parts of the shell skip the new page's render
 * (docs/decisions/045-client-navigation.md). Compared as JSON: loader data is plain JSON.
 */
export function useSameContent<T>(value: T): T {
  const kept = useRef<Kept<T> | null>(null);
  kept.current = keepSameContent(kept.current, value);
  return kept.current.value;
}
