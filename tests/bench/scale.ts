import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { BARE_PATH, VISITOR_HEADERS } from "./pages";
import { markdownTable, writeResultsTable } from "./results-table";
import { startServer, type RunningServer } from "./server-process";

// `npm run bench:scale`: the storefront at fleet scale. Synthetic sites are made from the two
// embedded ones, in pairs (a city site and a theatre site), with every occurrence of their hosts rewritten
// to the pair's own, so every link resolves within the pair. Each size is served by the production server
// (build/index.js) with CONTENT_DIR pointing at it and the page micro-cache off, and measured:
//   start-up (spawn → /healthz 200), RSS at ready, at its peak over 1,000 page requests (each one rendered) and
//   after them, page p50 on a synthetic site in the middle of the fleet, and the site directory's p50; then
//   the floor: the same server on the same folder, asked the bare route as many times, and its RSS after.
// The server runs as `npm start` runs it (NODE_ENV=production, metrics on, an access line per request) but
// with NO heap flag: the RSS target is what a render's garbage costs when V8 sizes its heap itself
// (docs/decisions/031-measuring-cost-per-page.md, and 037 for the floor).
// Sizes share one generated folder: a smaller size's root links to the first N site folders (same
// files, same hosts). The temporary folder is deleted at the end.

const SIZES = (process.env.SCALE_SIZES ?? "30,3000,30000,150000").split(",").map(Number);
const PORT = Number(process.env.BENCH_PORT ?? 3299);
const PAGE_REQUESTS = 1000;
const RSS_SAMPLE_EVERY = 50;
const DIRECTORY_REQUESTS = 40;
const TARGETS = { startupMs: 1000, rssMb: 150, floorRatio: 1.25, pageRatio: 1.2, directoryMs: 100 };

/** 150 MB, or within 1.25× the bare route's own RSS when that floor is already above 150 MB (decision 037). */
const rssAfterTarget = (row: { floorRssAfterMb: number }) => (row.floorRssAfterMb > TARGETS.rssMb ? row.floorRssAfterMb * TARGETS.floorRatio : TARGETS.rssMb);

interface Template {
  /** The embedded site's folder and the host-bearing name its files mention (e.g. paris-experiences.example). */
  folder: string;
  name: string;
  files: Array<{ rel: string; text: string }>;
  /** Page uids and languages (from file names), relative to the host. */
  pages: Array<{ segments: string[]; lang: string }>;
}

function loadTemplate(folder: string): Template {
  const root = path.resolve("content", folder);
  const host = (JSON.parse(readFileSync(path.join(root, "site.json"), "utf8")) as { host: string }).host;
  const files: Template["files"] = [];
  const pages: Template["pages"] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith(".json")) {
        const rel = path.relative(root, full);
        files.push({ rel, text: readFileSync(full, "utf8") });
        const match = /^pages\/(?:(.*)\/)?([a-z0-9-]+)\.([a-z]{2})\.json$/.exec(rel);
        if (match) pages.push({ segments: [...(match[1] ? match[1].split("/") : []), ...(match[2] === "index" ? [] : [match[2]!])], lang: match[3]! });
      }
    }
  };
  walk(root);
  return { folder, name: host.replace(/^www\./, ""), files, pages };
}

/** Runs `tasks` with at most `limit` at a time. */
async function pool(tasks: Array<() => Promise<void>>, limit: number): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < tasks.length) await tasks[next++]!();
    }),
  );
}

const pairFolder = (template: Template, pair: number) => `${template.folder}-${pair}`;
const pairHost = (template: Template, pair: number) => `www.${template.name.replace(/\.example$/, `-${pair}.example`)}`;

/** Writes `pairs` pairs of sites under `dir/all`, hosts rewritten in every file. */
async function generate(dir: string, templates: Template[], pairs: number): Promise<number> {
  const tasks: Array<() => Promise<void>> = [];
  let documents = 0;
  for (let pair = 0; pair < pairs; pair++) {
    // Every template's host-bearing name is rewritten in every file, so cross-site links stay in the pair.
    const rewrite = (text: string) => templates.reduce((out, t) => out.split(t.name).join(t.name.replace(/\.example$/, `-${pair}.example`)), text);
    for (const template of templates) {
      for (const file of template.files) {
        const target = path.join(dir, "all", pairFolder(template, pair), file.rel);
        if (file.rel !== "site.json") documents++;
        tasks.push(async () => {
          await mkdir(path.dirname(target), { recursive: true });
          await writeFile(target, rewrite(file.text));
        });
      }
    }
  }
  await pool(tasks, 64);
  return documents;
}

