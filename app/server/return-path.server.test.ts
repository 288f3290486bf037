import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MAX_RETURN_PATH, refererPath, sameOriginPath } from "./return-path.server";

/** Where a browser goes with this Location from a page on example.test, as Chromium's URL parser does. */
const followed = (location: string) => new URL(location, "https://www.example.test/preferences/currency");

describe("sameOriginPath", () => {
  it("keeps a page's own path and query", () => {
    for (const path of ["/", "/?uid=www.paris-experiences.example&lang=fr", "/fr/shows/les-miserables/", "/%C3%A9t%C3%A9/?q=%2F%2Fx", "/a?b=c&d=%0a"]) {
      expect(sameOriginPath(path), path).toBe(path);
    }
  });

  it("sends the parser's normal form: dot segments resolved, the fragment dropped", () => {
    expect(sameOriginPath("/a/../b/./c")).toBe("/b/c");
    expect(sameOriginPath("/x?y#top")).toBe("/x?y");
    // Empty segments collapse, as Remix's router would collapse them (printing the value it changed).
    expect(sameOriginPath("/;//bob@pii-example.com")).toBe("/;/bob@pii-example.com");
    expect(sameOriginPath("/a//b///c/?q=//x")).toBe("/a/b/c/?q=//x");
    expect(sameOriginPath("/a b")).toBeNull();
  });

  it("refuses everything a browser would follow off the origin, or that cannot be a header value", () => {
    const hostile = [
      "/\t/evil.example/",
      "/\n/evil.example/",
      "/\r/evil.example/",
      "/\t\t/evil.example",
      "//evil.example/",
      "/\\evil.example/",
      "\\/evil.example/",
      "\\\\evil.example",
      "/.//evil.example/",
      "/..//evil.example/",
      "/././/evil.example",
      "https://evil.example/",
      "http:evil.example",
      "http:/evil.example",
      "javascript:alert(1)",
      "data:text/html,x",
      " /x",
      "x/y",
      "",
      "/\u0000/x",
      "/\u007f",
      "/€",
      "/\u2028/x",
      "/x\r\nSet-Cookie: a=b",
      "/\ufeff/x",
    ];
    for (const value of hostile) {
      const path = sameOriginPath(value);
      if (path !== null) {
        expect(followed(path).host, JSON.stringify(value)).toBe("www.example.test");
        expect(path, JSON.stringify(value)).toMatch(/^\/(?!\/)[\x21-\x7e]*$/);
      }
      expect(path, JSON.stringify(value)).toBeNull();
    }
  });

  it("refuses values that are not strings or are too long", () => {
    expect(sameOriginPath(null)).toBeNull();
    expect(sameOriginPath(undefined)).toBeNull();
    expect(sameOriginPath(42)).toBeNull();
    expect(sameOriginPath(`/${"a".repeat(MAX_RETURN_PATH - 1)}`)).not.toBeNull();
    expect(sameOriginPath(`/${"a".repeat(MAX_RETURN_PATH)}`)).toBeNull();
  });

  it("never gives a path that a browser follows to another host (generated values)", () => {
    const unit = fc.constantFrom("/", "\\", ".", "%", "0", "9", "a", "@", ":", "?", "#", "\t", "\n", "e", "v", "l", "x", " ", "%2f", "%5c", "%09", "€");
    fc.assert(
      fc.property(fc.string({ unit, minLength: 1, maxLength: 12 }), (value) => {
        const path = sameOriginPath(value);
        if (path === null) return;
        expect(followed(path).host, JSON.stringify(value)).toBe("www.example.test");
        expect(path, JSON.stringify(value)).toMatch(/^\/(?!\/)[\x21-\x7e]*$/);
      }),
      { numRuns: 20_000, seed: 20261124 },
    );
  });
});

describe("refererPath", () => {
  const request = new URL("http://www.example.test/preferences/currency");
  it("gives the page's path when the Referer is on the request's host (any of http and https)", () => {
    expect(refererPath("https://www.example.test/fr/?lang=fr", request)).toBe("/fr/?lang=fr");
    expect(refererPath("http://www.example.test/", request)).toBe("/");
  });
  it("is null for another host, another port, a non-http URL or garbage", () => {
    for (const referer of [
      null,
      "",
      "https://evil.example/",
      "http://www.example.test:8080/",
      "ftp://www.example.test/",
      "not a url",
      "https://www.example.test//evil.example/",
    ]) {
      expect(refererPath(referer, request), String(referer)).toBeNull();
    }
  });
});
