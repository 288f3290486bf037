import { describe, expect, it } from "vitest";
import { trackingPreloadUrls } from "./tracking-preloads.server";

// The tracking chunks are module-preloaded from the document, found in the compiler's metafile.

const out = (entryPoint: string | undefined, imports: Array<[string, "import-statement" | "dynamic-import"]> = []) => ({
  ...(entryPoint ? { entryPoint } : {}),
  inputs: {},
  imports: imports.map(([path, kind]) => ({ path, kind })),
});

const meta = {
  outputs: {
    "public/build/entry.client-A.js": out("app/entry.client.tsx", [["public/build/_shared/chunk-REACT.js", "import-statement"]]),
    "public/build/root-B.js": out("browser-route-module:root.tsx?browser", [
      ["public/build/_shared/chunk-REACT.js", "import-statement"],
      ["public/build/_shared/pipeline-C.js", "dynamic-import"],
      ["public/build/_shared/analytics.browser.es-D.js", "dynamic-import"],
      ["public/build/_shared/ModalDialog-E.js", "dynamic-import"],
    ]),
    "public/build/_shared/chunk-REACT.js": out(undefined),
    "public/build/_shared/pipeline-C.js": out("tracking/pipeline.ts", [
      ["public/build/_shared/chunk-ZOD.js", "import-statement"],
      ["public/build/_shared/chunk-REACT.js", "import-statement"],
    ]),
    "public/build/_shared/analytics.browser.es-D.js": out("node_modules/analytics/lib/analytics.browser.es.js", [
      ["public/build/_shared/chunk-ZOD.js", "import-statement"],
    ]),
    "public/build/_shared/chunk-ZOD.js": out(undefined, [["public/build/_shared/chunk-ZOD2.js", "import-statement"]]),
    "public/build/_shared/chunk-ZOD2.js": out(undefined),
    "public/build/_shared/ModalDialog-E.js": out("app/components/overlays/ModalDialog.tsx"),
  },
};

describe("trackingPreloadUrls", () => {
  it("names every chunk the lazily loaded tracking modules need, down their static imports, once each", () => {
    expect(trackingPreloadUrls(meta, "/build/")).toEqual([
      "/build/_shared/analytics.browser.es-D.js",
      "/build/_shared/chunk-ZOD.js",
      "/build/_shared/chunk-ZOD2.js",
      "/build/_shared/pipeline-C.js",
    ]);
  });

  it("leaves out what every page loads already and lazy modules that are not tracking's", () => {
    const urls = trackingPreloadUrls(meta, "/build/");
    expect(urls).not.toContain("/build/_shared/chunk-REACT.js");
    expect(urls).not.toContain("/build/_shared/ModalDialog-E.js");
  });

  it("is empty for a build without tracking chunks", () => {
    expect(trackingPreloadUrls({ outputs: {} }, "/build/")).toEqual([]);
  });
});
