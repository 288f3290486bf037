import { describe, expect, it } from "vitest";
import { jsonLdErrors, jsonLdIssues, jsonLdNodes } from "../../tests/fixtures/structured-data/validate";
import { PageDocumentSchema, SiteSchema } from "~/content/page-document";
import type { Experience, PageCommerce } from "~/prices/price-types";
import { structuredData, type StructuredDataInput } from "./structured-data.server";

// Each page type's JSON-LD, checked with Google's rich-result rules (0 errors), and saying only what the page shows:
// the rating only when there are ratings, the price the page prints in its currency, no product without either.

const ORIGIN = "https://www.london-theatre-tickets.example";
const site = SiteSchema.parse({
  host: "www.london-theatre-tickets.example",
  name: "London Theatre Tickets",
  brand: "theatre-retailer",
  header: { logoUrl: "/brand/logo.svg", logoAltText: "Home" },
  footer: { copyright: "©" },
});

const showDoc = PageDocumentSchema.parse({
  pageType: "show",
  subject: { kind: "tour-group", id: 17637, displayName: "Les Misérables" },
  seo: { title: "Les Mis tickets", description: "Book Les Mis." },
  heading: "Les Misérables",
  body: [
    { type: "price", label: "Tickets from", source: { kind: "tour-group", id: 17637 } },
    { type: "experience_list", title: "Tickets", source: { kind: "tour-groups", ids: [17637] } },
  ],
});

const listingDoc = PageDocumentSchema.parse({
  pageType: "collection",
  seo: { title: "Musicals", description: "Every musical." },
  heading: "Musicals",
  body: [
    { type: "experience_list", title: "West End musicals", source: { kind: "tour-groups", ids: [1, 2, 3] }, limit: 2 },
    { type: "experience_list", title: "Not loaded", source: { kind: "collection", id: 9 } },
  ],
});

const experience = (id: number, extra: Partial<Experience> = {}): Experience => ({
  id,
  name: `Show ${id}`,
  imageUrl: null,
  flowType: "SEATMAP" as Experience["flowType"],
  price: 30,
  currency: "GBP",
  averageRating: 4.6,
  ratingsCount: 120,
  category: null,
  ...extra,
});

function commerce(parts: Partial<PageCommerce>): PageCommerce {
  return {
    currency: "GBP",
    prices: {},
    experiences: {},
    lists: {},
    booking: { domain: "book.example", subdomain: "", lang: "en", currency: "GBP", date: null },
    text: { prices: {}, experiences: {} },
    ...parts,
  };
}

function input(extra: Partial<StructuredDataInput>): StructuredDataInput {
  return {
    doc: showDoc,
    site,
    isRoot: false,
    lang: "en",
    canonical: `${ORIGIN}/shows/les-miserables/`,
    rootUrl: `${ORIGIN}/`,
    trail: [
      { name: "London Theatre Tickets", url: `${ORIGIN}/` },
      { name: "Les Misérables", url: `${ORIGIN}/shows/les-miserables/` },
    ],
    commerce: commerce({}),
    image: `${ORIGIN}/media/hero.jpg`,
    absolute: (p) => new URL(p, ORIGIN).href,
    ...extra,
  };
}

const nodesOf = (graph: ReturnType<typeof structuredData>) => (graph ? jsonLdNodes(graph) : []);
const ofType = (graph: ReturnType<typeof structuredData>, type: string) => nodesOf(graph).filter((node) => node["@type"] === type);

