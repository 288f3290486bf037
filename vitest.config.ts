import { defineConfig } from "vitest/config";
import { fileURLToPath } from "node:url";

export default defineConfig({
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  test: {
    include: ["{app,machines,tracking,tokens,sandbox,tests/unit}/**/*.test.{ts,tsx}"],
    environment: "node",
    pool: "threads",
    restoreMocks: true,
  },
});
