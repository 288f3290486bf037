import { describe, expect, it } from "vitest";
import { formatContentDate } from "~/content/date-format";
import { ICON_TYPES } from "~/content/icon-types";
import { Icon } from "~/components/icons/Icon";
import { dom, render, renderBlock, renderRich } from "./blocks-render";

const YT = "dQw4w9WgXcQ";

describe("rich text", () => {
  it("renders headings, paragraphs, lists and bold", () => {
    const root = dom(renderRich("## Spring\n\nMild **and** bright.\n\n### April\n\n- Tulips\n- Terraces"));
    expect(root.querySelector("h2")?.textContent).toBe("Spring");
    expect(root.querySelector("h3")?.textContent).toBe("April");
    expect(root.querySelector("p strong")?.textContent).toBe("and");
    expect([...root.querySelectorAll("li")].map((li) => li.textContent)).toEqual(["Tulips", "Terraces"]);
  });

  it("shows unknown blocks and malformed syntax as the text written", () => {
    const root = dom(renderRich('Hello {unknown x=1} and {price id=} and {icon type=Nope} and {script src="x"} {'));
    expect(root.querySelector("p")?.textContent).toBe('Hello {unknown x=1} and {price id=} and {icon type=Nope} and {script src="x"} {');
    expect(root.querySelector("script")).toBeNull();
  });

  it("never puts a box-like block inside <p> (hydration-safe)", () => {
    const html = renderRich('Before {callout text="Careful"} after');
    expect(html).not.toMatch(/<p[^>]*>[^]*<aside/);
    expect(dom(html).querySelector("div.para aside")).not.toBeNull();
  });

  it("shows a box-like block in a heading as text", () => {
    expect(dom(renderRich('## Tips {callout text="x"}')).querySelector("h2")?.textContent).toBe('Tips {callout text="x"}');
  });
});

