import { describe, expect, it, vi } from "vitest";
import { isPagePath, isValidUid, joinUid, pageHref, pageUrl, splitUid } from "./page-url";
import { toSupportedLanguage } from "~/i18n/languages";

const SHOW = "www.london-theatre-tickets.example.shows.les-miserables";
const ROOT = "www.london-theatre-tickets.example";

describe("pageUrl (docs/requirements.md#2-pages-and-the-shell)", () => {
  it("development: http://host/?uid=&lang=", () => {
    expect(pageUrl({ uid: SHOW, lang: "fr", host: "localhost:3000", mode: "development" })).toBe(`http://localhost:3000/?uid=${SHOW}&lang=fr`);
  });

  it("test: the same shape over https", () => {
    expect(pageUrl({ uid: SHOW, lang: "de", host: "staging.example", mode: "test" })).toBe(`https://staging.example/?uid=${SHOW}&lang=de`);
  });

  it("development without a host uses the uid's host", () => {
    expect(pageUrl({ uid: SHOW, lang: "en", mode: "development" })).toBe(`http://${ROOT}/?uid=${SHOW}&lang=en`);
  });

  it("production: host from the uid, no prefix for English, segments as path", () => {
    expect(pageUrl({ uid: SHOW, lang: "en", host: "ignored", mode: "production" })).toBe(`https://${ROOT}/shows/les-miserables/`);
  });

  it("production: a language prefix for every other supported language", () => {
    expect(pageUrl({ uid: SHOW, lang: "fr", mode: "production" })).toBe(`https://${ROOT}/fr/shows/les-miserables/`);
    expect(pageUrl({ uid: SHOW, lang: "tr", mode: "production" })).toBe(`https://${ROOT}/tr/shows/les-miserables/`);
  });

  it("production: a site root is just the host (with the prefix when not English)", () => {
    expect(pageUrl({ uid: ROOT, lang: "en", mode: "production" })).toBe(`https://${ROOT}/`);
    expect(pageUrl({ uid: ROOT, lang: "it", mode: "production" })).toBe(`https://${ROOT}/it/`);
  });

  it("docs/requirements.md#5-rules: unsupported (id, ar) and unknown languages become English", () => {
    for (const lang of ["id", "ar", "xx", "", null, undefined]) {
      expect(pageUrl({ uid: SHOW, lang: toSupportedLanguage(lang), mode: "production" })).toBe(`https://${ROOT}/shows/les-miserables/`);
      expect(pageUrl({ uid: SHOW, lang: toSupportedLanguage(lang), host: "h", mode: "development" })).toBe(`http://h/?uid=${SHOW}&lang=en`);
    }
  });

  it("normalises language case and region", () => {
    expect(pageUrl({ uid: SHOW, lang: toSupportedLanguage("FR-ca"), mode: "production" })).toBe(`https://${ROOT}/fr/shows/les-miserables/`);
  });

  it("docs/requirements.md#5-rules: a page link with no uid is empty in every mode", () => {
    for (const mode of ["development", "test", "production"] as const) {
      expect(pageUrl({ uid: "", lang: "fr", host: "h", mode })).toBe("");
      expect(pageUrl({ uid: null, lang: "fr", host: "h", mode })).toBe("");
      expect(pageUrl({ uid: undefined, mode })).toBe("");
    }
  });

  it("a known host with more than three labels is split correctly", () => {
    const hosts = new Set(["tickets.example.co.uk", "example.co.uk"]);
    expect(splitUid("tickets.example.co.uk.shows.x", hosts)).toEqual({ host: "tickets.example.co.uk", segments: ["shows", "x"] });
    expect(pageUrl({ uid: "tickets.example.co.uk.shows.x", lang: "en", mode: "production", knownHosts: hosts })).toBe("https://tickets.example.co.uk/shows/x/");
  });
});

describe("splitUid / joinUid", () => {
  it("finds the host with one lookup per label of the uid, whatever the number of sites", () => {
    const hosts = new Set(Array.from({ length: 20_000 }, (_, i) => `www.site-${i}.example`));
    hosts.add("www.site-7.example.co");
    const has = vi.spyOn(hosts, "has");
    expect(splitUid("www.site-7.example.co.shows.x", hosts)).toEqual({ host: "www.site-7.example.co", segments: ["shows", "x"] });
    expect(splitUid("www.site-19999.example.guides.a.b", hosts)).toEqual({ host: "www.site-19999.example", segments: ["guides", "a", "b"] });
    expect(has.mock.calls.length).toBeLessThanOrEqual(6 + 6);
  });

  it("round-trips", () => {
    const split = splitUid(SHOW);
    expect(split).toEqual({ host: ROOT, segments: ["shows", "les-miserables"] });
    expect(joinUid(split.host, split.segments)).toBe(SHOW);
    expect(splitUid(ROOT)).toEqual({ host: ROOT, segments: [] });
  });
});

describe("pageHref", () => {
  it("is a same-origin path in development", () => {
    expect(pageHref({ uid: SHOW, lang: "fr", host: "localhost:3000", mode: "development" })).toBe(`/?uid=${SHOW}&lang=fr`);
  });
  it("is a path in production on the same host and absolute across sites", () => {
    expect(pageHref({ uid: SHOW, lang: "fr", host: `${ROOT}:443`, mode: "production" })).toBe("/fr/shows/les-miserables/");
    expect(pageHref({ uid: SHOW, lang: "fr", host: "www.paris-experiences.example", mode: "production" })).toBe(`https://${ROOT}/fr/shows/les-miserables/`);
  });
  it("is empty without a uid", () => {
    expect(pageHref({ uid: "", host: "h", mode: "production" })).toBe("");
  });
});

describe("isValidUid", () => {
  it("accepts lowercase dotted uids and rejects the rest", () => {
    expect(isValidUid(SHOW)).toBe(true);
    for (const bad of ["", "UPPER.case", "a..b", ".a", "a.", "a/b", "a b", "-a", "a.-b", "x".repeat(257)]) expect(isValidUid(bad), bad).toBe(false);
    expect(isValidUid("x".repeat(256))).toBe(true);
  });
});

describe("isPagePath (docs/requirements.md#11-moving-between-pages)", () => {
  it("is true for the hrefs pageHref() gives a page of the serving site", () => {
    for (const href of [
      pageHref({ uid: SHOW, lang: "fr", host: "localhost:3000", mode: "development" }),
      pageHref({ uid: SHOW, lang: "en", host: ROOT, mode: "production" }),
      pageHref({ uid: SHOW, lang: "fr", host: ROOT, mode: "production" }),
      pageHref({ uid: ROOT, lang: "en", host: ROOT, mode: "production" }),
      pageHref({ uid: ROOT, lang: "de", host: ROOT, mode: "production" }),
      "/shows/les-miserables/?date=2026-12-01",
      "/shows/les-miserables/#tickets",
    ]) {
      expect(isPagePath(href), href).toBe(true);
    }
  });

  it("is false for another site, a file, another route, a fragment or a scheme", () => {
    for (const href of [
      pageHref({ uid: SHOW, lang: "fr", host: "www.paris-experiences.example", mode: "production" }),
      "//evil.example/",
      "/\\evil.example/",
      "/media/paris/paris-seasons-at-a-glance.pdf",
      "/tracking",
      "/tracking/plan.json",
      "#tickets",
      "mailto:box@example.com",
      "",
    ]) {
      expect(isPagePath(href), href).toBe(false);
    }
  });
});
