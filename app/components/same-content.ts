import { useMemo } from "react";

/** Each object's content as JSON, worked out once: loader data is never changed in place. */
const contents = new WeakMap<object, string>();

/** A value of loader data (plain JSON) as its content: the same text for the same content, whatever the object. */
export function contentOf(value: unknown): string {
  if (typeof value !== "object" || value === null) return String(JSON.stringify(value));
  let json = contents.get(value);
  if (json === undefined) contents.set(value, (json = JSON.stringify(value)));
  return json;
}

/**
 * Whether two sets of props made of loader data have the same content. Loader data is parsed afresh on every
 * navigation inside the app, so a site's header and footer arrive as new objects with the same content: as the
 * props' comparison of a memoised part of the shell, it lets that part skip the new page's render
 * (docs/decisions/045-client-navigation.md). Each object is written out once, so the render a navigation's start
 * causes (the router's state changes, the data does not) compares what it already knows.
 */
export function sameContent(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => contentOf(a[key]) === contentOf(b[key]));
}

/**
 * `value` as it was first seen with this content: loader data is new objects after every navigation inside the app,
 * and a context or memoised reader given the first one does not render again for an equal copy.
 */
export function useSameContent<T>(value: T): T {
  const content = contentOf(value);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed on the content, not the loader's new object
  return useMemo(() => value, [content]);
}
