import type { z } from "zod";

// The product API client (docs/requirements.md#6-visitors, docs/requirements.md#7-upstream-calls). Server-only: it carries the firewall allow key.
//  - Paths that docs/requirements.md#7-upstream-calls routes to the second host go there; everything else to the base host.
//  - Array query values are sent comma-joined; a city object is reduced to its name.
//  - The visitor's cookies and the firewall key go to the configured API hosts, never elsewhere.
//  - Every call has a timeout and every response body is validated with zod.

export interface ApiConfig {
  baseUrl: string;
  secondaryUrl: string;
  timeoutMs: number;
  firewallHeader: string;
  firewallKey?: string;
  fetch?: typeof fetch;
}

type QueryScalar = string | number | boolean;
type QueryValue = QueryScalar | readonly QueryScalar[] | { name: string } | null | undefined;
export type Query = Record<string, QueryValue>;

export type ApiErrorKind = "timeout" | "network" | "http" | "malformed" | "invalid" | "refused";

export class ApiError extends Error {
  constructor(
    readonly kind: ApiErrorKind,
    readonly path: string,
    message: string,
    readonly status?: number,
  ) {
    super(`${path}: ${message}`);
    this.name = "ApiError";
  }
}

/**
 * docs/requirements.md#7-upstream-calls: "collections, category, city, tour groups, reviews, currency and similar" plus the endpoints
 * it lists (domain, collection basic-info, pois, sections, top list, visual sitemap, currency list,
 * itineraries, media info, banners, category feed, city list, nearby cities, inventories, review
 * medias, similar products, list-by city/collection/persona-affinity/tag). Matched on the first
 * segment after /api/vN/.
 */
const SECONDARY_SEGMENTS: ReadonlySet<string> = new Set([
  "collection",
  "collections",
  "category",
  "categories",
  "sub-category",
  "city",
  "cities",
  "tour-groups",
  "tour-group",
  "reviews",
  "review",
  "review-medias",
  "currency",
  "currencies",
  "domain",
  "pois",
  "sections",
  "top-list",
  "visual-sitemap",
  "experience-itineraries",
  "itineraries",
  "media-info",
  "banners",
  "category-feed",
  "nearby-cities",
  "inventories",
  "similar-products",
  "persona-affinity",
  "tag",
]);

export function hostFor(path: string): "base" | "secondary" {
  const segment = /^\/api\/v\d+\/([^/?]+)/.exec(path)?.[1];
  return segment && SECONDARY_SEGMENTS.has(segment) ? "secondary" : "base";
}

/** docs/requirements.md#7-upstream-calls: arrays comma-joined, a city object reduced to its name, empty values left out. */
export function encodeQuery(query: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === null || value === undefined) continue;
    if (Array.isArray(value)) {
      if (value.length) params.set(key, value.join(","));
    } else if (typeof value === "object") {
      if ("name" in value && value.name) params.set(key, value.name);
    } else {
      params.set(key, String(value));
    }
  }
  const text = params.toString().replace(/%2C/gi, ",");
  return text ? `?${text}` : "";
}

export function buildApiUrl(config: Pick<ApiConfig, "baseUrl" | "secondaryUrl">, path: string, query: Query = {}): URL {
  // Only site-relative API paths: "//other.host/…" or "https://…" would send our secrets elsewhere.
  if (!/^\/api\/v\d+\//.test(path) || path.includes("//") || path.includes("\\")) {
    throw new ApiError("refused", path, "only /api/vN/ paths on the configured API hosts are allowed");
  }
  const origin = hostFor(path) === "secondary" ? config.secondaryUrl : config.baseUrl;
  return new URL(`${origin.replace(/\/+$/, "")}${path}${encodeQuery(query)}`);
}

function configuredOrigins(config: ApiConfig): Set<string> {
  return new Set([new URL(config.baseUrl).origin, new URL(config.secondaryUrl).origin]);
}

/** The headers for one call: cookies and the firewall key only when the URL is one of our API hosts. */
export function requestHeaders(config: ApiConfig, url: URL, cookie: string | null | undefined): Headers {
  const headers = new Headers({ accept: "application/json" });
  if (!configuredOrigins(config).has(url.origin)) return headers;
  if (cookie) headers.set("cookie", cookie);
  if (config.firewallKey) headers.set(config.firewallHeader, config.firewallKey);
  return headers;
}

export interface ApiGetOptions<S extends z.ZodType> {
  path: string;
  query?: Query;
  schema: S;
  /** The visitor's Cookie header, forwarded as is (docs/requirements.md#6-visitors). */
  cookie?: string | null;
  signal?: AbortSignal;
  /** Extra headers (e.g. the sandbox fault header in tests). */
  headers?: Record<string, string>;
}

/** GET one API resource: timed out, validated, typed. Throws ApiError; never returns unvalidated data. */
export async function apiGet<S extends z.ZodType>(config: ApiConfig, options: ApiGetOptions<S>): Promise<z.infer<S>> {
  const url = buildApiUrl(config, options.path, options.query);
  const headers = requestHeaders(config, url, options.cookie);
  for (const [name, value] of Object.entries(options.headers ?? {})) headers.set(name, value);
  // A timer of our own rather than AbortSignal.timeout(): the same abort, on the clock that a test can move
  // (vi.useFakeTimers), as the price budget's; cleared once the body is in.
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), config.timeoutMs);
  const signal = options.signal ? AbortSignal.any([timeout.signal, options.signal]) : timeout.signal;
  const doFetch = config.fetch ?? fetch;

  let response: Response;
  let text: string;
  try {
    try {
      response = await doFetch(url, { headers, signal, redirect: "error" });
    } catch (error) {
      if (timeout.signal.aborted) throw new ApiError("timeout", options.path, `no answer within ${config.timeoutMs} ms`);
      throw new ApiError("network", options.path, (error as Error).message);
    }
    try {
      text = await response.text();
    } catch (error) {
      if (timeout.signal.aborted) throw new ApiError("timeout", options.path, `no complete body within ${config.timeoutMs} ms`);
      throw new ApiError("network", options.path, (error as Error).message);
    }
  } finally {
    clearTimeout(timer);
  }
  if (!response.ok) throw new ApiError("http", options.path, `HTTP ${response.status}`, response.status);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ApiError("malformed", options.path, "body is not JSON");
  }
  const parsed = options.schema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ApiError("invalid", options.path, `unexpected body: ${issue ? `${issue.path.join(".")}: ${issue.message}` : "invalid"}`);
  }
  return parsed.data;
}
