import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import type { ContentStore } from "~/content/content-store.server";
import type { LinkContext } from "~/content/action-link";
import type { ContentError, PageDocument, Site } from "~/content/page-document";
import { toPageView } from "~/content/page-view.server";
import { resolveFooter, resolveHeader } from "~/content/resolve-shell";
import type { Env } from "~/env.server";
import { DEFAULT_LANGUAGE, getLanguage, toSupportedLanguage, type SupportedLanguageCode } from "~/i18n/languages";
import { DEFAULT_CURRENCY } from "~/i18n/currencies";
import { uiDictionary } from "~/i18n/ui-strings.server";
import { isBookingDate } from "~/booking/booking-url";
import { loadPageCommerce } from "~/prices/load-commerce.server";
import { notFoundCacheControl, pageHeaders, varyHeader } from "./page-headers.server";
import { CURRENCY_KEY_HEADER, resolvePageCurrency } from "~/prices/page-currency.server";
import type { StorefrontLoadContext } from "./load-context";
import type { PageContext } from "../../tracking/page-context";
import { buildPageViewPush } from "./page-view-push.server";
import type { PageViewPush } from "../../tracking/page-view";
import { buildPageContext, isTheatreBrandUid } from "./build-page-context.server";
import type { LanguageOption, NotFoundData, PageData, Shell } from "./page-data";
import { directoryPath } from "./load-directory.server";
import { pageHref, pageUrl } from "~/content/page-url";
import { pageAlternates } from "~/content/page-alternates";
import { breadcrumbTrail } from "~/content/breadcrumbs";
import { pageHead, shareImage } from "./page-head.server";
import { structuredData } from "./structured-data.server";
import { resolvePageRequest } from "./resolve-page-request";
import { dataResponse } from "~/server/data-response.server";

// The page loader's recipe (docs/how-a-page-loads.md gives the page's whole way):
// resolve site + uid + lang → load the document → build the page context → links and alternates.

function linkContext(env: Env, store: ContentStore, host: string, lang: SupportedLanguageCode): LinkContext {
  return { mode: env.URL_MODE, host, lang, knownHosts: store.hosts };
}

function buildShell(
  site: Site,
  doc: Pick<PageDocument, "header" | "footer"> | null,
  ctx: LinkContext,
  env: Env,
  currency: string,
  languages: LanguageOption[],
): Shell {
  return {
    strings: uiDictionary(ctx.lang),
    siteName: site.name,
    siteHost: site.host,
    isLTT: isTheatreBrandUid(site.host, env.THEATRE_BRAND_HOST),
    lang: ctx.lang,
    header: resolveHeader(doc?.header ?? site.header, site.host, ctx),
    footer: resolveFooter(doc?.footer ?? site.footer, ctx),
    languages,
    currency,
  };
}

function notFound(
  kind: NotFoundData["kind"],
  status: number,
  message: string,
  shell: Shell | null,
  contentErrors: ContentError[],
  headers: Record<string, string>,
): never {
  throw dataResponse<NotFoundData>({ kind, shell, message, contentErrors, strings: shell?.strings ?? uiDictionary(DEFAULT_LANGUAGE) }, { status, headers });
}

/** The booking date (docs/requirements.md#5-rules): the page's ?date= when it is a real date from today on, else today (UTC). */
function bookingDateFor(url: URL, now: Date = new Date()): string {
  const today = now.toISOString().slice(0, 10);
  const asked = url.searchParams.get("date");
  return isBookingDate(asked) && asked >= today ? asked : today;
}

export interface PageResponse {
  data: PageData;
  headers: Record<string, string>;
}

/** The page route's loader (page-route.tsx). */
export async function pageLoader({ context }: LoaderFunctionArgs) {
  const { data, headers } = await loadPageResponse(context);
  return dataResponse(data, { headers });
}

