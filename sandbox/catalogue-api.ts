import { CATEGORIES, COLLECTIONS, convertPrice, EUR_RATES, imageUrlFor, SUB_CATEGORIES, TOUR_GROUPS, type SeedTourGroup } from "./catalogue-data";

// The catalogue endpoints (docs/requirements.md#7-upstream-calls) as plain functions of a URL: status and JSON body.
// Shapes follow the fields docs/requirements.md#3-data names (listingPrice.finalPrice, startingPrice.listingPrice,
// unFilteredMetaData.minPrice, tourGroups, averageRating/ratingsCount); the rest is ours.

export interface ApiResult {
  status: number;
  body: unknown;
}

/** Paths served only by the second API host (docs/requirements.md#7-upstream-calls). Everything else belongs to the base host. */
const SECONDARY_PREFIXES = ["/api/v1/collection/", "/api/v6/tour-groups/", "/api/v1/reviews/", "/api/v1/currency/", "/api/v1/city/"] as const;

export function isSecondaryPath(pathname: string): boolean {
  return SECONDARY_PREFIXES.some((prefix) => pathname.startsWith(prefix));
}

const bad = (message: string): ApiResult => ({ status: 400, body: { error: "bad_request", message } });
const notFound = (message: string): ApiResult => ({ status: 404, body: { error: "not_found", message } });

function idsParam(url: URL): number[] | ApiResult {
  const raw = url.searchParams.get("ids");
  if (!raw) return bad("ids is required (comma-separated)");
  const ids = raw.split(",").map((s) => Number(s.trim()));
  if (ids.some((id) => !Number.isInteger(id) || id <= 0)) return bad(`ids must be positive integers, got "${raw}"`);
  return ids;
}

function currencyParam(url: URL): string | ApiResult {
  const currency = (url.searchParams.get("currency") ?? "USD").toUpperCase();
  return convertPrice(1, currency) === null ? bad(`unknown currency "${currency}"`) : currency;
}

function tourGroupJson(t: SeedTourGroup, currency: string, language: string) {
  const finalPrice = convertPrice(t.priceEur, currency);
  return {
    id: t.id,
    name: t.name,
    language,
    city: { name: t.city },
    flowType: t.flowType,
    imageUrl: imageUrlFor(t.id),
    primaryCategory: { id: t.categoryId, displayName: t.categoryName },
    primarySubCategory: t.subCategoryId ? { id: t.subCategoryId } : null,
    listingPrice: { currency, finalPrice, originalPrice: finalPrice },
    reviewsSummary: { averageRating: t.averageRating, ratingsCount: t.ratingsCount },
  };
}

function minPrice(groups: readonly SeedTourGroup[], currency: string): number | null {
  if (groups.length === 0) return null;
  return convertPrice(Math.min(...groups.map((t) => t.priceEur)), currency);
}

function listBy(groups: readonly SeedTourGroup[], url: URL, currency: string, language: string): ApiResult {
  const limit = Number(url.searchParams.get("limit") ?? 50);
  if (!Number.isInteger(limit) || limit < 1 || limit > 100) return bad("limit must be an integer from 1 to 100");
  return {
    status: 200,
    body: {
      currency,
      tourGroups: groups.slice(0, limit).map((t) => tourGroupJson(t, currency, language)),
      total: groups.length,
      unFilteredMetaData: { minPrice: minPrice(groups, currency), currency, total: groups.length },
    },
  };
}

/** Answers one GET on the catalogue. `null` means no such endpoint. */
export function catalogueResponse(url: URL): ApiResult | null {
  const path = url.pathname;
  const currency = currencyParam(url);
  if (typeof currency !== "string") return currency;
  const language = url.searchParams.get("language") ?? "en";
  const city = url.searchParams.get("city");
  const inCity = (t: SeedTourGroup) => !city || t.city.toLowerCase() === city.toLowerCase();

  if (path === "/api/v1/collection/") {
    const ids = idsParam(url);
    if (!Array.isArray(ids)) return ids;
    const collections = COLLECTIONS.filter((c) => ids.includes(c.id)).map((c) => {
      const groups = TOUR_GROUPS.filter((t) => c.tourGroupIds.includes(t.id));
      return {
        id: c.id,
        name: c.name,
        city: { name: c.city },
        tourGroupIds: c.tourGroupIds,
        startingPrice: { currency, listingPrice: minPrice(groups, currency) },
      };
    });
    return { status: 200, body: { collections } };
  }

  if (path === "/api/v6/tour-groups/") {
    const ids = idsParam(url);
    if (!Array.isArray(ids)) return ids;
    // Keeps the order asked for: lists are curated.
    const tourGroups = ids.flatMap((id) => TOUR_GROUPS.filter((t) => t.id === id)).map((t) => tourGroupJson(t, currency, language));
    return { status: 200, body: { currency, tourGroups } };
  }

  const listMatch = /^\/api\/v6\/tour-groups\/list-by\/(category|sub-category|collection)\/(\d+)\/$/.exec(path);
  if (listMatch) {
    const [, kind, rawId] = listMatch;
    const id = Number(rawId);
    if (kind === "category") {
      if (!CATEGORIES.some((c) => c.id === id)) return notFound(`no category ${id}`);
      return listBy(
        TOUR_GROUPS.filter((t) => t.categoryId === id && inCity(t)),
        url,
        currency,
        language,
      );
    }
    if (kind === "sub-category") {
      if (!SUB_CATEGORIES.some((c) => c.id === id)) return notFound(`no sub-category ${id}`);
      return listBy(
        TOUR_GROUPS.filter((t) => t.subCategoryId === id && inCity(t)),
        url,
        currency,
        language,
      );
    }
    const collection = COLLECTIONS.find((c) => c.id === id);
    if (!collection) return notFound(`no collection ${id}`);
    return listBy(
      collection.tourGroupIds.flatMap((tid) => TOUR_GROUPS.filter((t) => t.id === tid)),
      url,
      currency,
      language,
    );
  }

  const reviewMatch = /^\/api\/v1\/reviews\/tour-group\/(\d+)\/$/.exec(path);
  if (reviewMatch) {
    const t = TOUR_GROUPS.find((g) => g.id === Number(reviewMatch[1]));
    if (!t) return notFound(`no tour group ${reviewMatch[1]}`);
    return { status: 200, body: { tourGroupId: t.id, averageRating: t.averageRating, ratingsCount: t.ratingsCount } };
  }

  if (path === "/api/v1/currency/list/") {
    return { status: 200, body: { currencies: Object.keys(EUR_RATES).map((code) => ({ code })) } };
  }

  // The base host's own endpoint, so the two-host split can be tested from both sides.
  if (path === "/api/v1/health/") return { status: 200, body: { ok: true } };

  return null;
}
