import { describe, expect, it } from "vitest";
import { resolvePageRequest } from "./resolve-page-request";

const SITE = "www.london-theatre-tickets.example";
const isSiteHost = (h: string) => h === SITE;
const resolve = (url: string, host = "localhost:3000", urlMode: "development" | "test" | "production" = "development") =>
  resolvePageRequest({ url: new URL(url, `http://${host}`), host, isSiteHost, urlMode });

describe("resolvePageRequest", () => {
  it("query form", () => {
    expect(resolve(`/?uid=${SITE}.shows.x&lang=fr`)).toEqual({ kind: "page", uid: `${SITE}.shows.x`, requestedLang: "fr", form: "query" });
  });

  it("query form without lang leaves the language to the loader", () => {
    expect(resolve(`/?uid=${SITE}`)).toMatchObject({ kind: "page", requestedLang: null });
  });

  it("path form with and without a language prefix, trailing slash optional", () => {
    expect(resolve("/fr/shows/x/", SITE)).toEqual({ kind: "page", uid: `${SITE}.shows.x`, requestedLang: "fr", form: "path" });
    expect(resolve("/shows/x", SITE)).toEqual({ kind: "page", uid: `${SITE}.shows.x`, requestedLang: null, form: "path" });
    expect(resolve("/", `${SITE}:3000`)).toEqual({ kind: "page", uid: SITE, requestedLang: null, form: "path" });
  });

  it("an unsupported language prefix is still recognised as a language (ar, id)", () => {
    expect(resolve("/ar/shows/x/", SITE)).toMatchObject({ uid: `${SITE}.shows.x`, requestedLang: "ar" });
  });

  it("the site directory is / in development mode only", () => {
    expect(resolve("/")).toEqual({ kind: "directory" });
    expect(resolve("/", "localhost:3000", "production")).toMatchObject({ kind: "not-found" });
    expect(resolve("/", "localhost:3000", "test")).toMatchObject({ kind: "not-found" });
  });

  it("malformed input is a 404 or 400, never a throw", () => {
    expect(resolve("/?uid=UPPER%20CASE")).toMatchObject({ kind: "not-found" });
    expect(resolve("/?uid=<script>")).toMatchObject({ kind: "not-found" });
    expect(resolve(`/?uid=${"a".repeat(300)}`)).toMatchObject({ kind: "bad-request" });
    expect(resolve(`/?uid=${SITE}&lang=${"x".repeat(40)}`)).toMatchObject({ kind: "bad-request" });
    expect(resolve("/%E0%A4%A/x", SITE)).toMatchObject({ kind: "not-found" });
    expect(resolve("/shows/../etc", SITE)).toMatchObject({ kind: "page" }); // URL normalises ".."
    expect(resolve("/shows/a.b", SITE)).toMatchObject({ kind: "not-found" });
    expect(resolve(`/${"a/".repeat(600)}`, SITE)).toMatchObject({ kind: "bad-request" });
    expect(resolve("/anything", "unknown.example")).toMatchObject({ kind: "not-found" });
  });

  it("host matching ignores case and port", () => {
    expect(resolve("/shows/x", "WWW.London-Theatre-Tickets.example:8080")).toMatchObject({ kind: "page", uid: `${SITE}.shows.x` });
  });
});
