// The layer table of the style guide (README, "Layout") as import-x rules, so a wrong
// import fails `npm run lint` and the editor says why. Why these tools: docs/decisions/013-linting.md.
// A function of the repository root so tests/unit/lint-boundaries.test.ts can run the same rules on fixtures.
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import { importX } from "eslint-plugin-import-x";
import path from "node:path";

/** Folders outside app/ that hold code, each importing only what the table allows. */
const BELOW_APP = ["tokens", "tracking", "machines", "sandbox"];

/** Modules that load or compute data for a page, or serve HTTP: never the view folder. */
const DATA_SIDE = [
  "app/cache",
  "app/prices",
  "app/content",
  "app/i18n",
  "app/booking",
  "app/server",
  "app/edge",
  "app/styles",
  "app/page/*.server.ts",
  "app/inspector/*.server.ts",
  "app/*.server.ts",
];

/**
 * The inline head scripts' text (docs/decisions/032-one-react-tree.md): made by .server modules, so the browser
 * bundle carries none of it, and written by three components in the server render only (in the browser they
 * render the script empty and hydration keeps the server's). The one kind of server module a component imports.
 */
const SERVER_RENDER_SCRIPTS = "app/page/{consent-head-script,early-input-script,page-view-push}.server.ts";

/** @typedef {{ target: string | string[]; from: string | string[]; except?: string[]; message: string }} Zone */

/** @type {Record<string, Zone>} */
const ZONES = {
  appIsTheTop: {
    target: BELOW_APP,
    from: "app",
    message: "Nothing outside app/ imports from app/: arrows point app → machines → tracking (README, Layout).",
  },
  tokensImportNothing: {
    target: "tokens",
    from: ["tracking", "machines", "sandbox", "tests"],
    message: "tokens/ imports nothing of ours: it is the bottom layer.",
  },
  trackingBelowMachines: {
    target: "tracking",
    from: ["tokens", "machines", "sandbox", "tests"],
    message: "tracking/ imports only zod, analytics and itself (README, Layout).",
  },
  machinesImportTrackingAndTokens: {
    target: "machines",
    from: ["sandbox", "tests"],
    message: "machines/ imports only tracking/ (typed events) and tokens/ (shared spec values).",
  },
  sandboxStandsAlone: {
    target: "sandbox",
    from: ["tokens", "tracking", "machines", "tests"],
    message: "sandbox/ stands in for the upstream API and imports only its own data.",
  },
  loadersNeverImportViews: {
    target: DATA_SIDE,
    from: "app/components",
    message: "Loaders and server modules never import components: move the shared type or value to a module both import.",
  },
  viewsNeverImportServerModules: {
    target: "app/components",
    from: "app/**/*.server.ts",
    except: [SERVER_RENDER_SCRIPTS],
    message: "Components never import *.server modules, but for the inline head scripts' text: take view types from a shared module (e.g. page/page-data.ts).",
  },
  domainBelowPage: {
    target: ["app/content", "app/i18n", "app/booking"],
    // All globs: import-x refuses a zone that mixes globs and folder paths.
    from: ["app/page/**", "app/prices/**", "app/server/**", "app/routes/**", "app/inspector/**", "app/*.{ts,tsx}"],
    message: "content/, i18n/ and booking/ are the app's leaves: they import only each other.",
  },
  serverStandsOnTheLeaves: {
    // app/server/ holds what every floor above uses (logger, metrics, lifecycle, the access line, HTTP helpers);
    // under it are only the app's leaves (content/, i18n/, booking/) and the folders outside app/.
    target: "app/server/**",
    from: ["app/{cache,components,edge,inspector,page,prices,routes,styles}/**", "app/*.{ts,tsx}"],
    message:
      "app/server/ (logger, metrics, lifecycle, HTTP helpers) stands under every floor of app/ but its leaves: it imports only content/, i18n/, booking/ and the folders outside app/ (README, Layout; decision 047).",
  },
  edgeIsTheEntrysAlone: {
    // Every app module but the edge's own and the entry (app/express.server.ts); all globs, as import-x wants.
    target: [
      "app/{booking,cache,components,content,i18n,inspector,page,prices,routes,styles}/**",
      "app/server/*",
      "app/*.tsx",
      "app/env.server.ts",
      "app/embedded-sandbox.server.ts",
    ],
    from: "app/edge/**",
    message:
      "app/edge/ is the HTTP edge, the top floor: only the server entry (app/express.server.ts) and the edge's own steps import it (decisions 027, 047).",
  },
  productionNeverLoadsTheSandbox: {
    target: "app",
    from: "sandbox",
    message: "Production code never imports the sandbox; only the embedded default's one boundary starts it (tests may).",
  },
};

/** The only production module that may import the sandbox; the edge's createServer loads it lazily. */
const EMBEDDED_SANDBOX_BOUNDARY = "app/embedded-sandbox.server.ts";

/** Tests may import the sandbox (it is their upstream); every other zone holds for them too. */
const TEST_FILES = ["**/*.test.ts", "**/*.test.tsx"];

/**
 * @param {string} root
 * @param {string[]} without
 */
function zones(root, without) {
  return (
    Object.entries(ZONES)
      .filter(([name]) => !without.includes(name))
      // import-x matches a glob zone's exceptions against the imported file's absolute path.
      .map(([, zone]) => (zone.except ? { ...zone, except: zone.except.map((glob) => path.join(root, glob)) } : zone))
  );
}

/**
 * @param {string} root
 * @param {string[]} without
 * @returns {import("eslint").Linter.RuleEntry}
 */
function restrictedPaths(root, without) {
  return ["error", { basePath: root, zones: zones(root, without) }];
}

/**
 * The boundary rules for the repository at `root`, as flat-config objects.
 * @param {string} root
 * @returns {import("eslint").Linter.Config[]}
 */
export function boundaries(root) {
  return [
    {
      files: ["**/*.{ts,tsx,js,mjs}"],
      plugins: { "import-x": importX },
      settings: {
        // no-cycle reads the files it follows only when it knows their extension and parser.
        "import-x/extensions": [".ts", ".tsx", ".js", ".mjs"],
        "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
        "import-x/resolver-next": [createTypeScriptImportResolver({ project: `${root}/tsconfig.json` })],
      },
      rules: {
        // Type-only imports are erased at build and are not followed; the zones above keep their direction.
        "import-x/no-cycle": ["error", { ignoreExternal: true }],
        "import-x/no-restricted-paths": restrictedPaths(root, []),
      },
    },
    {
      files: TEST_FILES,
      rules: { "import-x/no-restricted-paths": restrictedPaths(root, ["productionNeverLoadsTheSandbox"]) },
    },
    {
      // The embedded default's one door to the sandbox, loaded only when no API host is configured.
      files: [EMBEDDED_SANDBOX_BOUNDARY],
      rules: { "import-x/no-restricted-paths": restrictedPaths(root, ["productionNeverLoadsTheSandbox"]) },
    },
  ];
}
