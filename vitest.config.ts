import { defineConfig } from "vitest/config";
import { fileURLToPath } from "node:url";

export default defineConfig({
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  test: {
    include: ["{app,machines,tracking,tokens,sandbox,tests/unit}/**/*.test.{ts,tsx}"],
    environment: "node",
    // In the files that run in happy-dom, a script element (the tag manager's container) is never fetched;
    // it counts as loaded, as it would in a browser, instead of an error printed for each.
    environmentOptions: { happyDOM: { settings: { handleDisabledFileLoadingAsSuccess: true } } },
    pool: "threads",
    setupFiles: ["tests/unit/quiet-logger.ts"],
    restoreMocks: true,
  },
});