describe("structured data", () => {
  it("a show page: breadcrumbs and a Product with the price the page prints and its rating, 0 errors", async () => {
    const graph = structuredData(
      input({
        commerce: commerce({
          prices: { "tour-group:17637": { amount: 23.8, currency: "GBP" } },
          experiences: { "17637": experience(17637, { price: 25, averageRating: 4.8, ratingsCount: 25410 }) },
          lists: { "tour-groups:17637": [17637] },
        }),
      }),
    );
    expect(await jsonLdErrors([graph])).toEqual([]);
    const [product] = ofType(graph, "Product");
    expect(product).toMatchObject({
      name: "Les Misérables",
      offers: { "@type": "AggregateOffer", lowPrice: 23.8, priceCurrency: "GBP" },
      aggregateRating: { "@type": "AggregateRating", ratingValue: 4.8, ratingCount: 25410 },
    });
    expect(ofType(graph, "BreadcrumbList")[0]).toMatchObject({
      itemListElement: [
        { position: 1, name: "London Theatre Tickets", item: `${ORIGIN}/` },
        { position: 2, name: "Les Misérables", item: `${ORIGIN}/shows/les-miserables/` },
      ],
    });
    // A product page is about the product: its one-card list is not a second list.
    expect(ofType(graph, "ItemList")).toEqual([]);
    expect(nodesOf(graph).map((node) => node["@type"])).not.toContain("Event");
  });

  it("no aggregateRating without ratings (ratingsCount 0), and the card's price when there is no price block", async () => {
    const doc = PageDocumentSchema.parse({ ...showDoc, body: [showDoc.body[1]] });
    const graph = structuredData(
      input({
        doc,
        commerce: commerce({ experiences: { "17637": experience(17637, { price: 41.5, currency: "EUR", averageRating: 4.9, ratingsCount: 0 }) } }),
      }),
    );
    const [product] = ofType(graph, "Product");
    expect(product).not.toHaveProperty("aggregateRating");
    expect(product).toMatchObject({ offers: { lowPrice: 41.5, priceCurrency: "EUR" } });
    expect(await jsonLdErrors([graph])).toEqual([]);
  });

  it("no Product without a price shown, even with a rating (Google's product rules want offers)", async () => {
    const rated = structuredData(input({ commerce: commerce({ experiences: { "17637": experience(17637, { price: null }) } }) }));
    expect(ofType(rated, "Product")).toEqual([]);
    expect(await jsonLdErrors([rated])).toEqual([]);
    // The validator does flag such a product: the rule is real.
    const ratedOnly = {
      "@type": "Product",
      name: "Les Misérables",
      image: `${ORIGIN}/media/hero.jpg`,
      aggregateRating: { "@type": "AggregateRating", ratingValue: 4.6, ratingCount: 120 },
    };
    expect(await jsonLdErrors([ratedOnly])).not.toEqual([]);
  });

  it("catalogue values that are not what the markup needs leave the node out", () => {
    const graph = structuredData(
      input({
        commerce: commerce({
          prices: { "tour-group:17637": { amount: -3, currency: "GBP" } },
          experiences: { "17637": experience(17637, { price: Number.NaN, averageRating: 7, ratingsCount: 12 }) },
        }),
      }),
    );
    expect(ofType(graph, "Product")).toEqual([]);
  });

  it("a listing page: an ItemList of the experiences each list shows, in order and within its limit", async () => {
    const graph = structuredData(
      input({
        doc: listingDoc,
        commerce: commerce({ experiences: { "1": experience(1), "2": experience(2), "3": experience(3) }, lists: { "tour-groups:1,2,3": [2, 1, 3] } }),
      }),
    );
    expect(ofType(graph, "ItemList")).toEqual([
      {
        "@type": "ItemList",
        name: "West End musicals",
        numberOfItems: 2,
        itemListElement: [
          { "@type": "ListItem", position: 1, name: "Show 2" },
          { "@type": "ListItem", position: 2, name: "Show 1" },
        ],
      },
    ]);
    expect(await jsonLdErrors([graph])).toEqual([]);
  });

  it("a site root: WebSite and Organization (no rating of its own), no breadcrumbs", async () => {
    const graph = structuredData(input({ doc: listingDoc, isRoot: true, trail: [{ name: site.name, url: `${ORIGIN}/` }], canonical: `${ORIGIN}/` }));
    expect(ofType(graph, "WebSite")[0]).toMatchObject({ name: "London Theatre Tickets", url: `${ORIGIN}/` });
    const [organization] = ofType(graph, "Organization");
    expect(organization).toMatchObject({ name: "London Theatre Tickets", url: `${ORIGIN}/`, logo: `${ORIGIN}/brand/logo.svg` });
    expect(organization).not.toHaveProperty("aggregateRating");
    expect(ofType(graph, "BreadcrumbList")).toEqual([]);
    expect(await jsonLdIssues([graph])).toEqual([]);
  });
});
