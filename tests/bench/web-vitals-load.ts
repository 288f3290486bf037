import { chromium, type Browser } from "@playwright/test";
import { execSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../setup/chromium";
import { BENCH_PAGES, VISITOR_HEADERS } from "./pages";
import { PHONE_CONTEXT, throttleLikeAPhone } from "./phone-profile";
import { startServer } from "./server-process";

// `npm run bench:vitals`: when field Web Vitals start on the phone profile (docs/decisions/025-field-web-vitals.md).
// Untouched cold visits of the category and show pages as the field bench's phone; in the page's own
// clock: the first paint, the first contentful paint, the web-vitals chunk's arrival (resource timing),
// the moment the library observes (the storefront:web-vitals-ready mark) and the first web_vital_* push
// into the data layer. A visit hidden before the library observes reports no vital at all; one hidden
// after it reports every metric it has (the library reads buffered entries). VITALS_VISITS (5) per page;
// --no-build keeps the current build. Results: tests/bench/results/web-vitals-latest.json and stdout.

const VISITS = Math.max(1, Number(process.env.VITALS_VISITS ?? 5));
const PORT = Number(process.env.BENCH_PORT ?? 3511);
const PAGES = BENCH_PAGES.filter((page) => page.type === "category" || page.type === "show");
const READY_MARK = "storefront:web-vitals-ready";

interface Sample {
  firstPaint: number;
  fcp: number;
  /** When the app asked for the chunk (it has hydrated) and when the chunk had arrived. */
  chunkRequested: number | null;
  chunkLoaded: number | null;
  ready: number;
  firstVitalPushed: number | null;
  /** Which vitals had reached the data layer 1 s after the library observed (no tap, still visible). */
  pushedBy1s: string[];
}

/** Records the moment and name of every web_vital_* push, in the page's clock, from the first script on. */
const RECORD_PUSHES = `(() => {
  const layer = [];
  window.__vitalPushes = [];
  layer.push = function (...items) {
    for (const item of items) if (item && typeof item.event === "string" && item.event.startsWith("web_vital_")) window.__vitalPushes.push([item.event, performance.now()]);
    return Array.prototype.push.apply(this, items);
  };
  window.dataLayer = layer;
})();`;

async function visit(browser: Browser, url: string): Promise<Sample> {
  const context = await browser.newContext(PHONE_CONTEXT);
  try {
    await context.addInitScript({ content: RECORD_PUSHES });
    const page = await context.newPage();
    await throttleLikeAPhone(await context.newCDPSession(page));
    await page.goto(url, { waitUntil: "commit", timeout: 60_000 });
    await page.waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, READY_MARK, { timeout: 60_000, polling: 100 });
    await page.waitForTimeout(1000);
    // A string, not a function: tsx would wrap the page-side helpers in its own __name(), unknown there.
    return (await page.evaluate(`(() => {
      const ready = performance.getEntriesByName(${JSON.stringify(READY_MARK)})[0].startTime;
      const chunk = performance.getEntriesByType("resource").find((entry) => /\\/web-vitals-report-[^/]*\\.js$/.test(entry.name));
      const pushes = window.__vitalPushes;
      return {
        firstPaint: performance.getEntriesByName("first-paint")[0]?.startTime ?? NaN,
        fcp: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? NaN,
        chunkRequested: chunk ? chunk.startTime : null,
        chunkLoaded: chunk ? chunk.responseEnd : null,
        ready,
        firstVitalPushed: pushes[0]?.[1] ?? null,
        pushedBy1s: pushes.filter(([, at]) => at <= ready + 1000).map(([name]) => name.replace("web_vital_", "")),
      };
    })()`)) as Sample;
  } finally {
    await context.close();
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

const ms = (n: number | null) => (n === null || Number.isNaN(n) ? "—" : `${Math.round(n)}`);

async function main() {
  if (!process.argv.includes("--no-build")) execSync("npx remix build", { stdio: "inherit" });
  const server = await startServer(PORT);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const results: Record<string, Sample[]> = {};
  try {
    for (const page of PAGES) for (let i = 0; i < 3; i++) await fetch(`${server.url}${page.path}`, { headers: VISITOR_HEADERS }); // warm the server's caches
    for (const page of PAGES) {
      results[page.type] = [];
      for (let i = 0; i < VISITS; i++) {
        const sample = await visit(browser, `${server.url}${page.path}`);
        results[page.type]!.push(sample);
        console.log(
          `${page.type} ${i + 1}/${VISITS}: first paint ${ms(sample.firstPaint)} ms, FCP ${ms(sample.fcp)}, chunk requested ${ms(sample.chunkRequested)}, loaded ${ms(sample.chunkLoaded)}, observing ${ms(sample.ready)}, first vital pushed ${ms(sample.firstVitalPushed)}; pushed within 1 s: ${sample.pushedBy1s.join(", ") || "none"}`,
        );
      }
    }
  } finally {
    await browser.close();
    await server.stop();
  }

  console.log(
    "\n| page | first paint | web-vitals chunk requested (after first paint) | library observing (after first paint) | first vital in the data layer (after first paint) | pushed within 1 s, untouched |",
  );
  console.log("|---|---|---|---|---|---|");
  const summary: Record<string, Record<string, number | string>> = {};
  for (const [type, samples] of Object.entries(results)) {
    const after = (pick: (s: Sample) => number | null) => samples.map((s) => (pick(s) ?? NaN) - s.firstPaint).filter((n) => !Number.isNaN(n));
    const requested = after((s) => s.chunkRequested);
    const ready = after((s) => s.ready);
    const pushed = after((s) => s.firstVitalPushed);
    const row = {
      firstPaintMedian: median(samples.map((s) => s.firstPaint)),
      requestedAfterPaintMedian: median(requested),
      readyAfterPaintMedian: median(ready),
      readyAfterPaintMax: Math.max(...ready),
      firstVitalAfterPaintMedian: median(pushed),
      firstVitalAfterPaintMax: Math.max(...pushed),
      pushedWithin1s: [...new Set(samples.flatMap((s) => s.pushedBy1s))].sort().join(", "),
    };
    summary[type] = row;
    console.log(
      `| ${type} | ${ms(row.firstPaintMedian)} ms | median ${ms(row.requestedAfterPaintMedian)} ms | median ${ms(row.readyAfterPaintMedian)} ms, max ${ms(row.readyAfterPaintMax)} ms | median ${ms(row.firstVitalAfterPaintMedian)} ms, max ${ms(row.firstVitalAfterPaintMax)} ms | ${row.pushedWithin1s} |`,
    );
  }
  mkdirSync("tests/bench/results", { recursive: true });
  writeFileSync("tests/bench/results/web-vitals-latest.json", `${JSON.stringify({ visits: VISITS, summary, results }, null, 2)}\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
