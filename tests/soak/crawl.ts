import { spawn } from "node:child_process";
import { Agent, request } from "node:http";

// A search engine's crawl (decision 020): distinct page URLs, none asked twice, as a crawler walking
// every link and every guessed address would send them: real pages on every date, unknown pages of
// each site in both URL forms and every language, and tracking parameters. Then an idle instance's
// /healthz latency, which the content store's background revalidation must not hold up.

const PARIS = "www.paris-experiences.example";
const LTT = "www.london-theatre-tickets.example";
const REAL = [
  PARIS,
  `${PARIS}.day-trips`,
  `${PARIS}.eiffel-tower`,
  `${PARIS}.guides.best-time-to-visit`,
  `${LTT}.shows.les-miserables`,
  `${LTT}.theatres.sondheim-theatre`,
];
const LANGS = ["en", "fr", "de", "es", "it"];

/** The i-th URL of the crawl, and the Host it is sent with. */
function crawlUrl(i: number): { path: string; host: string } {
  const site = Math.floor(i / 2) % 2 ? LTT : PARIS;
  const lang = LANGS[i % LANGS.length]!;
  // A day of its own for every URL: one date is one distinct page.
  const date = new Date(Date.UTC(2027, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);
  // Every other URL is a real page's data on a date of its own, as the page links ask for it ahead of a tap:
  // JSON kept by the page cache beside the documents.
  if (i % 2) {
    const uid = REAL[Math.floor(i / 2) % REAL.length]!;
    // The query form's route is the index route (app/components/page/page-data-ahead.ts).
    return { path: `/?uid=${uid}&lang=${lang}&date=${date}&_data=routes%2F_index`, host: "localhost" };
  }
  switch ((i / 2) % 5) {
    case 0:
    case 1:
      // A real page on a date: a render of its own, and an entry in the page cache.
      return { path: `/?uid=${REAL[i % REAL.length]}&lang=${lang}&date=${date}`, host: "localhost" };
    case 2:
      // An unknown page in the development form: the site's 404 page.
      return { path: `/?uid=${site}.guides.missing-${i}&lang=${lang}`, host: "localhost" };
    case 3:
      // An unknown page in the production form, on the site's own host.
      return { path: `/${lang === "en" ? "" : `${lang}/`}shows/missing-${i}/`, host: site };
    default:
      // A real page with tracking parameters a crawler picked up from a link.
      return { path: `/?uid=${REAL[i % REAL.length]}&lang=${lang}&utm_source=crawl-${i}&gclid=${i}`, host: "localhost" };
  }
}

/** A crawler, a desktop and a phone in turn: each device is a copy of its own of every page (and its data). */
const AGENTS = [
  "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36",
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36",
];

function get(port: number, agent: Agent, path: string, host: string, userAgent = AGENTS[0]!): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path, agent, headers: { host, "user-agent": userAgent } }, (res) => {
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

export interface CrawlResult {
  urls: number;
  seconds: number;
  statuses: Record<string, number>;
  failures: string[];
}

/** Requests `count` distinct URLs over `connections` keep-alive connections. */
export async function crawl(port: number, count: number, connections = 4, onProgress?: (done: number) => void): Promise<CrawlResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const statuses: Record<string, number> = {};
  const failures: string[] = [];
  const started = performance.now();
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < count) {
      const at = next++;
      const { path, host } = crawlUrl(at);
      try {
        const { status } = await get(port, agent, path, host, AGENTS[at % AGENTS.length]);
        statuses[status] = (statuses[status] ?? 0) + 1;
        if (status >= 500) failures.push(`${status} ${host}${path}`);
      } catch (error) {
        failures.push(`${(error as Error).message} ${host}${path}`);
      }
      if (++done % 1000 === 0) onProgress?.(done);
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
  agent.destroy();
  return { urls: count, seconds: (performance.now() - started) / 1000, statuses, failures };
}

/** /healthz latency of an otherwise idle instance: `count` requests one at a time, `gapMs` apart. */
export async function idleHealthz(port: number, count = 500, gapMs = 10): Promise<{ p50: number; p99: number; max: number }> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    times.push((await get(port, agent, "/healthz", "localhost")).ms);
    await new Promise((resolve) => setTimeout(resolve, gapMs));
  }
  agent.destroy();
  times.sort((a, b) => a - b);
  const at = (q: number) => Math.round(times[Math.min(times.length - 1, Math.floor(q * times.length))]! * 10) / 10;
  return { p50: at(0.5), p99: at(0.99), max: at(1) };
}

/**
 * The same idle /healthz measure against a bare Node server that answers "ok" and does nothing else:
 * this host's own floor (scheduling, other processes), to read the storefront's number against.
 */
export async function floorHealthz(port = 3499): Promise<{ p50: number; p99: number; max: number }> {
  const child = spawn(process.execPath, ["-e", `require("node:http").createServer((q, r) => r.end("ok")).listen(${port}, "127.0.0.1")`], { stdio: "ignore" });
  try {
    for (let i = 0; i < 100; i++) {
      const up = await fetch(`http://127.0.0.1:${port}/healthz`).then(
        () => true,
        () => false,
      );
      if (up) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return await idleHealthz(port);
  } finally {
    child.kill();
  }
}
