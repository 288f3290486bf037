import type { MetaDescriptor } from "@remix-run/react";
import type { PageContext } from "../../tracking/page-context";
import type { PageViewPush } from "../../tracking/page-view";
import type { ContentError, Site } from "~/content/page-document";
import type { PageView } from "~/content/page-view";
import type { ResolvedFooter, ResolvedHeader } from "~/content/resolve-shell";
import type { UiStrings } from "~/i18n/ui-strings";
import type { PageCommerce } from "~/prices/price-types";
import type { SupportedLanguageCode } from "~/i18n/languages";

// What the page loader (load-page.server.ts) hands the route's components: plain JSON, typed once here so
// the loader and the views import the same module and neither imports the other.

export interface LanguageOption {
  code: string;
  name: string;
  href: string;
  current: boolean;
}

export interface Shell {
  /** The page language's interface words (the browser ships no dictionaries). */
  strings: UiStrings;
  siteName: string;
  siteHost: string;
  isLTT: boolean;
  lang: SupportedLanguageCode;
  header: ResolvedHeader;
  footer: ResolvedFooter;
  languages: LanguageOption[];
  currency: string;
}

export interface PageData {
  kind: "page";
  context: PageContext;
  /** What the body renders: rich text already parsed (content/page-view.server.ts). */
  doc: PageView;
  shell: Shell;
  /** Everything the page's <head> says about it: title, canonical, alternates, Open Graph, JSON-LD (page-head.server.ts); the route's `meta` returns it as it is. */
  head: MetaDescriptor[];
  /** Set when the requested language was unsupported or missing and English content is shown. */
  fellBackToEnglish: boolean;
  /** Prices, experiences and booking-link parts; what failed or came late is absent. */
  commerce: PageCommerce;
  /** The first page view, for <head> (root.tsx's PageViewScript); null for bots. */
  pageView: PageViewPush | null;
}

/** The site directory's route (development URL mode): `_` cannot begin a page's path segment, so it shadows no page. */
export const DIRECTORY_PATH = "/_directory";

export interface DirectoryData {
  kind: "directory";
  /** `sites`: the sites (searchable by host); `pages`: one site's pages. */
  view: "sites" | "pages";
  /** The host search, lower-cased ("" for none). */
  query: string;
  site: { name: string; host: string; brand: Site["brand"] } | null;
  /** Sites (or pages) matching, over every directory page. */
  total: number;
  /** 1-based. */
  page: number;
  pageCount: number;
  /** Previous and next directory pages, and links to the first, last and nearby ones. */
  pagination: { previous: string | null; next: string | null; links: Array<{ page: number; href: string; current: boolean }> };
  sites: Array<{ name: string; host: string; brand: Site["brand"] | null; href: string; homeHref: string }>;
  pages: Array<{ uid: string; title: string; pageType: string; links: Array<{ lang: string; href: string }> }>;
  contentErrors: ContentError[];
}

export interface NotFoundData {
  kind: "not-found" | "bad-request";
  /** Interface words for a 404 without a site shell (English). */
  strings: UiStrings;
  shell: Shell | null;
  message: string;
  /** Only in development URL mode: the bad documents behind this uid, naming file and field. */
  contentErrors: ContentError[];
}
