import type { z } from "zod";
import { log } from "~/server/logger.server";
import { countPriceLookup, timeUpstreamCall } from "~/server/metrics.server";
import { apiGet, ApiError, type ApiConfig, type Query } from "./api-client.server";
import type { CacheStrategyName } from "./cache-strategies";
import { CollectionResponseSchema, TourGroupListResponseSchema, TourGroupsResponseSchema, type TourGroupPayload } from "./catalogue-schemas";
import { cacheKey, type CacheStatus, type PriceCache } from "./price-cache.server";
import type { Experience, PriceResult } from "./price-types";

// One loader per docs/requirements.md#7-upstream-calls call, plus the experience lists built on the same endpoints.
// A call that fails, times out or answers a malformed body is logged once (in the one upstream call,
// however many requests share it) and yields an empty result (docs/requirements.md#8-failures): callers never see a throw.

export interface UpstreamTiming {
  /** "collection:5001", "tour-groups:10001,10002", … */
  label: string;
  path: string;
  durationMs: number;
  status: CacheStatus | "failed";
}

export interface LoaderDeps {
  api: ApiConfig;
  cache: PriceCache;
  /** The visitor's Cookie header (docs/requirements.md#6-visitors: forwarded). */
  cookie?: string | null;
  /** Extra upstream headers, e.g. a sandbox fault for one test. */
  headers?: Record<string, string>;
  log?: (message: string) => void;
  /** Filled with one entry per call, for Server-Timing. */
  timings?: UpstreamTiming[];
}

export interface Locale {
  currency: string;
  language: string;
}

const defaultLog = (message: string) => log.warn(message);

async function cachedGet<S extends z.ZodType>(
  deps: LoaderDeps,
  call: { label: string; path: string; query: Query; schema: S; strategy: CacheStrategyName },
): Promise<z.infer<S> | null> {
  const started = performance.now();
  const key = cacheKey(call.path, call.query as Record<string, string | number | boolean | null | undefined>);
  const record = (status: UpstreamTiming["status"]) =>
    deps.timings?.push({ label: call.label, path: call.path, durationMs: performance.now() - started, status });
  try {
    const result = await deps.cache.get(
      key,
      call.strategy,
      async () => {
        try {
          return await timeUpstreamCall(call.path, () =>
            apiGet(deps.api, { path: call.path, query: call.query, schema: call.schema, cookie: deps.cookie, headers: deps.headers }),
          );
        } catch (error) {
          // Logged here, inside the one upstream call, so merged waiters do not log it again.
          const reason = error instanceof ApiError ? `${error.kind}: ${error.message}` : String(error);
          (deps.log ?? defaultLog)(`[prices] ${call.label} unavailable (${reason})`);
          throw error;
        }
      },
      call.schema,
    );
    record(result.status);
    countPriceLookup(call.path, result.status);
    return result.value;
  } catch {
    record("failed");
    countPriceLookup(call.path, "failed");
    return null;
  }
}

const price = (amount: number | null | undefined, currency: string): PriceResult =>
  typeof amount === "number" && Number.isFinite(amount) ? { amount, currency } : {};

/** GET /api/v1/collection/?ids=&language=&currency= → collections[0].startingPrice.listingPrice */
export async function loadCollectionPrice(deps: LoaderDeps, id: number, locale: Locale): Promise<PriceResult> {
  const body = await cachedGet(deps, {
    label: `collection:${id}`,
    path: "/api/v1/collection/",
    query: { ids: [id], language: locale.language, currency: locale.currency },
    schema: CollectionResponseSchema,
    strategy: "short",
  });
  return price(body?.collections[0]?.startingPrice?.listingPrice, locale.currency);
}

function listQuery(locale: Locale, city: string | undefined): Query {
  return { "fallback-to-english": false, currency: locale.currency, city: city ? { name: city } : undefined, language: locale.language };
}

type ListKind = "category" | "sub-category" | "collection";

function loadList(deps: LoaderDeps, kind: ListKind, id: number, locale: Locale, city?: string) {
  return cachedGet(deps, {
    label: `${kind}:${id}`,
    path: `/api/v6/tour-groups/list-by/${kind}/${id}/`,
    query: listQuery(locale, city),
    schema: TourGroupListResponseSchema,
    strategy: "short",
  });
}

/** GET /api/v6/tour-groups/list-by/category/{id}/ → unFilteredMetaData.minPrice */
export async function loadCategoryMinPrice(deps: LoaderDeps, id: number, locale: Locale, city?: string): Promise<PriceResult> {
  const body = await loadList(deps, "category", id, locale, city);
  return price(body?.unFilteredMetaData?.minPrice, locale.currency);
}

/** GET /api/v6/tour-groups/list-by/sub-category/{id}/ → unFilteredMetaData.minPrice */
export async function loadSubCategoryMinPrice(deps: LoaderDeps, id: number, locale: Locale, city?: string): Promise<PriceResult> {
  const body = await loadList(deps, "sub-category", id, locale, city);
  return price(body?.unFilteredMetaData?.minPrice, locale.currency);
}

function loadTourGroups(deps: LoaderDeps, ids: readonly number[], locale: Locale) {
  return cachedGet(deps, {
    label: `tour-groups:${ids.join(",")}`,
    path: "/api/v6/tour-groups/",
    query: { ids, currency: locale.currency, language: locale.language, "fallback-to-english": false },
    schema: TourGroupsResponseSchema,
    strategy: "short",
  });
}

/** GET /api/v6/tour-groups/?ids=&currency=&language=&fallback-to-english → tourGroups[0].listingPrice.finalPrice */
export async function loadTourGroupPrice(deps: LoaderDeps, id: number, locale: Locale): Promise<PriceResult> {
  const body = await loadTourGroups(deps, [id], locale);
  return price(body?.tourGroups[0]?.listingPrice?.finalPrice, locale.currency);
}

function toExperience(t: TourGroupPayload, currency: string): Experience {
  const rated = t.reviewsSummary && t.reviewsSummary.ratingsCount > 0;
  return {
    id: t.id,
    name: t.name,
    imageUrl: t.imageUrl ?? null,
    flowType: t.flowType,
    price: t.listingPrice?.finalPrice ?? null,
    currency,
    averageRating: rated ? t.reviewsSummary!.averageRating : null,
    ratingsCount: t.reviewsSummary?.ratingsCount ?? 0,
    category: t.primaryCategory ?? null,
  };
}

export type ExperienceListSource =
  { kind: "tour-groups"; ids: readonly number[] } | { kind: "category" | "sub-category"; id: number; city?: string } | { kind: "collection"; id: number };

/** The tour groups of a list; null when the call failed (the list then renders nothing). */
export async function loadExperiences(deps: LoaderDeps, source: ExperienceListSource, locale: Locale): Promise<Experience[] | null> {
  const body =
    source.kind === "tour-groups"
      ? await loadTourGroups(deps, source.ids, locale)
      : await loadList(deps, source.kind, source.id, locale, "city" in source ? source.city : undefined);
  return body ? body.tourGroups.map((t) => toExperience(t, locale.currency)) : null;
}
