import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./tests/setup/chromium";

// Browser tests run against the production build on Debian's chromium (never a downloaded browser).
// E2E_PORT lets parallel checkouts run their own servers.
const port = Number(process.env.E2E_PORT ?? 3210);
const chromium = CHROMIUM_PATH;

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  // One worker: the 2-core machine also runs the server, Chromium and the sandbox; two workers made
  // timing-sensitive behaviour tests (scroll, clock, toasts) flaky. A retry in CI absorbs the rest,
  // and Playwright still reports a retried pass as "flaky".
  workers: Number(process.env.E2E_WORKERS ?? 1),
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  // Transition coverage of the machines (tests/e2e/machine-coverage.ts): parts cleared, then merged.
  globalSetup: "./tests/e2e/machine-coverage-setup.ts",
  globalTeardown: "./tests/e2e/machine-coverage-teardown.ts",
  use: {
    baseURL: `http://localhost:${port}`,
    trace: "off",
    launchOptions: { executablePath: chromium, args: CHROMIUM_ARGS },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], launchOptions: { executablePath: chromium, args: CHROMIUM_ARGS } } }],
  webServer: {
    command: "node build/index.js",
    url: `http://localhost:${port}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      URL_MODE: "development",
      NODE_ENV: "production",
      // No metrics port for the shared server (tests that scrape start their own), no drain at the end, and
      // no access lines in the test output: what it prints is what went wrong.
      METRICS_PORT: "0",
      LOG_LEVEL: "warn",
      SHUTDOWN_DRAIN_MS: "0",
      PAGE_CACHE_TTL_MS: process.env.PAGE_CACHE_TTL_MS ?? "5000",
      // A known secret, so tests can prove it never reaches a browser.
      FIREWALL_ALLOW_KEY: process.env.E2E_FIREWALL_KEY ?? "e2e-firewall-allow-key-7f3a9c",
      // The operator's key for detailed Server-Timing (tests/e2e/cdn-contract.spec.ts).
      SERVER_TIMING_KEY: process.env.E2E_SERVER_TIMING_KEY ?? "e2e-server-timing-key-5d1e8b2a",
      // The collector's folder is one instance's (a lock file holds it): this server's own, outside the checkout.
      COLLECT_SINK: `file:${path.join(tmpdir(), `storefront-e2e-events-${port}`)}`,
    },
    stdout: "pipe",
    stderr: "pipe",
  },
});
