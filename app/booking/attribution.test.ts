import { describe, expect, it } from "vitest";
import { parseAttributionCookie, resolveAttribution } from "./attribution";

describe("attribution (docs/requirements.md#9-constants: ci, cm, gclid, fbclid, msclkid)", () => {
  it("reads the h-attr cookie as a query string or JSON", () => {
    expect(parseAttributionCookie("ci=12&cm=spring&utm_source=x")).toEqual({ ci: "12", cm: "spring" });
    expect(parseAttributionCookie('{"gclid":"abc","fbclid":7,"other":"x"}')).toEqual({ gclid: "abc", fbclid: "7" });
    expect(parseAttributionCookie("{broken")).toEqual({});
    expect(parseAttributionCookie(null)).toEqual({});
  });

  it("the query wins key by key over the cookie", () => {
    expect(resolveAttribution("?gclid=new&x=1", "gclid=old&ci=5")).toEqual({ ci: "5", gclid: "new" });
  });

  it("drops values that are not opaque tokens", () => {
    expect(resolveAttribution("?ci=<script>&cm=a b&gclid=ok_1-2.3~", null)).toEqual({ gclid: "ok_1-2.3~" });
    expect(resolveAttribution(`?gclid=${"a".repeat(257)}`, null)).toEqual({});
  });
});
