import type { EntryContext, ServerBuild } from "@remix-run/node";

// A Remix server build with one route, a root at "/" with `loader` and no action, for tests that go through
// Remix's own request handler (createRequestHandler): what it hands the document entry and handleError is
// what the real server gets, so a Remix upgrade that changes either fails there.

export interface OneRouteEntry {
  /** The document entry's render (its default export), given what Remix hands it. */
  render?: (request: Request, status: number, headers: Headers, context: EntryContext) => Response;
  handleError?: (error: unknown) => void;
}

export function oneRouteBuild(loader: () => unknown, { render, handleError }: OneRouteEntry = {}): ServerBuild {
  return {
    mode: "production",
    entry: {
      module: {
        default: render ?? ((_request: Request, status: number, headers: Headers) => new Response("<!DOCTYPE html><p>page</p>", { status, headers })),
        ...(handleError ? { handleError } : {}),
      },
    },
    routes: { root: { id: "root", path: "", module: { loader, default: () => null } } },
    assets: {
      routes: { root: { id: "root", path: "", module: "/build/root.js", hasLoader: true } },
      entry: { module: "/build/entry.js", imports: [] },
      url: "/build/manifest.js",
      version: "test",
    },
    publicPath: "/build/",
    assetsBuildDirectory: "public/build",
    future: {},
    isSpaMode: false,
    basename: "/",
  } as unknown as ServerBuild;
}
