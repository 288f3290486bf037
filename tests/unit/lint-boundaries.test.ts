import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { ESLint } from "eslint";
import tseslint from "typescript-eslint";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { boundaries } from "../../eslint.boundaries.js";

// The boundary rules of eslint.config.js, run through ESLint's Node API on a small repository written to a
// temporary folder: the same layers, one deliberate fault per file, and clean files that must pass.

const FILES: Record<string, string> = {
  "tsconfig.json": JSON.stringify({ compilerOptions: { baseUrl: ".", paths: { "~/*": ["./app/*"] } } }),
  // A cycle: a → b → a, through the alias on one side.
  "app/prices/cycle-a.ts": 'import { b } from "./cycle-b";\nexport const a = () => b;\n',
  "app/prices/cycle-b.ts": 'import { a } from "~/prices/cycle-a";\nexport const b = () => a;\n',
  // Upward imports: below app/, and a loader into the view folder.
  "tracking/upward.ts": 'import { price } from "../app/prices/price";\nexport const tracked = price;\n',
  "app/prices/load.server.ts": 'import { Card } from "~/components/Card";\nexport const load = () => Card;\n',
  "app/page/load-page.server.ts": 'import { Card } from "../components/Card";\nexport const loadPage = () => Card;\n',
  "app/content/page-url.ts": 'import { loadPage } from "~/page/load-page.server";\nexport const url = loadPage;\n',
  "app/components/Card.tsx": 'import type { Data } from "~/page/data.server";\nexport const Card = (d: Data) => d;\n',
  "app/page/data.server.ts": "export type Data = { title: string };\n",
  // The inline head scripts' text is the one server module a component may import.
  "app/components/PageViewScript.tsx":
    'import { pageViewHeadScript } from "~/page/page-view-push.server";\nimport { Card } from "./Card";\nexport const html = [pageViewHeadScript, Card];\n',
  "app/page/page-view-push.server.ts": 'export const pageViewHeadScript = () => "";\n',
  "app/config.server.ts": 'import { start } from "../sandbox/server";\nexport const config = start;\n',
  "sandbox/server.ts": "export const start = () => 1;\n",
  // The embedded default's one door to the sandbox.
  "app/embedded-sandbox.server.ts": 'import { start } from "../sandbox/server";\nexport const startEmbedded = start;\n',
  // Allowed: app imports below it, machines import tracking, a test imports the sandbox.
  "app/prices/price.ts": 'import { tracked } from "../../tracking/event";\nexport const price = tracked;\n',
  "tracking/event.ts": "export const tracked = 1;\n",
  "machines/menu.machine.ts": 'import { tracked } from "../tracking/event";\nexport const menu = tracked;\n',
  "app/prices/price.test.ts": 'import { start } from "../../sandbox/server";\nimport { price } from "./price";\nexport const t = [start, price];\n',
};

let root: string;
let eslint: ESLint;

beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), "lint-boundaries-"));
  for (const [file, text] of Object.entries(FILES)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  eslint = new ESLint({
    cwd: root,
    overrideConfigFile: true,
    overrideConfig: [{ files: ["**/*.{ts,tsx}"], languageOptions: { parser: tseslint.parser } }, ...boundaries(root)],
  });
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function messages(file: string): Promise<Array<{ ruleId: string | null; message: string }>> {
  const [result] = await eslint.lintFiles([path.join(root, file)]);
  return (result?.messages ?? []).map(({ ruleId, message }) => ({ ruleId, message }));
}

describe("the import boundary rules", () => {
  it("fail on a cycle, on both of its files", async () => {
    for (const file of ["app/prices/cycle-a.ts", "app/prices/cycle-b.ts"]) {
      expect(await messages(file)).toEqual([{ ruleId: "import-x/no-cycle", message: expect.stringMatching(/cycle/i) }]);
    }
  });

  it("fail when a folder below app/ imports from app/", async () => {
    expect(await messages("tracking/upward.ts")).toEqual([
      { ruleId: "import-x/no-restricted-paths", message: expect.stringContaining("Nothing outside app/ imports from app/") },
    ]);
  });

  it("fail when a loader imports a component, by alias or by relative path", async () => {
    for (const file of ["app/prices/load.server.ts", "app/page/load-page.server.ts"]) {
      expect(await messages(file)).toEqual([
        { ruleId: "import-x/no-restricted-paths", message: expect.stringContaining("Loaders and server modules never import components") },
      ]);
    }
  });

  it("fail when a leaf of the app imports the page layer", async () => {
    expect(await messages("app/content/page-url.ts")).toEqual([
      { ruleId: "import-x/no-restricted-paths", message: expect.stringContaining("are the app's leaves") },
    ]);
  });

  it("fail when a component takes a type from a .server module", async () => {
    expect(await messages("app/components/Card.tsx")).toEqual([
      { ruleId: "import-x/no-restricted-paths", message: expect.stringContaining("Components never import *.server modules") },
    ]);
  });

  it("let a component import the inline head scripts' text, and no other server module", async () => {
    expect(await messages("app/components/PageViewScript.tsx")).toEqual([]);
  });

  it("fail when production code imports the sandbox, and let a test and the embedded default's boundary do it", async () => {
    expect(await messages("app/config.server.ts")).toEqual([
      { ruleId: "import-x/no-restricted-paths", message: expect.stringContaining("Production code never imports the sandbox") },
    ]);
    expect(await messages("app/prices/price.test.ts")).toEqual([]);
    expect(await messages("app/embedded-sandbox.server.ts")).toEqual([]);
  });

  it("pass imports that follow the arrows", async () => {
    for (const file of ["app/prices/price.ts", "machines/menu.machine.ts", "tracking/event.ts", "sandbox/server.ts"]) {
      expect(await messages(file), file).toEqual([]);
    }
  });
});