/** A root with the first `pairs` pairs' site folders linked in (the same files, hosts unchanged). */
function sizeRoot(dir: string, templates: Template[], pairs: number, totalPairs: number): string {
  if (pairs === totalPairs) return path.join(dir, "all");
  const root = path.join(dir, `pairs-${pairs}`);
  mkdirSync(root, { recursive: true });
  for (let pair = 0; pair < pairs; pair++) {
    for (const template of templates) symlinkSync(path.join(dir, "all", pairFolder(template, pair)), path.join(root, pairFolder(template, pair)));
  }
  return root;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

/** One request as a visitor's browser asks (a bot's copy of a page is smaller), timed to its last byte. */
async function timed(url: string): Promise<{ ms: number; status: number }> {
  const started = performance.now();
  const response = await fetch(url, { headers: VISITOR_HEADERS });
  await response.arrayBuffer();
  return { ms: performance.now() - started, status: response.status };
}

interface Row {
  documents: number;
  sites: number;
  startupMs: number;
  /** The server's own report of indexing the site files (part of start-up). */
  indexMs: number;
  rssReadyMb: number;
  rssPeakMb: number;
  rssAfterMb: number;
  /** The bare route's RSS after as many requests, same server and folder (measureFloor). */
  floorRssAfterMb: number;
  pageP50Ms: number;
  directoryP50Ms: number;
  healthzDuringDirectoryMs: number;
}

/** The production server as `npm start` runs it but with NO heap flag, on the folder `root`, the page micro-cache off. */
function startScaleServer(root: string, extraEnv: Record<string, string> = {}): Promise<RunningServer> {
  return startServer(
    PORT,
    { METRICS_PORT: String(PORT + 1), CONTENT_DIR: root, PAGE_CACHE_TTL_MS: "0", URL_MODE: "development", ...extraEnv },
    process.cwd(),
    // Asked every 5 ms, so start-up is timed to within a few ms; 150,000 documents may take a while to index.
    { nodeFlags: [], healthPollMs: 5, startTimeoutMs: 60_000 },
  );
}

const rssMb = async (server: RunningServer) => (await server.rssKb()) / 1024;

/** RSS at ready, then after `PAGE_REQUESTS` requests of `urls` in turn, in sequence (after `warmUp`), sampled for its peak; and the p50 of those requests. */
async function rssOver(server: RunningServer, urls: string[], warmUp: string[]) {
  const rssReadyMb = await rssMb(server);
  for (const url of warmUp) {
    const { status } = await timed(url);
    if (status !== 200) throw new Error(`${url} answered ${status}`);
  }
  const times: number[] = [];
  let rssPeakMb = rssReadyMb;
  for (let i = 0; i < PAGE_REQUESTS; i++) {
    times.push((await timed(urls[i % urls.length]!)).ms);
    if (i % RSS_SAMPLE_EVERY === 0) rssPeakMb = Math.max(rssPeakMb, await rssMb(server));
  }
  const rssAfterMb = await rssMb(server);
  return { rssReadyMb, rssAfterMb, rssPeakMb: Math.max(rssPeakMb, rssAfterMb), p50Ms: median(times) };
}

/**
 * The floor of RSS: the same server on the same folder, asked the bare document route (a Remix route with no
 * loader, one element; BENCH_MODE) as often as the pages are rendered. It is what Node, Express, Remix and our
 * edge keep after that many requests when V8 sizes its own heap, before any page is rendered (decision 037).
 */
async function measureFloor(root: string): Promise<number> {
  const server = await startScaleServer(root, { BENCH_MODE: "1" });
  try {
    const bare = `${server.url}${BARE_PATH}`;
    return (
      await rssOver(
        server,
        [bare],
        Array.from({ length: 20 }, () => bare),
      )
    ).rssAfterMb;
  } finally {
    await server.stop();
  }
}

async function measure(root: string, templates: Template[], pairs: number, documents: number): Promise<Omit<Row, "floorRssAfterMb">> {
  const server = await startScaleServer(root);
  const base = server.url;
  try {
    const indexMs = Number(/sites indexed in (\d+) ms/.exec(server.output())?.[1] ?? NaN);
    // A synthetic site in the middle of the fleet; every page in every language, in turn, rendered each time.
    const pair = Math.floor(pairs / 2);
    const urls = templates.flatMap((t) => t.pages.map(({ segments, lang }) => `${base}/?uid=${[pairHost(t, pair), ...segments].join(".")}&lang=${lang}`));
    const pages = await rssOver(server, urls, urls);

    // The directory: its first page, a later page, a host search and one site's pages.
    const pageCount = Math.max(1, Math.ceil((pairs * templates.length) / 50));
    const directoryUrls = [
      `${base}/`,
      `${base}/?page=${Math.ceil(pageCount / 2)}`,
      `${base}/?q=${encodeURIComponent(`-${pair}.`)}`,
      `${base}/?site=${pairHost(templates[0]!, pair)}`,
    ];
    const directoryTimes: number[] = [];
    let healthzWorst = 0;
    for (let i = 0; i < DIRECTORY_REQUESTS; i++) {
      const [directory, health] = await Promise.all([timed(directoryUrls[i % directoryUrls.length]!), timed(`${base}/healthz`)]);
      if (directory.status !== 200) throw new Error(`${directoryUrls[i % directoryUrls.length]} answered ${directory.status}`);
      directoryTimes.push(directory.ms);
      healthzWorst = Math.max(healthzWorst, health.ms);
    }
    return {
      documents,
      sites: pairs * templates.length,
      startupMs: server.startupMs,
      indexMs,
      rssReadyMb: pages.rssReadyMb,
      rssPeakMb: pages.rssPeakMb,
      rssAfterMb: pages.rssAfterMb,
      pageP50Ms: pages.p50Ms,
      directoryP50Ms: median(directoryTimes),
      healthzDuringDirectoryMs: healthzWorst,
    };
  } finally {
    await server.stop();
  }
}

async function main() {
  const templates = [loadTemplate("paris-experiences"), loadTemplate("london-theatre-tickets")];
  const perPair = templates.reduce((n, t) => n + t.pages.length, 0);
  const pairsFor = (documents: number) => Math.max(1, Math.round(documents / perPair));
  const totalPairs = Math.max(...SIZES.map(pairsFor));
  const dir = mkdtempSync(path.join(tmpdir(), "storefront-scale-"));
  const rows: Row[] = [];
  try {
    const generating = performance.now();
    const documents = await generate(dir, templates, totalPairs);
    console.log(
      `Generated ${documents} documents in ${totalPairs * templates.length} sites in ${((performance.now() - generating) / 1000).toFixed(1)} s (${dir})`,
    );
    for (const size of SIZES) {
      const pairs = pairsFor(size);
      const root = sizeRoot(dir, templates, pairs, totalPairs);
      const row: Row = { ...(await measure(root, templates, pairs, pairs * perPair)), floorRssAfterMb: await measureFloor(root) };
      rows.push(row);
      console.log(
        `${row.documents} documents (${row.sites} sites): start-up ${row.startupMs.toFixed(0)} ms (sites indexed in ${row.indexMs} ms), RSS ${row.rssReadyMb.toFixed(0)} → ${row.rssAfterMb.toFixed(0)} MB after ${PAGE_REQUESTS} renders (peak ${row.rssPeakMb.toFixed(0)}; the bare route's floor ${row.floorRssAfterMb.toFixed(0)} MB), page p50 ${row.pageP50Ms.toFixed(1)} ms, directory p50 ${row.directoryP50Ms.toFixed(1)} ms (worst /healthz meanwhile ${row.healthzDuringDirectoryMs.toFixed(0)} ms)`,
      );
    }
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }

  const smallest = rows[0]!;
  const missed: string[] = [];
  for (const row of rows) {
    const label = `${row.documents} documents`;
    if (row.startupMs > TARGETS.startupMs) missed.push(`${label}: start-up ${row.startupMs.toFixed(0)} ms (target ≤ ${TARGETS.startupMs})`);
    if (row.rssReadyMb > TARGETS.rssMb) missed.push(`${label}: RSS at ready ${row.rssReadyMb.toFixed(0)} MB (target ≤ ${TARGETS.rssMb})`);
    // Where the bare route alone ends above 150 MB, no page can end under it: the page is held to its floor instead.
    const rssTarget = rssAfterTarget(row);
    if (row.rssAfterMb > rssTarget)
      missed.push(
        `${label}: RSS after ${PAGE_REQUESTS.toLocaleString("en")} renders ${row.rssAfterMb.toFixed(0)} MB (target ≤ ${rssTarget.toFixed(0)}${rssTarget > TARGETS.rssMb ? `, ${TARGETS.floorRatio}× the bare route's ${row.floorRssAfterMb.toFixed(0)}` : ""}, no heap flag)`,
      );
    if (row.pageP50Ms > smallest.pageP50Ms * TARGETS.pageRatio)
      missed.push(`${label}: page p50 ${row.pageP50Ms.toFixed(1)} ms (target ≤ ${TARGETS.pageRatio}× ${smallest.pageP50Ms.toFixed(1)})`);
    if (row.directoryP50Ms > TARGETS.directoryMs) missed.push(`${label}: directory p50 ${row.directoryP50Ms.toFixed(1)} ms (target ≤ ${TARGETS.directoryMs})`);
  }
  const date = new Date().toISOString().slice(0, 10);
  mkdirSync("tests/bench/results", { recursive: true });
  const load = loadavg()[0]!.toFixed(1);
  writeFileSync("tests/bench/results/scale-latest.json", `${JSON.stringify({ date, loadAverage: Number(load), targets: TARGETS, rows, missed }, null, 2)}\n`);
  const table = markdownTable(
    [
      "documents (sites)",
      "start-up",
      "of which sites indexed",
      "RSS at ready",
      `RSS after ${PAGE_REQUESTS.toLocaleString("en")} renders (peak)`,
      `floor: the bare route's RSS after ${PAGE_REQUESTS.toLocaleString("en")} requests`,
      "page p50 rendered",
      "`/` directory p50",
    ],
    rows.map((row) => [
      `${row.documents.toLocaleString("en")} (${row.sites.toLocaleString("en")})`,
      `${(row.startupMs / 1000).toFixed(2)} s`,
      `${row.indexMs} ms`,
      `${row.rssReadyMb.toFixed(0)} MB`,
      `${row.rssAfterMb.toFixed(0)} MB (${row.rssPeakMb.toFixed(0)} MB)`,
      `${row.floorRssAfterMb.toFixed(0)} MB (pages ${(row.rssAfterMb / row.floorRssAfterMb).toFixed(2)}×)`,
      `${row.pageP50Ms.toFixed(1)} ms`,
      `${row.directoryP50Ms.toFixed(1)} ms`,
    ]),
  );
  const summary = missed.length ? `Missed: ${missed.join("; ")}.` : "Every target met.";
  writeResultsTable(
    "scale",
    `Latest \`npm run bench:scale\` (${date}; host load average ${load} on 2 cores at the end; synthetic city + theatre site pairs, the server as \`npm start\` runs it without its heap flag, page micro-cache off, ${PAGE_REQUESTS.toLocaleString("en")} page requests in sequence, each rendered). Targets: start-up ≤ 1 s, RSS at ready and after ${PAGE_REQUESTS.toLocaleString("en")} renders ≤ 150 MB at every size (after the renders: within ${TARGETS.floorRatio}× the bare route's RSS after as many requests where that floor is itself above 150 MB), page p50 within 1.2× the smallest size's, directory p50 ≤ 100 ms. ${summary}\n\n${table}`,
  );
  console.log(summary);
  // Last: deleting 150,000 files takes a while, and the results are already written.
  rmSync(dir, { recursive: true, force: true });
  process.exitCode = missed.length ? 1 : 0;
}

await main();
