/**
 * Classic Remix compiler, the stack's fixed choice over Vite (decision 012).
 * `server` makes our Express entry part of the server build, so the whole server is TypeScript,
 * compiled once, and started with `node build/index.js`.
 * @type {import('@remix-run/dev').AppConfig}
 */
export default {
  appDirectory: "app",
  server: "./app/express.server.ts",
  serverBuildPath: "build/index.js",
  serverModuleFormat: "esm",
  serverPlatform: "node",
  // The server bundle includes our own top-level folders (tokens, tracking, machines, sandbox).
  serverDependenciesToBundle: [/^@stitches\//],
  ignoredRouteFiles: ["**/.*", "**/*.test.{ts,tsx}"],
  watchPaths: ["content/**/*", "tokens/**/*", "tracking/**/*", "machines/**/*", "sandbox/**/*"],
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    // Off: with a handful of routes the whole manifest is one small module, while discovery fetches
    // /__manifest and walks every link on the page in hydration's tasks (decision 011).
    v3_lazyRouteDiscovery: false,
    v3_singleFetch: false,
  },
};
