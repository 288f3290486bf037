// docs/requirements.md#9-constants: attribution query keys ci, cm, gclid, fbclid, msclkid, carried from the landing page to the
// booking site. They come from the page's query (fresh) or the `h-attr` cookie (set on an earlier
// landing). Read in the browser, so a page's HTML never depends on them and stays cacheable.

export const ATTRIBUTION_KEYS = ["ci", "cm", "gclid", "fbclid", "msclkid"] as const;
type AttributionKey = (typeof ATTRIBUTION_KEYS)[number];
export type Attribution = Partial<Record<AttributionKey, string>>;

// Click ids are opaque tokens: letters, digits and a few marks. Anything else is dropped, not escaped.
const VALUE = /^[A-Za-z0-9._~-]{1,256}$/;

function pick(read: (key: AttributionKey) => string | null | undefined): Attribution {
  const out: Attribution = {};
  for (const key of ATTRIBUTION_KEYS) {
    const value = read(key)?.trim();
    if (value && VALUE.test(value)) out[key] = value;
  }
  return out;
}

/** The `h-attr` cookie: a query string (`ci=…&gclid=…`) or a JSON object. Garbage gives {}. */
export function parseAttributionCookie(value: string | null | undefined): Attribution {
  if (!value) return {};
  const text = value.trim();
  if (text.startsWith("{")) {
    try {
      const json = JSON.parse(text) as Record<string, unknown>;
      return pick((key) => (typeof json[key] === "string" || typeof json[key] === "number" ? String(json[key]) : null));
    } catch {
      return {};
    }
  }
  const params = new URLSearchParams(text);
  return pick((key) => params.get(key));
}

/** The query wins over the cookie, key by key: it is the visitor's latest landing. */
export function resolveAttribution(search: string, cookieValue: string | null | undefined): Attribution {
  const params = new URLSearchParams(search);
  return { ...parseAttributionCookie(cookieValue), ...pick((key) => params.get(key)) };
}
