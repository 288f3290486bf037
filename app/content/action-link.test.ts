import { describe, expect, it } from "vitest";
import { resolveActionLink, resolveLinkTarget, resolveUrl, uidHref, type LinkContext } from "./action-link";

const dev: LinkContext = { mode: "development", host: "localhost:3000", lang: "fr", knownHosts: new Set(["www.paris-experiences.example"]) };
const prod: LinkContext = {
  mode: "production",
  host: "www.paris-experiences.example",
  lang: "fr",
  knownHosts: new Set(["www.paris-experiences.example", "www.london-theatre-tickets.example"]),
};

describe("resolveUrl", () => {
  it.each([
    "javascript:alert(1)",
    "JavaScript:alert(1)",
    " javascript:alert(1)",
    "java\nscript:alert(1)",
    "java\tscript:alert(1)",
    "\u0001javascript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "vbscript:msgbox(1)",
    "file:///etc/passwd",
  ])("never gives an href for %j", (url) => {
    expect(resolveUrl(url, dev).href).toBe("");
  });

  it("keeps site paths and fragments on the site", () => {
    expect(resolveUrl("/guides/", dev)).toEqual({ href: "/guides/", external: false, invalid: false });
    expect(resolveUrl("#tickets", dev)).toEqual({ href: "#tickets", external: false, invalid: false });
  });

  it("marks other hosts external, and same-site absolute URLs internal in production", () => {
    expect(resolveUrl("https://www.louvre.fr/en", prod)).toMatchObject({ external: true, invalid: false });
    expect(resolveUrl("https://www.paris-experiences.example/fr/guides/?a=1#b", prod)).toEqual({ href: "/fr/guides/?a=1#b", external: false, invalid: false });
    expect(resolveUrl("https://www.london-theatre-tickets.example/", prod).external).toBe(true);
  });

  it.each(["/\\evil.example/x", "\\\\evil.example/x", "\\/evil.example/x", "/\t/evil.example/x", "//evil.example/x"])(
    "reads %j as the browser does: another host, so external and in a new tab",
    (url) => {
      for (const ctx of [dev, prod]) {
        const resolved = resolveUrl(url, ctx);
        expect(resolved.external).toBe(true);
        expect(resolved.invalid).toBe(true);
        expect(new URL(resolved.href).host).toBe("evil.example");
      }
    },
  );

  it("keeps a path internal when the browser resolves it to this site", () => {
    expect(resolveUrl("/guides/../fr/?a=1#b", prod)).toEqual({ href: "/fr/?a=1#b", external: false, invalid: false });
    expect(resolveUrl("//www.paris-experiences.example/fr/", prod)).toEqual({ href: "/fr/", external: false, invalid: false });
    expect(resolveUrl("\\guides", prod)).toEqual({ href: "/guides", external: false, invalid: false });
  });

  it("compares origins, not host names: another port or scheme is another site", () => {
    expect(resolveUrl("https://www.paris-experiences.example:8443/fr/", prod)).toMatchObject({
      external: true,
      href: "https://www.paris-experiences.example:8443/fr/",
    });
    expect(resolveUrl("http://www.paris-experiences.example/fr/", prod).external).toBe(true);
  });

  it("docs/requirements.md#8-failures: an unparseable URL is external (made absolute) and invalid", () => {
    expect(resolveUrl("www.louvre.fr", dev)).toEqual({ href: "https://www.louvre.fr", external: true, invalid: true });
    expect(resolveUrl("", dev)).toEqual({ href: "", external: false, invalid: true });
  });

  it("accepts mailto: and tel:", () => {
    expect(resolveUrl("mailto:hello@paris-experiences.example", dev).href).toBe("mailto:hello@paris-experiences.example");
    expect(resolveUrl("tel:+33123456789", dev).href).toBe("tel:+33123456789");
  });

  it("refuses a mailto: whose address fails the email check (docs/requirements.md#5-rules)", () => {
    expect(resolveUrl("mailto:hello@paris", dev).href).toBe("");
    expect(resolveUrl("mailto:hello@paris.fr?subject=Hi", dev).href).toBe("mailto:hello@paris.fr?subject=Hi");
  });
});

