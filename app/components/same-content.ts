import { useRef } from "react";

/**
 * Whether two values of loader data (plain JSON: objects, arrays, strings, numbers, booleans, null) hold the same
 * content, compared field by field; the same object is the same content at once. Functions (a memoised part's
 * own props) compare by identity.
 */
export function sameData(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((item, index) => sameData(item, b[index]));
  if (Array.isArray(b)) return false;
  return sameContent(a as Record<string, unknown>, b as Record<string, unknown>);
}

/**
 * Whether two sets of props made of loader data have the same content. Loader data is parsed afresh on every
 * navigation inside the app, so a site's header and footer arrive as new objects with the same content: as the
 * props' comparison of a memoised part of the shell, it lets that part skip the new page's render
 * (docs/decisions/045-client-navigation.md).
 */
export function sameContent(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => Object.hasOwn(b, key) && sameData(a[key], b[key]));
}

/**
 * `value` as it was first seen with this content: loader data is new objects after every navigation inside the app,
 * and a context or memoised reader given the first one does not render again for an equal copy.
 */
export function useSameContent<T>(value: T): T {
  const kept = useRef(value);
  if (!sameData(kept.current, value)) kept.current = value;
  return kept.current;
}
