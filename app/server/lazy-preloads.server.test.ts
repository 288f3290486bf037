import { describe, expect, it } from "vitest";
import { lazyPreloadUrls } from "./lazy-preloads.server";

// The tracking chunks, the modal dialog's, the consent banner's and both page routes' modules are module-preloaded
// from the document, found in the compiler's metafile.

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
    ]),
    "public/build/routes/$-G.js": out("browser-route-module:routes/$.tsx?browser", [
      ["public/build/_shared/chunk-REACT.js", "import-statement"],
      ["public/build/_shared/ModalDialog-E.js", "dynamic-import"],
      ["public/build/_shared/YouTubePlayer-F.js", "dynamic-import"],
      ["public/build/_shared/ConsentBanner-H.js", "dynamic-import"],
    ]),
    "public/build/routes/_index-I.js": out("browser-route-module:routes/_index.tsx?browser", [
      ["public/build/_shared/chunk-REACT.js", "import-statement"],
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
    "public/build/_shared/YouTubePlayer-F.js": out("app/components/behaviour/YouTubePlayer.tsx"),
    "public/build/_shared/ConsentBanner-H.js": out("app/components/behaviour/ConsentBanner.tsx", [["public/build/_shared/chunk-REACT.js", "import-statement"]]),
  },
};

describe("lazyPreloadUrls", () => {
  it("names every chunk the lazily loaded tracking modules, the modal dialog and the consent banner need, down their static imports, once each, and both page routes' own modules", () => {
    expect(lazyPreloadUrls(meta, "/build/")).toEqual([
      "/build/_shared/ConsentBanner-H.js",
      "/build/_shared/ModalDialog-E.js",
      "/build/_shared/analytics.browser.es-D.js",
      "/build/_shared/chunk-ZOD.js",
      "/build/_shared/chunk-ZOD2.js",
      "/build/_shared/pipeline-C.js",
      "/build/routes/$-G.js",
      "/build/routes/_index-I.js",
    ]);
  });

  it("leaves out what every page loads already and other lazy modules", () => {
    const urls = lazyPreloadUrls(meta, "/build/");
    expect(urls).not.toContain("/build/_shared/chunk-REACT.js");
    expect(urls).not.toContain("/build/_shared/YouTubePlayer-F.js");
    expect(urls).not.toContain("/build/root-B.js");
  });

  it("is empty for a build without tracking chunks", () => {
    expect(lazyPreloadUrls({ outputs: {} }, "/build/")).toEqual([]);
  });
});
