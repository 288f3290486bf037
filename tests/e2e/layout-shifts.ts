import type { Page } from "@playwright/test";

/**
 * Sums the page's layout shifts from before its first paint: those without recent input, as CLS counts
 * them, and all of them. Call before navigating; the returned function reads the sums so far.
 */
export async function watchShifts(page: Page): Promise<() => Promise<{ counted: number; all: number }>> {
  await page.addInitScript(() => {
    const shifts = { counted: 0, all: 0 };
    (window as unknown as { __shifts: typeof shifts }).__shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) {
        shifts.all += entry.value;
        if (!entry.hadRecentInput) shifts.counted += entry.value;
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
  return () => page.evaluate(() => (window as unknown as { __shifts: { counted: number; all: number } }).__shifts);
}
