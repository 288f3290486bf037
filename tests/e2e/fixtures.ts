import { test as base, expect } from "@playwright/test";
import { recordMachineTransitions } from "./machine-coverage";

// Every browser test fails on a console error or an uncaught page error (STYLE: tests).
// Every test's visitor is in the US unless it says otherwise (test.use({ extraHTTPHeaders }) or
// page.setExtraHTTPHeaders): there the consent default is granted, so the consent banner (a bottom bar
// for denied-default visitors without a stored choice) does not cover what other tests tap.
// tests/e2e/consent.spec.ts opts out.
export const test = base.extend<{ consoleErrors: string[]; machineCoverage: void }>({
  // eslint-disable-next-line no-empty-pattern
  extraHTTPHeaders: async ({}, use) => use({ "cloudfront-viewer-country": "US" }),
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("console", (message) => {
        if (message.type() !== "error") return;
        // A deliberate 404 page logs its own document status; that is the behaviour under test, not an error.
        const isDocumentStatus = message.text().startsWith("Failed to load resource") && message.location().url === page.url();
        if (!isDocumentStatus) errors.push(`${message.text()} (${message.location().url})`);
      });
      page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
      await use(errors);
      expect(errors, "console errors").toEqual([]);
    },
    { auto: true },
  ],
  // Records the machine transitions each test takes, for the transition coverage (docs/machines.md).
  machineCoverage: [
    async ({ context }, use, testInfo) => {
      const finish = await recordMachineTransitions(context);
      await use();
      await finish(testInfo);
    },
    { auto: true },
  ],
});

export { expect };

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210);

/** The production URL form of a page, reached through Chromium's host mapping of *.example. */
export function pathFormUrl(host: string, path: string): string {
  return `http://${host}:${E2E_PORT}${path}`;
}

export const PARIS = "www.paris-experiences.example";
export const LTT = "www.london-theatre-tickets.example";

/** A visitor's user agents, one per copy of a page the server makes (app/page/device.server.ts), for every spec. */
export const VISITOR_AGENTS = {
  phone: "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36",
  desktop: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36",
  bot: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
} as const;