/** The page data plus its Cache-Control, Vary and Server-Timing headers, from the request's facts (read at the edge). */
export async function loadPageResponse({ request: req, services }: StorefrontLoadContext): Promise<PageResponse> {
  const { env, content: store } = services;
  const { url, host } = req;
  const resolved = resolvePageRequest({ url, host, isSiteHost: (h) => !!store.siteByHost(h), urlMode: env.URL_MODE });
  // The consent defaults in <head>, and a page's context, depend on the country and the device.
  const varyOn = req.vary;

  // The site directory is a route of its own (routes/[_directory].tsx), so its code is in no page's chunks.
  if (resolved.kind === "directory") throw redirect(directoryPath(url.search));
  if (resolved.kind === "bad-request")
    notFound("bad-request", 400, resolved.reason, null, [], { "Cache-Control": notFoundCacheControl(null), Vary: varyHeader(varyOn) });

  const uid = resolved.kind === "page" ? resolved.uid : null;
  const notFoundHost = resolved.kind === "not-found" ? resolved.host : null;
  const site = uid ? store.siteForUid(uid) : notFoundHost ? store.siteByHost(notFoundHost) : undefined;
  const requestedLang = resolved.kind === "page" ? resolved.requestedLang : url.searchParams.get("lang");
  const wanted = toSupportedLanguage(requestedLang);
  const requestedBase = (requestedLang ?? "").trim().toLowerCase().split(/[-_]/)[0] ?? "";
  const languages = uid ? store.languagesOf(uid) : [];
  const lang = languages.includes(wanted) ? wanted : DEFAULT_LANGUAGE;
  const ctx = linkContext(env, store, host, lang);
  // Cookie (or the CDN's normalised X-Currency), else the site's default, else USD.
  const pageCurrency = site ? resolvePageCurrency(req.currency, site.defaultCurrency) : null;
  const siteCurrency = pageCurrency?.currency ?? DEFAULT_CURRENCY;

  const page = uid ? store.getPage(uid, lang) : undefined;
  if (!page || !site) {
    const shell = site ? buildShell(site, null, ctx, env, siteCurrency, []) : null;
    const errors = env.URL_MODE === "development" && uid ? store.errorsFor(uid) : [];
    // With a site's shell the 404 shows the currency selector, so it varies on the currency as a page does.
    const headers = shell
      ? { "Cache-Control": notFoundCacheControl(pageCurrency?.source ?? null), Vary: varyHeader([CURRENCY_KEY_HEADER, ...varyOn]) }
      : { "Cache-Control": notFoundCacheControl(null), Vary: varyHeader(varyOn) };
    notFound("not-found", 404, "We couldn't find that page.", shell, errors, headers);
  }

  const context = buildPageContext({
    device: req.device.device,
    countryCode: req.countryCode,
    uid: page.uid,
    host: site.host,
    lang,
    currency: siteCurrency,
    doc: page.doc,
    theatreBrandHost: env.THEATRE_BRAND_HOST,
  });

  const knownHosts = ctx.knownHosts;
  const languageOptions: LanguageOption[] = languages.map((code) => ({
    code,
    name: getLanguage(code)?.translatedName ?? code,
    href: pageHref({ uid: page.uid, lang: code, host, mode: env.URL_MODE, knownHosts }),
    current: code === lang,
  }));
  const absolute = (code: SupportedLanguageCode) => pageUrl({ uid: page.uid, lang: code, host, mode: env.URL_MODE, knownHosts });

  // Prices and experiences: all calls in parallel, waited for at most PRICE_BUDGET_MS.
  const api = services.prices.api();
  const prices = await loadPageCommerce({
    doc: page.doc,
    siteHost: site.host,
    experienceLimit: site.experienceLimit,
    lang,
    currency: siteCurrency,
    bookingDomain: env.BOOKING_DOMAIN,
    bookingDate: bookingDateFor(url),
    budgetMs: env.PRICE_BUDGET_MS,
    deps: api ? { api, cache: services.prices.cache, cookie: req.cookie } : null,
  });
  const headers = pageHeaders({
    currencySource: pageCurrency?.source ?? "default",
    degraded: prices.degraded,
    timings: prices.timings,
    pricesMs: prices.durationMs,
    varyOn,
    operator: req.operator,
  });

  const canonical = absolute(lang);
  const alternates = pageAlternates(languages, absolute);
  const asset = (path: string) => new URL(path, canonical).href;
  const image = shareImage(page.doc, site, asset);
  const trail = breadcrumbTrail(store, page.uid, lang).map((step) => ({
    name: step.name,
    url: pageUrl({ uid: step.uid, lang: step.lang, host, mode: env.URL_MODE, knownHosts }),
  }));
  const jsonLd = structuredData({
    doc: page.doc,
    site,
    isRoot: page.uid === site.host,
    lang,
    canonical,
    rootUrl: pageUrl({ uid: site.host, lang, host, mode: env.URL_MODE, knownHosts }),
    trail,
    commerce: prices.commerce,
    image: image.url,
    absolute: asset,
  });

  const data: PageData = {
    kind: "page",
    context,
    // Content links resolved as on the page's own site host (its serving host in production), so one view serves every request.
    doc: toPageView(page.doc, linkContext(env, store, site.host, lang)),
    shell: buildShell(site, page.doc, ctx, env, siteCurrency, languageOptions),
    head: pageHead({
      title: page.doc.seo.title,
      description: page.doc.seo.description,
      canonical,
      alternates,
      noindex: page.doc.seo.noindex,
      siteName: site.name,
      lang,
      image,
      jsonLd,
    }),
    fellBackToEnglish: requestedBase !== "" && lang !== requestedBase,
    commerce: prices.commerce,
    pageView: firstPageView(context, page.doc.seo.title, url, req.log),
  };
  return { data, headers };
}

/** An invalid page view is logged and left to the client, whose pipeline reports it as a tracking_violation. */
function firstPageView(context: PageContext, title: string, url: URL, log: StorefrontLoadContext["request"]["log"]): PageViewPush | null {
  try {
    return buildPageViewPush({ context, title, url });
  } catch (error) {
    log("error", `the first page view is invalid, left to the client to report: ${(error as Error).message}`, error);
    return null;
  }
}
