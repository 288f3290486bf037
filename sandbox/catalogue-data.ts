// The sandbox's seeded catalogue: the tour groups, collections, categories and sub-categories that the
// embedded content references. Prices are authored once in EUR and converted to every currency the
// storefront offers (app/i18n/currencies.ts), so a currency switch shows a real change.
// The sandbox imports nothing from the app (STYLE: sandbox holds its own data only).

// prettier-ignore
type SandboxFlowType =
  | "SEATMAP" | "SVG" | "NORMAL" | "COMBO" | "RESERVE" | "PRIVATE_AIRPORT_TRANSFER" | "SHARED_AIRPORT_TRANSFER"
  | "SEATMAP_IFRAME" | "HOP_ON_HOP_OFF" | "PROPERTY_SELECTION" | "GUIDED_TOUR_PROPERTY_SELECTION";

/** Units of each currency per 1 EUR (rounded, stable: the sandbox is a fixture, not a market feed). */
// prettier-ignore
export const EUR_RATES: Readonly<Record<string, number>> = {
  EUR: 1, USD: 1.08, AED: 3.97, SGD: 1.46, INR: 90.1, MYR: 5.08, AZN: 1.84, AUD: 1.64, BHD: 0.407,
  CAD: 1.47, CHF: 0.95, CNY: 7.8, DKK: 7.46, EGP: 52.3, GBP: 0.85, HKD: 8.44, IDR: 17600, ISK: 150,
  JPY: 163, KRW: 1480, LBP: 96700, MOP: 8.7, MXN: 19.6, NZD: 1.79, PLN: 4.3, QAR: 3.93, SAR: 4.05,
  SEK: 11.4, TWD: 34.9, THB: 38.9, VND: 27400, ZAR: 19.8,
};

/** A price in `currency`: EUR amounts keep their cents; other currencies round to cents, and the
 *  currencies with no minor unit in practice (JPY, KRW, IDR, VND, ISK, LBP) to whole units. */
export function convertPrice(eur: number, currency: string): number | null {
  const rate = EUR_RATES[currency];
  if (rate === undefined) return null;
  const amount = eur * rate;
  if (["JPY", "KRW", "IDR", "VND", "ISK", "LBP"].includes(currency)) return Math.round(amount);
  return Math.round(amount * 100) / 100;
}

export interface SeedTourGroup {
  id: number;
  name: string;
  city: string;
  /** docs/requirements.md#9-constants category ids where they apply. */
  categoryId: number;
  categoryName: string;
  subCategoryId?: number;
  flowType: SandboxFlowType;
  priceEur: number;
  averageRating: number;
  ratingsCount: number;
}

const paris = (t: Omit<SeedTourGroup, "city">): SeedTourGroup => ({ ...t, city: "Paris" });
const london = (t: Omit<SeedTourGroup, "city" | "categoryId" | "categoryName" | "flowType"> & Partial<SeedTourGroup>): SeedTourGroup => ({
  categoryId: 1201,
  categoryName: "Musicals",
  flowType: "SEATMAP",
  city: "London",
  ...t,
});

