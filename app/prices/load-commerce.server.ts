import { bookingSubdomain } from "~/booking/booking-url";
import type { PageDocument, PriceSource } from "~/content/page-document";
import { experienceListKey, priceSourceKey } from "./commerce-keys";
import { collectCommerceNeeds } from "./commerce-needs";
import { commerceText } from "./commerce-text.server";
import {
  loadCategoryMinPrice,
  loadCollectionPrice,
  loadExperiences,
  loadSubCategoryMinPrice,
  loadTourGroupPrice,
  type LoaderDeps,
  type Locale,
  type UpstreamTiming,
} from "./price-loaders.server";
import type { Experience, PageCommerce, PriceResult } from "./price-types";
import type { SupportedLanguageCode } from "~/i18n/languages";

// The page's prices and experiences, loaded in parallel and time-boxed (docs/prices-and-caching.md):
// every call starts at once; the page waits for them at most `budgetMs`; whatever is not there by
// then (failed, slow) is simply absent and shows empty. Late answers still land in the cache.

export interface CommerceLoad {
  commerce: PageCommerce;
  timings: UpstreamTiming[];
  durationMs: number;
  /** True when something was missing at render time (failed or over budget). */
  degraded: boolean;
}

export interface LoadCommerceInput {
  doc: Pick<PageDocument, "body">;
  siteHost: string;
  /** docs/requirements.md#9-constants: 50 on the listed sites; undefined elsewhere. */
  experienceLimit?: number;
  lang: SupportedLanguageCode;
  currency: string;
  bookingDomain: string;
  bookingDate: string | null;
  budgetMs: number;
  /** null when no API is configured: everything shows empty. */
  deps: LoaderDeps | null;
}

function loadPrice(deps: LoaderDeps, source: PriceSource, locale: Locale): Promise<PriceResult> {
  switch (source.kind) {
    case "collection":
      return loadCollectionPrice(deps, source.id, locale);
    case "category":
      return loadCategoryMinPrice(deps, source.id, locale, source.city);
    case "sub-category":
      return loadSubCategoryMinPrice(deps, source.id, locale, source.city);
    case "tour-group":
      return loadTourGroupPrice(deps, source.id, locale);
  }
}

export async function loadPageCommerce(input: LoadCommerceInput): Promise<CommerceLoad> {
  const started = performance.now();
  const needs = collectCommerceNeeds(input.doc);
  const locale: Locale = { currency: input.currency, language: input.lang };
  const commerce: PageCommerce = {
    currency: input.currency,
    prices: {},
    experiences: {},
    lists: {},
    booking: { domain: input.bookingDomain, subdomain: bookingSubdomain(input.siteHost), lang: input.lang, currency: input.currency, date: input.bookingDate },
    text: { prices: {}, experiences: {} },
  };
  const timings: UpstreamTiming[] = [];
  const expected = needs.priceSources.length + needs.lists.length + (needs.inlineExperienceIds.length ? 1 : 0);
  if (!input.deps || expected === 0) {
    return { commerce, timings, durationMs: performance.now() - started, degraded: expected > 0 };
  }
  const deps: LoaderDeps = { ...input.deps, timings };
  const addExperiences = (list: Experience[]) => {
    for (const e of list) commerce.experiences[String(e.id)] = e;
  };

  // Results are written as they arrive; whatever arrives after the budget is dropped from this page.
  let open = true;
  let settled = 0;
  const tasks: Array<Promise<void>> = [
    ...needs.priceSources.map(async (source) => {
      const result = await loadPrice(deps, source, locale);
      if (open) commerce.prices[priceSourceKey(source)] = result;
    }),
    ...needs.lists.map(async ({ source, limit }) => {
      const list = await loadExperiences(deps, source, locale);
      if (!open || !list) return;
      const max = Math.min(limit ?? Number.POSITIVE_INFINITY, input.experienceLimit ?? Number.POSITIVE_INFINITY);
      const shown = list.slice(0, max);
      addExperiences(shown);
      const key = experienceListKey(source);
      commerce.lists[key] = shown.map((e) => e.id);
    }),
    ...(needs.inlineExperienceIds.length
      ? [
          (async () => {
            const list = await loadExperiences(deps, { kind: "tour-groups", ids: needs.inlineExperienceIds }, locale);
            if (open && list) addExperiences(list);
          })(),
        ]
      : []),
  ].map((task) => task.then(() => void (settled += 1)));

  let timer: NodeJS.Timeout | undefined;
  const budget = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, input.budgetMs);
    timer.unref?.();
  });
  await Promise.race([Promise.all(tasks), budget]);
  clearTimeout(timer);
  open = false;
  commerce.text = commerceText(commerce.prices, commerce.experiences, input.lang);

  const failed = timings.some((t) => t.status === "failed");
  return { commerce, timings: [...timings], durationMs: performance.now() - started, degraded: failed || settled < tasks.length };
}
