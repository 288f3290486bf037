import { describe, expect, it } from "vitest";
import { resolvePageCurrency } from "./page-currency.server";

// Which of X-Currency and the cookie the visitor chose is read at the edge (request-context.server.test.ts).
describe("resolvePageCurrency (the visitor's choice wins, else site default, else USD)", () => {
  it("uses the visitor's choice, from the CDN's X-Currency or the cookie", () => {
    expect(resolvePageCurrency({ currency: "GBP", source: "header" }, "USD")).toEqual({ currency: "GBP", source: "header" });
    expect(resolvePageCurrency({ currency: "JPY", source: "cookie" }, "EUR")).toEqual({ currency: "JPY", source: "cookie" });
  });
  it("falls back to the site default", () => {
    expect(resolvePageCurrency(null, "eur")).toEqual({ currency: "EUR", source: "site" });
  });
  it("defaults to USD (docs/requirements.md#9-constants)", () => {
    expect(resolvePageCurrency(null, undefined)).toEqual({ currency: "USD", source: "default" });
    expect(resolvePageCurrency(null, "ZZZ")).toEqual({ currency: "USD", source: "default" });
  });
});
