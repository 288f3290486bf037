// What reads a request's headers by name: a fetch Headers, or Node's headers through headerReader, so the
// edge's steps ask for the few headers they need without building a Headers of all of them per request.

export type HeaderReader = Pick<Headers, "get">;

/** One of Node's incoming header values as Headers#get gives it: repeated ones joined with ", ". */
export function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(", ") : value;
}

/** Node's incoming headers (names in lower case, repeated ones as arrays) read as Headers#get reads them. */
export function headerReader(raw: Record<string, string | string[] | undefined>): HeaderReader {
  return { get: (name) => headerValue(raw[name.toLowerCase()]) ?? null };
}
