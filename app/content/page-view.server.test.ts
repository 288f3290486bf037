import { describe, expect, it } from "vitest";
import type { LinkContext } from "./action-link";
import { PageDocumentSchema, type Block } from "./page-document";
import { toPageView, toViewBlock } from "./page-view.server";
import type { PageView } from "./page-view";

// Links written in content are resolved on the server, for the page's site and the URL mode
// (docs/requirements.md#2-pages-and-the-shell, Page URLs): the browser renders them as they come.

const PARIS = "www.paris-experiences.example";
const LTT = "www.london-theatre-tickets.example";
const knownHosts = new Set([PARIS, LTT]);
const onParis = (mode: LinkContext["mode"], lang: LinkContext["lang"] = "en"): LinkContext => ({ mode, host: PARIS, lang, knownHosts });

const LINKS = [
  `{link to=${PARIS}.day-trips label="Day trips"}`,
  `{link to=${LTT}.shows.les-miserables label="Les Misérables"}`,
  `{a href="https://${PARIS}/day-trips/" label="Day trips again"}`,
  `{a href="https://www.louvre.fr/en" label="Louvre"}`,
  `{a href="javascript:alert(1)" label="Unsafe"}`,
  `{a href="//evil.example/x" label="Evil"}`,
  `{cta label="Book" to=${PARIS}.eiffel-tower appearance=secondary}`,
].join(" ");

/** Every inline link of a rich-text block's view, by label. */
function linksOf(block: Block, links: LinkContext) {
  const view = toViewBlock(block, links);
  if (view.type !== "rich_text") throw new Error("not rich text");
  const found: Record<string, unknown> = {};
  for (const node of view.nodes)
    if (node.kind === "paragraph")
      for (const child of node.children) if (child.kind === "block" && "link" in child.props) found[child.props.label] = child.props.link;
  return found;
}

const body: Block = { type: "rich_text", text: LINKS };

describe("content links, resolved on the server", () => {
  it("production: a page of the site is its path, another site's page its absolute URL (not external), a same-site URL a path", () => {
    expect(linksOf(body, onParis("production"))).toEqual({
      "Day trips": { href: "/day-trips/", newTab: false, external: false },
      "Les Misérables": { href: `https://${LTT}/shows/les-miserables/`, newTab: false, external: false },
      "Day trips again": { href: "/day-trips/", newTab: false, external: false },
      Louvre: { href: "https://www.louvre.fr/en", newTab: false, external: true },
      Unsafe: { href: "", newTab: true, external: true },
      Evil: { href: "https://evil.example/x", newTab: true, external: true },
      Book: { href: "/eiffel-tower/", newTab: false, external: false },
    });
  });

  it("production: in the page language", () => {
    expect(linksOf(body, onParis("production", "fr"))).toMatchObject({
      "Day trips": { href: "/fr/day-trips/" },
      "Les Misérables": { href: `https://${LTT}/fr/shows/les-miserables/` },
    });
  });

  it("development: every page in the query form on the serving host; an absolute URL leaves the site", () => {
    expect(linksOf(body, onParis("development", "fr"))).toEqual({
      "Day trips": { href: `/?uid=${PARIS}.day-trips&lang=fr`, newTab: false, external: false },
      "Les Misérables": { href: `/?uid=${LTT}.shows.les-miserables&lang=fr`, newTab: false, external: false },
      "Day trips again": { href: `https://${PARIS}/day-trips/`, newTab: false, external: true },
      Louvre: { href: "https://www.louvre.fr/en", newTab: false, external: true },
      Unsafe: { href: "", newTab: true, external: true },
      Evil: { href: "http://evil.example/x", newTab: true, external: true },
      Book: { href: `/?uid=${PARIS}.eiffel-tower&lang=fr`, newTab: false, external: false },
    });
  });

  it("a cta keeps its appearance; a video off the allow-list arrives as its link, in a new tab", () => {
    const view = toViewBlock({ type: "rich_text", text: `{cta label=Book to=${PARIS}.eiffel-tower appearance=secondary}` }, onParis("production"));
    expect(view).toMatchObject({ nodes: [{ children: [{ props: { name: "cta", appearance: "secondary", link: { href: "/eiffel-tower/" } } }] }] });
    for (const mode of ["production", "development"] as const)
      expect(toViewBlock({ type: "video", url: "https://vimeo.com/123", title: "Loire" }, onParis(mode))).toMatchObject({
        embed: { kind: "blocked", link: { href: "https://vimeo.com/123", newTab: true, external: true } },
      });
    expect(toViewBlock({ type: "video", url: "https://youtu.be/dQw4w9WgXcQ", title: "Paris" }, onParis("production"))).toMatchObject({
      embed: { kind: "youtube" },
    });
    expect(toViewBlock({ type: "video", url: "javascript:alert(1)", title: "x" }, onParis("production"))).toMatchObject({
      embed: { kind: "blocked", link: { href: "" } },
    });
  });
});

describe("toPageView", () => {
  const doc = PageDocumentSchema.parse({ pageType: "guide", seo: { title: "T", description: "D" }, heading: "H", body: [body] });
  const dayTrips = (view: PageView) => JSON.stringify(view).match(/"href":"([^"]*day-trips[^"]*)"/)?.[1];

  it("is made once per document, language, URL mode and host set", () => {
    const production = toPageView(doc, onParis("production"));
    expect(toPageView(doc, onParis("production"))).toBe(production);
    expect(dayTrips(production)).toBe("/day-trips/");
    expect(dayTrips(toPageView(doc, onParis("development")))).toBe(`/?uid=${PARIS}.day-trips&lang=en`);
    expect(dayTrips(toPageView(doc, onParis("production", "fr")))).toBe("/fr/day-trips/");
    expect(toPageView(doc, onParis("production"))).toBe(production);
  });

  it("is made again when a site comes or goes (the store gives a new host set)", () => {
    const longHost = "www.paris-experiences.example.co";
    const linked = PageDocumentSchema.parse({
      pageType: "guide",
      seo: { title: "T", description: "D" },
      heading: "H",
      body: [{ type: "rich_text", text: `{link to=${longHost}.tours label=Tours}` }],
    });
    const href = (view: PageView) => JSON.stringify(view).match(/"href":"([^"]*)"/)?.[1];
    // Unknown, the uid's host is its first three labels; once the site exists, its own host.
    expect(href(toPageView(linked, onParis("production")))).toBe("/co/tours/");
    const withSite = { ...onParis("production"), knownHosts: new Set([...knownHosts, longHost]) };
    expect(href(toPageView(linked, withSite))).toBe(`https://${longHost}/tours/`);
  });
});
