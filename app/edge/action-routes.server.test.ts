import type { ServerBuild } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { postPaths } from "~/edge/action-routes.server";

const noop = (): null => null;

/** A route manifest as the server build has it: id → parent, path, module (only `action` matters here). */
function routes(entries: Array<{ id: string; parentId?: string; path?: string; index?: boolean; action?: boolean }>): ServerBuild["routes"] {
  return Object.fromEntries(
    entries.map(({ id, parentId, path, index, action }) => [
      id,
      { id, parentId, path, index, module: action ? { action: noop, default: noop } : { default: noop } },
    ]),
  ) as unknown as ServerBuild["routes"];
}

describe("postPaths", () => {
  it("is the full path of every route whose module exports an action, and nothing else", () => {
    const manifest = routes([
      { id: "root", path: "" },
      { id: "routes/_index", parentId: "root", index: true },
      { id: "routes/consent", parentId: "root", path: "consent", action: true },
      { id: "routes/preferences.currency", parentId: "root", path: "preferences/currency", action: true },
      { id: "routes/account", parentId: "root", path: "account" },
      { id: "routes/account.email", parentId: "routes/account", path: "email", action: true },
    ]);
    expect([...postPaths(manifest)].sort()).toEqual(["/account/email", "/consent", "/preferences/currency"]);
  });
  it("stops start-up on an action at a dynamic path, naming the route", () => {
    const manifest = routes([
      { id: "root", path: "" },
      { id: "routes/shows.$slug", parentId: "root", path: "shows/:slug", action: true },
    ]);
    expect(() => postPaths(manifest)).toThrow(/routes\/shows\.\$slug .*dynamic path/);
  });
});
