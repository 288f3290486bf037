import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../setup/chromium";

// Lighthouse (npm package, v12 for Node 20) against Debian's chromium, mobile settings (its default:
// Moto G power emulation with simulated slow 4G and 4x CPU throttling).

export interface LighthouseScores {
  performance: number;
  accessibility: number;
  cls: number;
  tbtMs: number;
  lcpMs: number;
}

export async function runLighthouse(urls: readonly string[]): Promise<LighthouseScores[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ["--headless=new", ...CHROMIUM_ARGS],
  });
  try {
    const scores: LighthouseScores[] = [];
    for (const url of urls) {
      const result = await lighthouse(url, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance", "accessibility"] });
      const lhr = result?.lhr;
      if (!lhr) throw new Error(`lighthouse gave no result for ${url}`);
      scores.push({
        performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
        cls: lhr.audits["cumulative-layout-shift"]?.numericValue ?? Number.NaN,
        tbtMs: lhr.audits["total-blocking-time"]?.numericValue ?? Number.NaN,
        lcpMs: lhr.audits["largest-contentful-paint"]?.numericValue ?? Number.NaN,
      });
    }
    return scores;
  } finally {
    await chrome.kill();
  }
}
