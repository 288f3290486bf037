import { describe, expect, it } from "vitest";
import { pagePath, pageQuery } from "./page-query";

describe("pageQuery", () => {
  it("keeps uid, lang and date, every occurrence in order, and drops the rest", () => {
    expect(pageQuery("?utm_source=a&uid=x&gclid=1&lang=fr&date=2099-01-01&date=2099-01-02&x=__PAGE_CACHE_NONCE__").toString()).toBe(
      "uid=x&lang=fr&date=2099-01-01&date=2099-01-02",
    );
  });
  it("keeps an empty value, which is not the same as no value", () => {
    expect(pageQuery("?uid=x&date=").toString()).toBe("uid=x&date=");
  });
});

describe("pagePath", () => {
  it("is the path with the page's own parameters", () => {
    expect(pagePath("/", "?uid=x&lang=en&fbclid=z")).toBe("/?uid=x&lang=en");
    expect(pagePath("/fr/shows/x/", "?utm_medium=email")).toBe("/fr/shows/x/");
  });
});
