import { describe, expect, it } from "vitest";
import { ATTRIBUTION_COOKIE_MAX_BYTES, attributionFromSearch, nextAttribution, parseAttribution, serializeAttribution } from "./attribution";

describe("attribution (docs/requirements.md#9-constants: ci, cm, gclid, fbclid, msclkid → h-attr)", () => {
  it("captures the five keys and nothing else", () => {
    expect(attributionFromSearch("?ci=123&cm=email&gclid=Cj0KCQ-abc_1&fbclid=IwAR2x&msclkid=4f2a9c&utm_source=x&uid=y")).toEqual({
      ci: "123",
      cm: "email",
      gclid: "Cj0KCQ-abc_1",
      fbclid: "IwAR2x",
      msclkid: "4f2a9c",
    });
  });

  it("refuses values that are not URL-safe tokens or longer than 100 characters", () => {
    expect(attributionFromSearch("?gclid=<script>&fbclid=a%20b&ci=")).toEqual({});
    expect(attributionFromSearch(`?gclid=${"a".repeat(100)}`)).toEqual({ gclid: "a".repeat(100) });
    expect(attributionFromSearch(`?gclid=${"a".repeat(101)}`)).toEqual({});
  });

  it("round-trips through the cookie value, and a tampered cookie keeps only valid keys", () => {
    const value = { gclid: "Cj0KCQ-abc_1", ci: "42" };
    expect(parseAttribution(serializeAttribution(value))).toEqual(value);
    expect(parseAttribution("gclid=ok&evil=1&fbclid=%3Cb%3E")).toEqual({ gclid: "ok" });
    expect(parseAttribution("x".repeat(5000))).toEqual({});
  });

  it("keeps the cookie within its size bound", () => {
    const all = { ci: "a".repeat(100), cm: "b".repeat(100), gclid: "c".repeat(100), fbclid: "d".repeat(100), msclkid: "e".repeat(100) };
    expect(serializeAttribution(all).length).toBeLessThanOrEqual(ATTRIBUTION_COOKIE_MAX_BYTES);
  });

  it("last touch wins: a URL with keys replaces the stored ones; a URL without keeps them", () => {
    expect(nextAttribution("?fbclid=new1", { gclid: "old" })).toEqual({ attribution: { fbclid: "new1" }, changed: true });
    expect(nextAttribution("?uid=x", { gclid: "old" })).toEqual({ attribution: { gclid: "old" }, changed: false });
    expect(nextAttribution("?gclid=old", { gclid: "old" })).toEqual({ attribution: { gclid: "old" }, changed: false });
  });
});
