import type { MetaArgs } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { meta as pageMeta } from "~/page-route";
import { meta as rootMeta } from "~/root";

// docs/search.md: a 404 page and a server error's page are never indexed. The root's meta speaks when the root's
// ErrorBoundary shows (Remix hands it the error); the page route's for its own 404.

const args = (extra: Partial<MetaArgs>) =>
  ({ data: undefined, params: {}, location: { pathname: "/" }, matches: [], error: undefined, ...extra }) as unknown as MetaArgs;
const robotsOf = (descriptors: ReturnType<typeof rootMeta>) => (descriptors ?? []).find((d) => "name" in d && d.name === "robots");

describe("error pages", () => {
  it("a server error's page says noindex; a page without an error gets nothing from the root", () => {
    expect(robotsOf(rootMeta(args({ error: new Error("upstream exploded") })))).toEqual({ name: "robots", content: "noindex" });
    expect(rootMeta(args({}))).toEqual([]);
  });

  it("a 404 page says noindex", () => {
    const notFound = { status: 404, statusText: "Not Found", internal: false, data: { kind: "not-found", shell: null } };
    expect(robotsOf(pageMeta(args({ error: notFound }) as never))).toEqual({ name: "robots", content: "noindex" });
  });
});
