import { describe, expect, it } from "vitest";
import { resolvePageCurrency } from "./page-currency.server";

describe("resolvePageCurrency (cookie wins, else site default, else USD)", () => {
  const h = (init: Record<string, string>) => new Headers(init);
  it("uses the CDN's normalised X-Currency first", () => {
    expect(resolvePageCurrency(h({ "x-currency": "gbp", cookie: "currency=EUR" }), "USD")).toEqual({ currency: "GBP", source: "header" });
  });
  it("then the currency cookie", () => {
    expect(resolvePageCurrency(h({ cookie: "a=1; currency=JPY" }), "EUR")).toEqual({ currency: "JPY", source: "cookie" });
  });
  it("ignores an unknown currency and falls back to the site default", () => {
    expect(resolvePageCurrency(h({ cookie: "currency=XYZ", "x-currency": "nope" }), "EUR")).toEqual({ currency: "EUR", source: "site" });
  });
  it("defaults to USD (docs/requirements.md#9-constants)", () => {
    expect(resolvePageCurrency(h({}), undefined)).toEqual({ currency: "USD", source: "default" });
    expect(resolvePageCurrency(h({}), "ZZZ")).toEqual({ currency: "USD", source: "default" });
  });
});
