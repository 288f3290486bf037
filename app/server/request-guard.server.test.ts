import { describe, expect, it } from "vitest";
import { checkRequestTarget } from "./request-guard.server";

describe("checkRequestTarget", () => {
  it("lets ordinary paths through", () => {
    for (const url of ["/", "/fr/shows/les-miserables/", "/?uid=a.b&lang=fr", "/%C3%A9t%C3%A9/"]) expect(checkRequestTarget(url), url).toEqual({ ok: true });
  });
  it("rejects paths that URL parsers would read as hosts, and broken encodings", () => {
    for (const url of ["/%5Cevil.example/x", "/\\x", "//evil.example/x", "/%2F%2Fevil", "/a%00b", "/%E0%A4%A"]) {
      expect(checkRequestTarget(url).ok, url).toBe(false);
    }
  });
  it("rejects URLs over 4096 characters with 414", () => {
    expect(checkRequestTarget(`/${"a".repeat(4095)}`)).toEqual({ ok: true });
    expect(checkRequestTarget(`/${"a".repeat(4096)}`)).toMatchObject({ ok: false, status: 414 });
  });
  it("leaves the query string to the page resolver", () => {
    expect(checkRequestTarget("/?uid=%5C%5C")).toEqual({ ok: true });
  });
});
