import type { MetaDescriptor } from "@remix-run/node";
import type { Graph } from "schema-dts";
import type { Alternate } from "~/content/page-alternates";
import type { PageDocument, Site } from "~/content/page-document";
import { getLanguage } from "~/i18n/languages";

// What a page says about itself in <head> (docs/search.md): title and description, the canonical and its language
// alternates, robots, Open Graph and the Twitter card for link previews, and its JSON-LD. Made whole on the server:
// the route's `meta` hands it to Remix's <Meta> as it is, so a navigation inside the app puts the new page's set in
// the head with no code in the browser to build it.

export interface ShareImage {
  /** Absolute. */
  url: string;
  width?: number;
  height?: number;
  alt: string;
}

/**
 * The picture a link preview shows: the document's SEO image, else its hero, else its first image block, else the
 * site's logo; each resolved against the page's origin. The SEO image has no size in the document, so none is said.
 */
export function shareImage(doc: PageDocument, site: Site, absolute: (path: string) => string): ShareImage {
  if (doc.seo.image) return { url: absolute(doc.seo.image), alt: doc.seo.title };
  if (doc.heroImage) return { url: absolute(doc.heroImage.url), width: doc.heroImage.width, height: doc.heroImage.height, alt: doc.heroImage.alt };
  const first = doc.body.find((block) => block.type === "image");
  if (first?.type === "image") return { url: absolute(first.url), width: first.width, height: first.height, alt: first.alt };
  return { url: absolute(site.header.logoUrl), width: site.header.logoWidth, height: site.header.logoHeight, alt: site.header.logoAltText };
}

/** Open Graph's locale form: en_US. */
const ogLocale = (lang: string) => (getLanguage(lang)?.locale ?? lang).replace("-", "_");

export interface PageHeadInput {
  title: string;
  description: string;
  canonical: string;
  alternates: readonly Alternate[];
  noindex: boolean;
  siteName: string;
  lang: string;
  image: ShareImage;
  jsonLd: Graph | null;
}

export function pageHead({ title, description, canonical, alternates, noindex, siteName, lang, image, jsonLd }: PageHeadInput): MetaDescriptor[] {
  const otherLanguages = alternates.filter((alt) => alt.hreflang !== "x-default" && alt.hreflang !== lang);
  return [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: canonical },
    ...alternates.map((alt) => ({ tagName: "link", rel: "alternate", hrefLang: alt.hreflang, href: alt.href })),
    ...(noindex ? [{ name: "robots", content: "noindex" }] : []),
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: siteName },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: canonical },
    { property: "og:locale", content: ogLocale(lang) },
    ...otherLanguages.map((alt) => ({ property: "og:locale:alternate", content: ogLocale(alt.hreflang) })),
    { property: "og:image", content: image.url },
    ...(image.width && image.height
      ? [
          { property: "og:image:width", content: String(image.width) },
          { property: "og:image:height", content: String(image.height) },
        ]
      : []),
    { property: "og:image:alt", content: image.alt },
    { name: "twitter:card", content: "summary_large_image" },
    ...(jsonLd ? [{ "script:ld+json": jsonLd as unknown as Record<string, unknown> }] : []),
  ];
}
