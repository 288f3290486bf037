import { describe, expect, it } from "vitest";
import { deferAppStart, gatedModuleScript } from "./deferred-app-start.server";

// The end of a document as Remix 2.17's <Scripts> renders it (abridged manifest), after the
// context script. The browser side (the gate really waits for the hero) is tests/e2e/app-start.spec.ts.
const REMIX_TAIL = [
  '<link rel="modulepreload" href="/build/entry.client-AAA.js"/>',
  '<link rel="modulepreload" href="/build/_shared/chunk-BBB.js"/>',
  '<link rel="modulepreload" href="/build/root-CCC.js"/>',
  '<link rel="modulepreload" href="/build/routes/_index-DDD.js"/>',
  '<script nonce="n0nce">window.__remixContext = {"state":{}};</script>',
  '<script nonce="n0nce" type="module" async="">;',
  'import * as route0 from "/build/root-CCC.js";',
  'import * as route1 from "/build/routes/_index-DDD.js";',
  'window.__remixManifest = {',
  '  "entry": { "module": "/build/entry.client-AAA.js", "imports": ["/build/_shared/chunk-BBB.js"] },',
  '  "url": "/build/manifest-EEE.js"',
  "};",
  'window.__remixRouteModules = {"root":route0,"routes/_index":route1};',
  "",
  'import("/build/entry.client-AAA.js");</script></body></html>',
].join("\n");

function moduleScriptBody(html: string): string {
  const match = /<script nonce="n0nce" type="module" async="">([\s\S]*?)<\/script>/.exec(html);
  if (!match) throw new Error("no module script");
  return match[1]!;
}

describe("deferAppStart", () => {
  const html = deferAppStart(REMIX_TAIL);

  it("parks every modulepreload link, keeping its element and href for hydration", () => {
    expect(html).not.toContain('rel="modulepreload"');
    expect([...html.matchAll(/<link data-app-preload="" href="([^"]+)"\/>/g)].map((m) => m[1])).toEqual([
      "/build/entry.client-AAA.js",
      "/build/_shared/chunk-BBB.js",
      "/build/root-CCC.js",
      "/build/routes/_index-DDD.js",
    ]);
  });

  it("leaves no static import, so nothing loads before the gate opens", () => {
    const body = moduleScriptBody(html);
    expect(body).not.toMatch(/^\s*import[\s*{"']/m);
    expect(body).toContain('Promise.all([import("/build/root-CCC.js"), import("/build/routes/_index-DDD.js")]).then(([route0, route1]) =>');
    // Remix's own statements follow unchanged, inside the started function.
    expect(body).toContain('window.__remixRouteModules = {"root":route0,"routes/_index":route1};');
    expect(body.indexOf('import("/build/entry.client-AAA.js")')).toBeGreaterThan(body.indexOf("window.__remixRouteModules"));
    expect(html).toContain('<script nonce="n0nce">window.__remixContext = {"state":{}};</script>');
  });

  it("gives the browser a script it can parse", () => {
    // `import(` is syntax, so the body is checked as a module function body would be: by the parser.
    expect(() => new Function(moduleScriptBody(html))).not.toThrow();
  });

  it("opens the gate on the hero images, with a cap, and restores the links first", () => {
    const body = moduleScriptBody(html);
    expect(body).toContain("img[fetchpriority=\"high\"]");
    expect(body).toContain("setTimeout(go, 3000)");
    expect(body.indexOf('link.rel = "modulepreload"')).toBeLessThan(body.indexOf("start();"));
  });

  it("evaluates the chunks and route modules one by one in the document's order, and the entry last, from Remix's script", () => {
    const body = moduleScriptBody(html);
    expect(body).toContain('for (const module of ["/build/_shared/chunk-BBB.js","/build/root-CCC.js","/build/routes/_index-DDD.js"])');
    expect(body.indexOf("start();")).toBeLessThan(body.indexOf('import("/build/entry.client-AAA.js")'));
  });

  it("keeps Remix's loading when the module script is not the shape it knows", () => {
    const other = REMIX_TAIL.replace('import * as route1 from "/build/routes/_index-DDD.js";', 'import { x } from "/build/y.js";');
    expect(deferAppStart(other)).toBe(other);
    expect(deferAppStart("<html><body>no scripts</body></html>")).toBe("<html><body>no scripts</body></html>");
  });
});

describe("gatedModuleScript", () => {
  it("turns side-effect imports (Remix without lazy route discovery) into dynamic ones too", () => {
    const script = gatedModuleScript(
      ';\nimport "/build/manifest-EEE.js";\nimport * as route0 from "/build/root-CCC.js";\nwindow.__remixRouteModules = {"root":route0};\nimport("/build/entry.client-AAA.js");',
      ["/build/entry.client-AAA.js", "/build/root-CCC.js"],
    );
    expect(script).toContain('Promise.all([import("/build/root-CCC.js"), import("/build/manifest-EEE.js")]).then(([route0, ]) =>');
    expect(() => new Function(script!)).not.toThrow();
  });

  it("leaves scripts that are not Remix's route module script alone", () => {
    expect(gatedModuleScript('import * as a from "/x.js";', [])).toBeNull();
    // Without its final import of the entry module, Remix's script is not one this code knows.
    expect(gatedModuleScript('import * as route0 from "/build/root-CCC.js";\nwindow.__remixRouteModules = {"root":route0};', [])).toBeNull();
  });
});

describe("the module list in the gate", () => {
  it("cannot close the inline script, whatever a preload's href holds", () => {
    const script = gatedModuleScript(
      ';\nimport * as route0 from "/build/root-CCC.js";\nwindow.__remixRouteModules = {"root":route0};\nimport("/build/entry.client-AAA.js");',
      ["/build/x</script><script>alert(1)</script>.js"],
    );
    expect(script).not.toContain("</script>");
    expect(script).toContain("\\u003c/script>");
  });
});
