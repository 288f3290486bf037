import { describe, expect, it } from "vitest";
import { loggablePath } from "./access-log.server";
import { endpointGroup, routeKind } from "./metrics.server";

// Label values and logged paths are bounded and carry no visitor data (docs/operations.md).

describe("endpointGroup", () => {
  it("is the API path without version, ids or query", () => {
    expect(endpointGroup("/api/v1/collection/")).toBe("collection");
    expect(endpointGroup("/api/v6/tour-groups/")).toBe("tour-groups");
    expect(endpointGroup("/api/v6/tour-groups/list-by/category/12/")).toBe("tour-groups/list-by/category");
    expect(endpointGroup("/api/v6/tour-groups/list-by/sub-category/1,2?city=Paris")).toBe("tour-groups/list-by/sub-category");
    expect(endpointGroup("/")).toBe("other");
  });
});

describe("routeKind", () => {
  it("names a request's kind from its method and path alone", () => {
    expect(routeKind("GET", "/")).toBe("page");
    expect(routeKind("GET", "/fr/shows/les-miserables/")).toBe("page");
    expect(routeKind("HEAD", "/guides/best-time-to-visit/")).toBe("page");
    expect(routeKind("POST", "/preferences/currency")).toBe("action");
    expect(routeKind("GET", "/build/entry.client-ABC.js")).toBe("static");
    expect(routeKind("GET", "/fonts/inter-latin-wght-normal.woff2")).toBe("static");
    expect(routeKind("GET", "/tracking/plan.json")).toBe("tracking");
    expect(routeKind("GET", "/tracking")).toBe("tracking");
    expect(routeKind("GET", "/machines")).toBe("inspector");
    expect(routeKind("GET", "/healthz")).toBe("other");
    expect(routeKind("GET", "/readyz")).toBe("other");
    expect(routeKind("GET", "/robots.txt")).toBe("other");
    expect(routeKind("GET", "/sitemap.xml")).toBe("other");
    expect(routeKind("GET", "/sitemap/2.xml")).toBe("other");
    expect(routeKind("GET", "/sitemap/intro/")).toBe("page");
  });
});

describe("loggablePath", () => {
  it("keeps the path and the query's names, never its values", () => {
    const ours = new Set(["uid", "lang", "date", "_data"]);
    expect(loggablePath("/?uid=www.paris.example&lang=fr", ours)).toBe("/?uid=&lang=");
    expect(loggablePath("/fr/shows/x/?email=a%40b.c", ours)).toBe("/fr/shows/x/?+1");
    // A name a visitor chose is never written, only counted.
    expect(loggablePath("/?uid=a&lang=&pm1xqname-alice.smith%40mail.example-tok1q=&x&date=", ours)).toBe("/?uid=&lang=&date=&+2");
    expect(loggablePath("/?_data=routes%2F%24", ours)).toBe("/?_data=");
    expect(loggablePath("/healthz", ours)).toBe("/healthz");
    expect(loggablePath(`/${"a".repeat(400)}`, ours)).toHaveLength(301);
  });
});
