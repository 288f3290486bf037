import { describe, expect, it } from "vitest";
import { PageDocumentSchema, SiteSchema } from "~/content/page-document";
import { pageHead, shareImage } from "./page-head.server";

// What a page's head says to search engines and link previews (docs/search.md).

const ORIGIN = "https://www.paris-experiences.example";
const absolute = (p: string) => new URL(p, ORIGIN).href;
const site = SiteSchema.parse({
  host: "www.paris-experiences.example",
  name: "Paris Experiences",
  brand: "city-experiences",
  header: { logoUrl: "/brand/logo.svg", logoAltText: "Paris Experiences home", logoWidth: 200, logoHeight: 40 },
  footer: { copyright: "©" },
});
const doc = (extra: Record<string, unknown>) => PageDocumentSchema.parse({ pageType: "guide", seo: { title: "T", description: "D" }, heading: "H", ...extra });
const hero = { url: "/media/hero.jpg", alt: "The river", width: 1600, height: 700 };
const image = { type: "image", url: "/media/second.jpg", alt: "A street", width: 600, height: 400 };

describe("the share image", () => {
  it("is the SEO image (no size said), else the hero, else the first image block, else the site's logo, always absolute", () => {
    expect(shareImage(doc({ seo: { title: "T", description: "D", image: "/media/share.jpg" }, heroImage: hero }), site, absolute)).toEqual({
      url: `${ORIGIN}/media/share.jpg`,
      alt: "T",
    });
    expect(shareImage(doc({ heroImage: hero, body: [image] }), site, absolute)).toEqual({
      url: `${ORIGIN}/media/hero.jpg`,
      width: 1600,
      height: 700,
      alt: "The river",
    });
    expect(shareImage(doc({ body: [image] }), site, absolute)).toEqual({ url: `${ORIGIN}/media/second.jpg`, width: 600, height: 400, alt: "A street" });
    expect(shareImage(doc({}), site, absolute)).toEqual({ url: `${ORIGIN}/brand/logo.svg`, width: 200, height: 40, alt: "Paris Experiences home" });
  });
});

describe("the head", () => {
  const alternates = [
    { hreflang: "en", href: `${ORIGIN}/guides/x/` },
    { hreflang: "fr", href: `${ORIGIN}/fr/guides/x/` },
    { hreflang: "de", href: `${ORIGIN}/de/guides/x/` },
    { hreflang: "x-default", href: `${ORIGIN}/guides/x/` },
  ];
  const head = (extra: Partial<Parameters<typeof pageHead>[0]>) =>
    pageHead({
      title: "Best time",
      description: "When to go.",
      canonical: `${ORIGIN}/fr/guides/x/`,
      alternates,
      noindex: false,
      siteName: "Paris Experiences",
      lang: "fr",
      image: { url: `${ORIGIN}/media/hero.jpg`, width: 1600, height: 700, alt: "The river" },
      jsonLd: null,
      ...extra,
    });
  type Loose = Record<string, unknown>;
  const values = (descriptors: ReturnType<typeof pageHead>, key: string) =>
    (descriptors as Loose[]).filter((d) => d.property === key || d.name === key).map((d) => d.content as string);

  it("carries Open Graph and the Twitter card: the canonical as og:url, the page's locale and its other languages'", () => {
    const descriptors = head({});
    expect(values(descriptors, "og:url")).toEqual([`${ORIGIN}/fr/guides/x/`]);
    expect(values(descriptors, "og:locale")).toEqual(["fr_FR"]);
    expect(values(descriptors, "og:locale:alternate")).toEqual(["en_US", "de_DE"]);
    expect(values(descriptors, "og:image")).toEqual([`${ORIGIN}/media/hero.jpg`]);
    expect(values(descriptors, "og:image:width")).toEqual(["1600"]);
    expect(values(descriptors, "og:image:height")).toEqual(["700"]);
    expect(values(descriptors, "og:site_name")).toEqual(["Paris Experiences"]);
    expect(values(descriptors, "twitter:card")).toEqual(["summary_large_image"]);
    expect((descriptors as Loose[]).filter((d) => d.rel === "alternate").map((d) => d.hrefLang)).toEqual(["en", "fr", "de", "x-default"]);
    expect(values(descriptors, "robots")).toEqual([]);
  });

  it("says noindex when the document does, no image size it does not know, and the JSON-LD as one descriptor", () => {
    const descriptors = head({
      noindex: true,
      image: { url: `${ORIGIN}/media/share.jpg`, alt: "T" },
      jsonLd: { "@context": "https://schema.org", "@graph": [] },
    });
    expect(values(descriptors, "robots")).toEqual(["noindex"]);
    expect(values(descriptors, "og:image:width")).toEqual([]);
    expect(descriptors.filter((d) => "script:ld+json" in d)).toHaveLength(1);
  });
});