describe("resolveActionLink", () => {
  it("resolves reference links to the page URL in the page language", () => {
    const link = resolveActionLink(
      { type: "reference", label: "Eiffel", reference: { value: { uid: "www.paris-experiences.example.eiffel-tower" } }, newTab: false, appearance: "link" },
      prod,
    );
    expect(link).toEqual({ label: "Eiffel", href: "/fr/eiffel-tower/", newTab: false, external: false, appearance: "link" });
  });

  it("docs/requirements.md#8-failures: an invalid custom URL opens in a new tab", () => {
    const link = resolveActionLink({ type: "custom", label: "Louvre", url: "www.louvre.fr", newTab: false, appearance: "primary" }, dev);
    expect(link).toMatchObject({ href: "https://www.louvre.fr", newTab: true, external: true, appearance: "primary" });
  });

  it("keeps newTab as authored for valid URLs", () => {
    expect(resolveActionLink({ type: "custom", label: "x", url: "https://a.example/", newTab: false, appearance: "link" }, dev).newTab).toBe(false);
    expect(resolveActionLink({ type: "custom", label: "x", url: "https://a.example/", newTab: true, appearance: "link" }, dev).newTab).toBe(true);
  });
});

describe("resolveLinkTarget", () => {
  const paris = { ...prod, host: "www.paris-experiences.example" };
  it("production: this site's page is a path, another of our sites' its absolute URL, neither external", () => {
    expect(resolveLinkTarget({ kind: "uid", uid: "www.paris-experiences.example.day-trips" }, false, paris)).toEqual({
      href: "/fr/day-trips/",
      newTab: false,
      external: false,
    });
    expect(resolveLinkTarget({ kind: "uid", uid: "www.london-theatre-tickets.example.shows.les-miserables" }, true, paris)).toEqual({
      href: "https://www.london-theatre-tickets.example/fr/shows/les-miserables/",
      newTab: true,
      external: false,
    });
  });

  it("production: a uid whose host is none of our sites leaves them, so it is external", () => {
    expect(resolveLinkTarget({ kind: "uid", uid: "www.louvre.fr.en" }, false, paris)).toEqual({
      href: "https://www.louvre.fr/fr/en/",
      newTab: false,
      external: true,
    });
  });

  it("development: every uid stays on the serving host", () => {
    expect(resolveLinkTarget({ kind: "uid", uid: "www.louvre.fr.en" }, false, dev)).toEqual({
      href: "/?uid=www.louvre.fr.en&lang=fr",
      newTab: false,
      external: false,
    });
  });

  it("a URL as resolveUrl reads it: the same site's absolute URL a path in production, an invalid one in a new tab, an unsafe one no href", () => {
    expect(resolveLinkTarget({ kind: "url", url: "https://www.paris-experiences.example/day-trips/" }, false, paris)).toEqual({
      href: "/day-trips/",
      newTab: false,
      external: false,
    });
    expect(resolveLinkTarget({ kind: "url", url: "//evil.example/x" }, false, paris)).toEqual({ href: "https://evil.example/x", newTab: true, external: true });
    expect(resolveLinkTarget({ kind: "url", url: "javascript:alert(1)" }, false, paris)).toMatchObject({ href: "" });
  });
});

describe("uidHref", () => {
  it("docs/requirements.md#5-rules: no uid gives an empty link", () => {
    expect(uidHref(undefined, dev)).toBe("");
    expect(uidHref("", dev)).toBe("");
    expect(uidHref("www.paris-experiences.example", dev)).toBe("/?uid=www.paris-experiences.example&lang=fr");
  });
});