describe("inline blocks", () => {
  it("icon: labelled icons are images, unlabelled ones decorative", () => {
    const labelled = dom(renderRich('{icon type=Timings label="Opening hours"}')).querySelector("svg")!;
    expect(labelled.getAttribute("role")).toBe("img");
    expect(labelled.getAttribute("aria-label")).toBe("Opening hours");
    const decorative = dom(renderRich("{icon type=train} Gare du Nord")).querySelector("svg")!;
    expect(decorative.getAttribute("aria-hidden")).toBe("true");
    expect(decorative.getAttribute("data-icon")).toBe("Train");
  });

  it("date: localized in the page language, in a <time>", () => {
    const en = dom(renderRich("{date value=2026-12-24 format=long}")).querySelector("time")!;
    expect(en.getAttribute("datetime")).toBe("2026-12-24");
    expect(en.textContent).toBe("December 24, 2026");
    expect(dom(renderRich("{date value=2026-12-24}", "fr")).querySelector("time")?.textContent).toBe("24 décembre 2026");
    expect(dom(renderRich("{date value=2026-12-24}", "de")).querySelector("time")?.textContent).toBe("24. Dezember 2026");
    expect(dom(renderRich("{date value=2026-04 format=month}", "fr")).querySelector("time")?.textContent).toBe("avril 2026");
  });

  it("date: invalid dates stay text (Feb 29 only in leap years)", () => {
    expect(dom(renderRich("{date value=2028-02-29}")).querySelector("time")).not.toBeNull();
    expect(dom(renderRich("{date value=2026-02-29}")).querySelector("time")).toBeNull();
    expect(dom(renderRich("{date value=2026-13-01}")).querySelector("time")).toBeNull();
    expect(dom(renderRich("{date value=2026-12-24 format=weird}")).querySelector("time")).toBeNull();
  });

  it("date: formats in UTC, so the day never moves with the time zone", () => {
    expect(formatContentDate("2026-01-01", "long", "en")).toBe("January 1, 2026");
    expect(formatContentDate("2026-01-01T23:30", "medium", "en").replace(/\s/g, " ")).toBe("Jan 1, 2026, 11:30 PM");
  });

  it("link: uid links go to the page in the page language; new-tab links are marked", () => {
    const a = dom(renderRich('{link to=www.paris-experiences.example.eiffel-tower label="Eiffel Tower tickets"}', "fr")).querySelector("a")!;
    expect(a.getAttribute("href")).toBe("/?uid=www.paris-experiences.example.eiffel-tower&lang=fr");
    expect(a.hasAttribute("target")).toBe(false);
    const tab = dom(renderRich('{a href="https://www.louvre.fr/en" label="Louvre" newtab}')).querySelector("a")!;
    expect(tab.getAttribute("target")).toBe("_blank");
    expect(tab.getAttribute("rel")).toBe("noopener noreferrer");
    expect(tab.textContent).toBe("Louvre (opens in a new tab)");
  });

  it("link: in production URL mode, a page of the site is its path, another site's page its absolute URL, neither counted as leaving", () => {
    const root = dom(
      renderRich(
        [
          '{link to=www.paris-experiences.example.day-trips label="Day trips"}',
          '{link to=www.london-theatre-tickets.example.shows.les-miserables label="Les Misérables"}',
          '{a href="https://www.paris-experiences.example/day-trips/" label="Day trips again"}',
          '{a href="https://www.louvre.fr/en" label="Louvre"}',
        ].join(" "),
        "en",
        "production",
      ),
    );
    const link = (name: string) => [...root.querySelectorAll("a")].find((a) => a.textContent === name)!;
    expect(link("Day trips").getAttribute("href")).toBe("/day-trips/");
    expect(link("Les Misérables").getAttribute("href")).toBe("https://www.london-theatre-tickets.example/shows/les-miserables/");
    expect(link("Day trips again").getAttribute("href")).toBe("/day-trips/");
    for (const name of ["Day trips", "Les Misérables", "Day trips again"]) {
      expect(link(name).hasAttribute("rel"), name).toBe(false);
      expect(link(name).hasAttribute("data-track"), name).toBe(false);
    }
    // Another host: rel=noopener, and its click counted from first paint.
    expect(link("Louvre").getAttribute("rel")).toBe("noopener");
    expect(JSON.parse(link("Louvre").getAttribute("data-track")!)).toMatchObject([{ event: "outbound_link_clicked" }]);
  });

  it("a: docs/requirements.md#8-failures, an invalid URL is external and opens in a new tab", () => {
    const a = dom(renderRich('{a href="www.louvre.fr" label="Louvre"}')).querySelector("a")!;
    expect(a.getAttribute("href")).toBe("https://www.louvre.fr");
    expect(a.getAttribute("target")).toBe("_blank");
    expect(a.getAttribute("rel")).toBe("noopener noreferrer");
  });

  it("a: a path the browser reads as another host (/\\evil.example) is external, in a new tab", () => {
    const a = dom(renderRich('{a href="/\\evil.example/x" label="Offers"}')).querySelector("a")!;
    // What Chromium follows: backslashes count as slashes in http(s) URLs.
    expect(new URL(a.getAttribute("href")!, "http://www.paris-experiences.example/").host).toBe("evil.example");
    expect(a.getAttribute("target")).toBe("_blank");
    expect(a.getAttribute("rel")).toBe("noopener noreferrer");
  });

  it("a: unsafe schemes lose the link and keep the words", () => {
    for (const href of ["javascript:alert(1)", "java\tscript:alert(1)", "data:text/html,x", "vbscript:x", " JAVASCRIPT:alert(1)"]) {
      const root = dom(renderRich(`{a href="${href}" label="Click"}`));
      expect(root.querySelector("a")).toBeNull();
      expect(root.textContent).toBe("Click");
    }
  });

  it("jumplink: links to the block id", () => {
    const a = dom(renderRich('{jumplink to=tickets label="See tickets"}')).querySelector("a")!;
    expect(a.getAttribute("href")).toBe("#tickets");
    expect(a.textContent).toBe("See tickets");
    expect(dom(renderRich('{jumplink to="bad id" label=x}')).querySelector("a")).toBeNull();
  });

  it("cta: a button-like link, primary unless secondary", () => {
    const a = dom(renderRich('{cta label="Book the summit" href="https://book.paris-experiences.example/en/book/10001/" newtab}')).querySelector(
      "[data-cta] a",
    )!;
    expect(a.textContent).toContain("Book the summit");
    expect(a.getAttribute("rel")).toBe("noopener noreferrer");
    expect(dom(renderRich("{cta label=Go href=/ appearance=ghost}")).querySelector("a")).toBeNull();
  });

  it("callout and notes: named asides", () => {
    const callout = dom(renderRich('{callout tone=warning title="Strikes" text="Check the RATP site."}')).querySelector("aside")!;
    expect(callout.getAttribute("aria-label")).toBe("Strikes");
    expect(callout.getAttribute("data-callout")).toBe("warning");
    expect(dom(renderRich('{callout text="x"}', "fr")).querySelector("aside")?.getAttribute("aria-label")).toBe("Information");
    const notes = dom(renderRich('{notes text="Bring ID | Arrive early |  "}', "de")).querySelector("aside")!;
    expect(notes.getAttribute("aria-label")).toBe("Gut zu wissen");
    expect([...notes.querySelectorAll("li")].map((li) => li.textContent)).toEqual(["Bring ID", "Arrive early"]);
  });

  it("iframe: maps are lazy, titled, sized, and in the page language", () => {
    const frame = dom(
      renderRich('{iframe src="https://www.google.com/maps/embed?pb=!1m2!3m2!1sen!2sfr!4v1" title="Map of the Louvre" ratio=4:3}', "fr"),
    ).querySelector("iframe")!;
    expect(frame.getAttribute("loading")).toBe("lazy");
    expect(frame.getAttribute("title")).toBe("Map of the Louvre");
    expect(frame.getAttribute("src")).toContain("hl=fr");
    expect(frame.getAttribute("src")).toContain("1sfr");
    expect(frame.closest("[data-embed]")?.getAttribute("style")).toContain("aspect-ratio:1.333");
    // The server sends it for browsers without JavaScript; the app makes it one screen ahead of the visitor.
    expect(frame.parentElement?.tagName).toBe("NOSCRIPT");
    expect(frame.closest("[data-embed]")?.getAttribute("data-embed-state")).toBe("waiting");
  });

  it("iframe: hosts off the allow-list render nothing; YouTube becomes the player", () => {
    expect(dom(renderRich('{iframe src="https://evil.example/x" title=x}')).querySelector("iframe")).toBeNull();
    expect(dom(renderRich('{iframe src="https://player.vimeo.com/video/1" title=x}')).querySelector("iframe")).toBeNull();
    const yt = dom(renderRich(`{iframe src="https://youtu.be/${YT}" title="Paris"}`)).querySelector("[data-embed=youtube]");
    expect(yt).not.toBeNull();
  });

  it("spotify: a fixed-height lazy frame", () => {
    const frame = dom(renderRich('{spotify src="https://open.spotify.com/playlist/37i9dQZF1DX4sWSpwq3LiO" compact}')).querySelector("iframe")!;
    expect(frame.getAttribute("src")).toBe("https://open.spotify.com/embed/playlist/37i9dQZF1DX4sWSpwq3LiO");
    expect(frame.getAttribute("title")).toBe("Listen on Spotify");
    expect(frame.closest("[data-embed]")?.getAttribute("style")).toContain("height:152px");
    expect(frame.getAttribute("loading")).toBe("lazy");
    expect(dom(renderRich('{spotify src="https://evil.example/playlist/37i9dQZF1DX4sWSpwq3LiO"}')).querySelector("iframe")).toBeNull();
  });

  it("image: sized, lazy, through the URL builder; unsafe sources render nothing", () => {
    const img = dom(renderRich('{image src=/media/paris/macarons.jpg alt="Macarons" width=600 height=400}')).querySelector("img")!;
    expect(img.getAttribute("width")).toBe("600");
    expect(img.getAttribute("height")).toBe("400");
    expect(img.getAttribute("loading")).toBe("lazy");
    expect(img.getAttribute("src")).toBe("/media/paris/macarons.jpg?auto=format%2Ccompress&w=720&h=480&q=90&fit=crop&crop=faces");
    expect(dom(renderRich('{image src="javascript:alert(1)" alt=x width=1 height=1}')).querySelector("img")).toBeNull();
    expect(dom(renderRich("{image src=/a.jpg alt=x width=0 height=1}")).querySelector("img")).toBeNull();
  });

  it("experience and price: handed to the commerce components", () => {
    expect(dom(renderRich("{experience id=10001}")).querySelector("[data-inline-experience='10001']")).not.toBeNull();
    expect(dom(renderRich("{experience id=abc}")).textContent).toBe("{experience id=abc}");
    expect(dom(renderRich("{price kind=sub-category id=0}")).textContent).toBe("{price kind=sub-category id=0}");
    expect(dom(renderRich("{price kind=planet id=5}")).textContent).toBe("{price kind=planet id=5}");
  });
});

