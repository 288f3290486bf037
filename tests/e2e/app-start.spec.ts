import type { Page } from "@playwright/test";
import { expect, PARIS, test } from "./fixtures";

// The app's JavaScript waits until the hero image is painted (app/server/deferred-app-start.server.ts),
// so on a phone's slow link the hero and fonts get the bandwidth first. These tests hold the three
// ways the gate opens: the hero painted, the hero failed, the hero never arriving (the 3 s cap).

const CITY = `/?uid=${PARIS}&lang=en`;
const HERO = "**/media/paris/hero-paris.jpg*";

test.use({ viewport: { width: 412, height: 823 }, screen: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true });

/** Resource timings (ms from navigation start) of the hero and of the first of the app's scripts. */
async function timings(page: Page) {
  return page.evaluate(() => {
    const resources = performance.getEntriesByType("resource") as PerformanceResourceTiming[];
    const scripts = resources.filter((entry) => new URL(entry.name).pathname.startsWith("/build/"));
    const hero = resources.find((entry) => entry.name.includes("/media/paris/hero-paris.jpg"));
    return {
      firstScriptStart: Math.min(...scripts.map((entry) => entry.startTime)),
      scripts: scripts.length,
      heroEnd: hero?.responseEnd ?? Number.NaN,
    };
  });
}

test("the app's scripts are requested only after the hero is loaded and painted, and the page hydrates", async ({ page }) => {
  await page.goto(CITY);
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  const { firstScriptStart, scripts, heroEnd } = await timings(page);
  const largestPaint = await page.evaluate(
    () =>
      new Promise<{ at: number; tag: string | undefined }>((resolve) => {
        new PerformanceObserver((list) => {
          const last = list.getEntries().at(-1) as PerformanceEntry & { element?: Element };
          resolve({ at: last.startTime, tag: last.element?.tagName });
        }).observe({ type: "largest-contentful-paint", buffered: true });
      }),
  );
  expect(scripts).toBeGreaterThan(3);
  expect(largestPaint.tag).toBe("IMG");
  expect(firstScriptStart).toBeGreaterThanOrEqual(heroEnd);
  expect(firstScriptStart).toBeGreaterThanOrEqual(largestPaint.at);
  // …and not much later: the gate waits two frames after the hero, not the 3 s cap.
  expect(firstScriptStart - heroEnd).toBeLessThan(1000);
});

test("a hero that fails opens the gate at once", async ({ page, consoleErrors }) => {
  await page.route(HERO, (route) => route.fulfill({ status: 404, body: "" }));
  await page.goto(CITY);
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  expect((await timings(page)).firstScriptStart).toBeLessThan(1500);
  // The 404 is the fault under test, not an error of the page.
  const heroErrors = consoleErrors.filter((error) => error.includes("hero-paris.jpg"));
  expect(heroErrors.length).toBeGreaterThan(0);
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((error) => !heroErrors.includes(error)));
});

test("a hero that never arrives holds the app back 3 s, no more", async ({ page }) => {
  await page.route(HERO, () => new Promise(() => {})); // never answered
  await page.goto(CITY, { waitUntil: "domcontentloaded" });
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1, { timeout: 8000 });
  const { firstScriptStart } = await timings(page);
  expect(firstScriptStart).toBeGreaterThanOrEqual(3000);
  expect(firstScriptStart).toBeLessThan(4500);
  await page.unrouteAll({ behavior: "ignoreErrors" });
});