// Ratings cover the review-trust boundary (docs/requirements.md#9-constants: strong when average >= 4 AND ratings >= 100):
// 4.0 with 100 (strong, both edges), 3.9 with 5,000 (weak on average), 4.9 with 99 (weak on count).
// prettier-ignore
export const TOUR_GROUPS: readonly SeedTourGroup[] = [
  paris({ id: 10001, name: "Eiffel Tower summit ticket", categoryId: 1200, categoryName: "Landmarks", flowType: "NORMAL", priceEur: 45, averageRating: 4.6, ratingsCount: 18234 }),
  paris({ id: 10002, name: "Eiffel Tower second floor", categoryId: 1200, categoryName: "Landmarks", flowType: "NORMAL", priceEur: 29.5, averageRating: 4.0, ratingsCount: 100 }),
  paris({ id: 10003, name: "Eiffel Tower guided tour", categoryId: 1200, categoryName: "Landmarks", flowType: "GUIDED_TOUR_PROPERTY_SELECTION", priceEur: 69, averageRating: 3.9, ratingsCount: 5000 }),
  paris({ id: 10004, name: "Seine river cruise", categoryId: 1200, categoryName: "Landmarks", flowType: "NORMAL", priceEur: 17.99, averageRating: 4.9, ratingsCount: 99 }),
  paris({ id: 10005, name: "Louvre skip-the-line", categoryId: 1202, categoryName: "Museums", flowType: "RESERVE", priceEur: 22, averageRating: 4.4, ratingsCount: 9120 }),
  paris({ id: 10006, name: "Versailles day trip", categoryId: 1143, categoryName: "Day Trips", subCategoryId: 2101, flowType: "NORMAL", priceEur: 89, averageRating: 4.5, ratingsCount: 2301 }),
  paris({ id: 10007, name: "Giverny and Monet's gardens", categoryId: 1143, categoryName: "Day Trips", flowType: "NORMAL", priceEur: 109.5, averageRating: 4.7, ratingsCount: 812 }),
  paris({ id: 10008, name: "Mont-Saint-Michel day trip", categoryId: 1143, categoryName: "Day Trips", flowType: "NORMAL", priceEur: 159, averageRating: 4.3, ratingsCount: 1534 }),
  paris({ id: 10009, name: "Loire Valley châteaux", categoryId: 1143, categoryName: "Day Trips", flowType: "PROPERTY_SELECTION", priceEur: 129, averageRating: 4.1, ratingsCount: 47 }),
  paris({ id: 10010, name: "Paris Museum Pass", categoryId: 1008, categoryName: "City Cards", flowType: "COMBO", priceEur: 62, averageRating: 4.2, ratingsCount: 3012 }),
  paris({ id: 10011, name: "CDG shared airport transfer", categoryId: 1145, categoryName: "Shared Airport Transfers", flowType: "SHARED_AIRPORT_TRANSFER", priceEur: 24.9, averageRating: 4.0, ratingsCount: 640 }),
  paris({ id: 10012, name: "Montmartre walking tour", categoryId: 1203, categoryName: "Walking Tours", flowType: "HOP_ON_HOP_OFF", priceEur: 19, averageRating: 0, ratingsCount: 0 }),
  london({ id: 17637, name: "Les Misérables", priceEur: 28, averageRating: 4.8, ratingsCount: 25410 }),
  london({ id: 17638, name: "Hamilton", priceEur: 49.5, averageRating: 4.9, ratingsCount: 12044, flowType: "SVG" }),
  london({ id: 17639, name: "The Phantom of the Opera", priceEur: 35, averageRating: 4.7, ratingsCount: 9876, flowType: "SEATMAP_IFRAME" }),
  london({ id: 17640, name: "The Lion King", priceEur: 42, averageRating: 4.8, ratingsCount: 15020 }),
  london({ id: 17641, name: "Wicked", priceEur: 31.25, averageRating: 4.6, ratingsCount: 8020 }),
  london({ id: 17642, name: "Mamma Mia!", priceEur: 26, averageRating: 4.5, ratingsCount: 6610 }),
  london({ id: 17643, name: "Matilda", priceEur: 25, averageRating: 4.4, ratingsCount: 3302 }),
  london({ id: 17644, name: "The Book of Mormon", priceEur: 38, averageRating: 4.7, ratingsCount: 7720 }),
];

export interface SeedCollection {
  id: number;
  name: string;
  city: string;
  tourGroupIds: readonly number[];
}

export const COLLECTIONS: readonly SeedCollection[] = [
  { id: 5001, name: "Eiffel Tower", city: "Paris", tourGroupIds: [10001, 10002, 10003] },
  { id: 5002, name: "Seine river cruises", city: "Paris", tourGroupIds: [10004] },
  { id: 5101, name: "West End musicals", city: "London", tourGroupIds: [17637, 17638, 17639, 17640, 17641, 17642, 17643, 17644] },
];

// prettier-ignore
export const CATEGORIES: ReadonlyArray<{ id: number; name: string }> = [
  { id: 1143, name: "Day Trips" },
  { id: 1008, name: "City Cards" },
  { id: 1145, name: "Shared Airport Transfers" },
  { id: 1200, name: "Landmarks" },
  { id: 1201, name: "Musicals" },
  { id: 1202, name: "Museums" },
  { id: 1203, name: "Walking Tours" },
];

export const SUB_CATEGORIES: ReadonlyArray<{ id: number; name: string; categoryId: number }> = [{ id: 2101, name: "Versailles day trips", categoryId: 1143 }];

/** Stable seed images: the content helper may add real JPEGs; the storefront falls back to an SVG. */
export function imageUrlFor(id: number): string {
  return `/media/experiences/${id}.jpg`;
}
