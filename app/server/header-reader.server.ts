// What reads a request's headers by name: a fetch Headers, or Node's headers through headerReader, so the
// edge's steps ask for the few headers they need without building a Headers of all of them per request.

export type HeaderReader = Pick<Headers, "get">;

/** Node's incoming headers (names in lower case, repeated ones as arrays) read as Headers#get reads them. */
export function headerReader(raw: Record<string, string | string[] | undefined>): HeaderReader {
  return {
    get(name) {
      const value = raw[name.toLowerCase()];
      return value === undefined ? null : Array.isArray(value) ? value.join(", ") : value;
    },
  };
}