describe("body blocks", () => {
  it("image: width, height, lazy, fallback and caption", () => {
    const root = dom(
      renderBlock({
        type: "image",
        url: "/media/a.jpg",
        fallbackUrl: "/media/fallback.jpg",
        alt: "Seine",
        width: 1200,
        height: 800,
        highQuality: true,
        faceCrop: false,
        caption: "The Seine at dusk",
      }),
    );
    const img = root.querySelector("img")!;
    expect(img.getAttribute("src")).toBe("/media/a.jpg?auto=format%2Ccompress&w=1800&h=1200&q=100");
    expect(img.getAttribute("loading")).toBe("lazy");
    expect(root.querySelector("figcaption")?.textContent).toBe("The Seine at dusk");
  });

  it("video: YouTube (every URL form) becomes the tracked player with the id; others a lazy frame or a link", () => {
    for (const url of [
      `https://www.youtube.com/watch?v=${YT}`,
      `https://youtu.be/${YT}`,
      `https://www.youtube.com/embed/${YT}`,
      `https://www.youtube-nocookie.com/embed/${YT}`,
    ]) {
      const html = renderBlock({ type: "video", url, title: "Paris by night" });
      expect(html).toContain('data-embed="youtube"');
      expect(html).toContain(YT);
      expect(html).not.toContain("<iframe");
    }
    const off = dom(renderBlock({ type: "video", url: "https://vimeo.com/123", title: "Loire" }));
    expect(off.querySelector("iframe")).toBeNull();
    expect(off.querySelector("a")?.getAttribute("rel")).toBe("noopener noreferrer");
  });

  it("video: the poster has intrinsic dimensions (16:9), like every other image", () => {
    const img = dom(
      renderBlock({ type: "video", url: `https://youtu.be/${YT}`, title: "Paris by night", posterUrl: "/media/paris/video-poster.jpg" }),
    ).querySelector("img")!;
    expect(img.getAttribute("src")).toBe("/media/paris/video-poster.jpg");
    expect([img.getAttribute("width"), img.getAttribute("height")]).toEqual(["1280", "720"]);
  });

  it("download: a link to the file", () => {
    const a = dom(renderBlock({ type: "download", url: "/media/paris/metro-map.pdf", label: "Metro map", fileName: "metro.pdf" })).querySelector("a")!;
    expect(a.getAttribute("href")).toBe("/media/paris/metro-map.pdf");
  });

  it("price and experience list render through the commerce contracts without throwing", () => {
    expect(() => renderBlock({ type: "price", label: "from", source: { kind: "collection", id: 5001 } })).not.toThrow();
    expect(() => renderBlock({ type: "experience_list", title: "Day trips", source: { kind: "category", id: 1143, city: "Paris" } })).not.toThrow();
  });
});

describe("icons", () => {
  it("draws all 21 types with an accessible name when labelled", () => {
    expect(ICON_TYPES).toHaveLength(21);
    for (const type of ICON_TYPES) {
      const svg = dom(render(<Icon type={type} label={type} />)).querySelector("svg")!;
      expect(svg.getAttribute("role")).toBe("img");
      expect(svg.getAttribute("aria-label")).toBe(type);
      expect(svg.querySelector("path, circle, rect")).not.toBeNull();
    }
  });
});
