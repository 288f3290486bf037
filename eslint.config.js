// ESLint: the recommended JavaScript, typescript-eslint and React hooks rules, and the import boundaries of
// the layer table (eslint.boundaries.js). Not type-aware, to stay fast: `npm run typecheck` does the types.
// Why these tools and rules: docs/decisions/013-linting.md.
import js from "@eslint/js";
import { defineConfig, globalIgnores } from "eslint/config";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";
import { boundaries } from "./eslint.boundaries.js";

const root = import.meta.dirname;

export default defineConfig([
  globalIgnores(["build/", "public/build/", ".cache/", "test-results/", "playwright-report/"]),
  {
    files: ["**/*.{ts,tsx,js,mjs}"],
    extends: [js.configs.recommended, tseslint.configs.recommended],
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: "module",
      globals: { ...globals.browser, ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
      // `import type` keeps type-only edges visible (no-cycle skips them; the compiler erases them).
      // `typeof import("…")` stays allowed: tests type a module they import late with it.
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports", disallowTypeAnnotations: false }],
      // Input checks reject control characters on purpose (URLs, headers, embeds), which is what this rule forbids.
      "no-control-regex": "off",
    },
  },
  {
    // React code only: Playwright's fixtures call a function named `use` too.
    files: ["app/**/*.{ts,tsx}", "tests/unit/**/*.tsx"],
    plugins: { "react-hooks": reactHooks },
    rules: { "react-hooks/rules-of-hooks": "error", "react-hooks/exhaustive-deps": "error" },
  },
  ...boundaries(root),
]);
