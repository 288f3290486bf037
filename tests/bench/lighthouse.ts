import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../setup/chromium";

// Lighthouse (npm package, v12 for Node 20) against Debian's chromium, mobile settings (its default:
// Moto G power emulation with simulated slow 4G and 4x CPU throttling).

export interface LighthouseScores {
  /** The median run's score (by performance); `performanceRange` shows the spread over all runs. */
  performance: number;
  performanceRange: [number, number];
  runs: number;
  accessibility: number;
  cls: number;
  tbtMs: number;
  lcpMs: number;
}

type RunScores = Omit<LighthouseScores, "performanceRange" | "runs">;

/** The run with the median performance score (an odd number of runs gives a real median). */
function medianRun(runs: RunScores[]): LighthouseScores {
  const sorted = [...runs].sort((a, b) => a.performance - b.performance);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  return { ...median, performanceRange: [sorted[0]!.performance, sorted.at(-1)!.performance], runs: runs.length };
}

// One run is not a measurement: on this machine a page's score moves by 10-20 points between runs,
// because whether the first frame comes before or after the scripts decides how Lighthouse's simulation
// counts them. So each page runs LIGHTHOUSE_RUNS times (3 by default) and the median run is reported.
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));

export async function runLighthouse(urls: readonly string[]): Promise<LighthouseScores[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ["--headless=new", ...CHROMIUM_ARGS],
  });
  try {
    const scores: LighthouseScores[] = [];
    for (const url of urls) {
      const runs: RunScores[] = [];
      for (let run = 0; run < RUNS; run++) {
        const result = await lighthouse(url, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance", "accessibility"] });
        const lhr = result?.lhr;
        if (!lhr) throw new Error(`lighthouse gave no result for ${url}`);
        runs.push({
          performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
          accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
          cls: lhr.audits["cumulative-layout-shift"]?.numericValue ?? Number.NaN,
          tbtMs: lhr.audits["total-blocking-time"]?.numericValue ?? Number.NaN,
          lcpMs: lhr.audits["largest-contentful-paint"]?.numericValue ?? Number.NaN,
        });
      }
      scores.push(medianRun(runs));
    }
    return scores;
  } finally {
    await chrome.kill();
  }
}
