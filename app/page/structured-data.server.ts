import type { AggregateOffer, AggregateRating, BreadcrumbList, Graph, ItemList, Organization, Product, Thing, WebSite } from "schema-dts";
import { z } from "zod";
import { reviewTrust } from "~/content/review-trust";
import type { Block, PageDocument, Site } from "~/content/page-document";
import { experienceListKey, priceSourceKey } from "~/prices/commerce-keys";
import type { Experience, PageCommerce } from "~/prices/price-types";

// A page's structured data (JSON-LD, docs/search.md, decision 053): what the page shows, in schema.org's words, for
// the rich results search engines give. One @graph per page, written by Remix's <Meta> into <head>
// ("script:ld+json", escaped there so content cannot close the script), never hydrated and never run:
//  - every page but a site's root: a BreadcrumbList from the root to the page;
//  - a site's root: the WebSite and the Organization (name, url, logo; never ratings of its own);
//  - a page about one show or experience (its subject a tour group) that shows its price: a Product with an
//    AggregateOffer (that price, in its currency) and an AggregateRating only when the page shows the rating
//    (ratingsCount > 0);
//  - any other page with experience lists: an ItemList per list, the experiences it shows, in order.
// No Event (no dates are known), no FAQ. Catalogue values pass zod first: one that is not what the markup needs
// leaves its node out, never writes a wrong one.

interface TrailStep {
  name: string;
  url: string;
}

export interface StructuredDataInput {
  doc: PageDocument;
  site: Site;
  /** The site's root page (its uid is its host). */
  isRoot: boolean;
  lang: string;
  canonical: string;
  /** The site root's URL in the page's language. */
  rootUrl: string;
  /** From the root to the page itself (breadcrumbs.ts), with absolute URLs. */
  trail: readonly TrailStep[];
  commerce: PageCommerce;
  /** Absolute URL of the page's picture, if it has one. */
  image: string | null;
  /** Resolves a site-relative asset path against the page's origin. */
  absolute: (path: string) => string;
}

/** A price as the page prints it: positive, in a currency code. */
const PriceSchema = z.object({ amount: z.number().positive().finite(), currency: z.string().regex(/^[A-Z]{3}$/) });
/** A rating summary the page shows (review-trust.ts): an average on the 5-point scale over at least one rating. */
const RatingSchema = z.object({ averageRating: z.number().min(1).max(5), ratingsCount: z.number().int().positive() });

/** Two decimals at most, as prices are printed (i18n/price-format.ts). */
const asPrinted = (amount: number) => Math.round(amount * 100) / 100;

function breadcrumbList(trail: readonly TrailStep[]): BreadcrumbList {
  return {
    "@type": "BreadcrumbList",
    itemListElement: trail.map((crumb, index) => ({ "@type": "ListItem", position: index + 1, name: crumb.name, item: crumb.url })),
  };
}

function siteNodes({ site, rootUrl, lang, absolute }: StructuredDataInput): Thing[] {
  const organization: Organization = {
    "@type": "Organization",
    "@id": `${rootUrl}#organization`,
    name: site.name,
    url: rootUrl,
    logo: absolute(site.header.logoUrl),
  };
  const website: WebSite = {
    "@type": "WebSite",
    "@id": `${rootUrl}#website`,
    name: site.name,
    url: rootUrl,
    inLanguage: lang,
    publisher: { "@id": `${rootUrl}#organization` },
  };
  return [website, organization];
}

/** The price the page shows for a tour group: its price block's, else its card's. */
function shownPrice(doc: PageDocument, commerce: PageCommerce, id: number, experience: Experience | undefined): z.infer<typeof PriceSchema> | null {
  const hasPriceBlock = doc.body.some((block) => block.type === "price" && block.source.kind === "tour-group" && block.source.id === id);
  const fromBlock = hasPriceBlock ? PriceSchema.safeParse(commerce.prices[priceSourceKey({ kind: "tour-group", id })]) : null;
  if (fromBlock?.success) return fromBlock.data;
  const fromCard = experience ? PriceSchema.safeParse({ amount: experience.price, currency: experience.currency }) : null;
  return fromCard?.success ? fromCard.data : null;
}

function productNode(input: StructuredDataInput, id: number): Product | null {
  const { doc, commerce, canonical, image } = input;
  const experience = commerce.experiences[String(id)];
  const price = shownPrice(doc, commerce, id, experience);
  const rating = experience && reviewTrust(experience) !== "none" ? RatingSchema.safeParse(experience) : null;
  const offers: AggregateOffer | null = price
    ? { "@type": "AggregateOffer", lowPrice: asPrinted(price.amount), priceCurrency: price.currency, offerCount: 1, url: canonical }
    : null;
  const aggregateRating: AggregateRating | undefined = rating?.success
    ? { "@type": "AggregateRating", ratingValue: rating.data.averageRating, ratingCount: rating.data.ratingsCount, bestRating: 5, worstRating: 1 }
    : undefined;
  // Google's product rules ask for offers and an image on every Product: without a price shown, the page says
  // nothing about the product (its rating stays on the card).
  if (!offers || !image) return null;
  return {
    "@type": "Product",
    name: doc.heading,
    description: doc.seo.description,
    url: canonical,
    image,
    offers,
    ...(aggregateRating ? { aggregateRating } : {}),
  };
}

type ExperienceListBlock = Extract<Block, { type: "experience_list" }>;

/** The experiences an experience list shows, in order (as components/commerce/ExperienceList.tsx draws them). */
function shownExperiences(block: ExperienceListBlock, commerce: PageCommerce): Experience[] {
  return (commerce.lists[experienceListKey(block.source)] ?? [])
    .map((id) => commerce.experiences[String(id)])
    .filter((e): e is Experience => !!e)
    .slice(0, block.limit ?? Number.POSITIVE_INFINITY);
}

function itemLists({ doc, commerce }: StructuredDataInput): ItemList[] {
  return doc.body
    .filter((block): block is ExperienceListBlock => block.type === "experience_list")
    .map((block) => ({ block, shown: shownExperiences(block, commerce) }))
    .filter(({ shown }) => shown.length > 0)
    .map(({ block, shown }) => ({
      "@type": "ItemList",
      name: block.title,
      numberOfItems: shown.length,
      itemListElement: shown.map((e, index) => ({ "@type": "ListItem", position: index + 1, name: e.name })),
    }));
}

/** The page's JSON-LD graph; null when it has nothing to say. */
export function structuredData(input: StructuredDataInput): Graph | null {
  const nodes: Thing[] = [];
  if (input.isRoot) nodes.push(...siteNodes(input));
  else if (input.trail.length > 1) nodes.push(breadcrumbList(input.trail));
  const subject = input.doc.subject;
  const product = subject?.kind === "tour-group" ? productNode(input, subject.id) : null;
  if (product) nodes.push(product);
  else nodes.push(...itemLists(input));
  return nodes.length ? { "@context": "https://schema.org", "@graph": nodes } : null;
}
