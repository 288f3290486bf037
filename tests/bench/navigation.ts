import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from "@playwright/test";
import { execSync } from "node:child_process";
import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import { get } from "node:http";
import { cpus, loadavg } from "node:os";
import { isPagePath, pageUrl } from "../../app/content/page-url";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../setup/chromium";
import { sleepUntil, tap } from "./field-visit";
import { armScript, bypassAppScript, dataInMemoryScript, probeScript, readScript, type ProbeState } from "./navigation-probe";
import {
  compare,
  missedTargets,
  navigationMarkdown,
  prefetchCost,
  summarise,
  TARGETS,
  times,
  type CostVisit,
  type DataRequest,
  type DataSource,
  type PrefetchCost,
  type Tap,
  type TapResult,
  type Variant,
} from "./navigation-summary";
import { BENCH_PAGES, VISITOR_HEADERS as PHONE_HEADERS } from "./pages";
import { PHONE_CONTEXT, PHONE_CPU_SLOWDOWN, PHONE_NETWORK, throttleLikeAPhone } from "./phone-profile";
import { writeResultsTable } from "./results-table";
import { startServer, type RunningServer } from "./server-process";
import { buildWorktree, removeWorktree, worktreeDir } from "./worktree";

// `npm run bench:navigation`: the second page (docs/requirements.md#11-moving-between-pages). On the phone of
// `npm run bench:field` (412 px, 4× CPU, 1.6 Mbps, 150 ms), same-site links of the city, collection, theatre and
// show pages are tapped, each link three ways in the same run, each tap in a fresh browser context (cold caches):
//   floor:  a navigation inside the app whose data is already in memory (measured first: the least it can take);
//   served: the app as served (the link's data prefetched while it was on screen);
//   full:   the same link as a document load (the app never sees the click).
// Before them, the platform's floor: the floor's tap between two bare pages of the same root document
// (app/routes/bench.bare.tsx), what Remix, React and the root need with no storefront page in it.
// A visit loads the page, waits SETTLE_MS after its load event (as a visitor reads), scrolls the link to the middle
// of the screen, waits DWELL_MS, and taps it (a finger's touch through the DevTools protocol, stamped when sent).
// The time is the tap's pointerdown → the next page's heading on screen (navigation-probe.ts).
// Then one typical visit per page (read from top to bottom, a screen a second, then the first link tapped) says
// what the prefetches cost: requests and bytes of those never followed.
// The server runs in production URL mode, as visitors meet it: each site on its own host (Chromium maps *.example to
// this machine), page paths, and no development tooling in the page (the machine inspector's bridge posts every
// actor's state on a BroadcastChannel in development URL mode).
// Results: tests/bench/results/navigation-latest.json, the table in docs/benchmarks.md. Exit 1 when a target
// (TARGETS in navigation-summary.ts) is missed. NAV_ROUNDS (3) sets the rounds, NAV_PAGES narrows the pages;
// --no-build keeps the build.
// `-- --against <git-ref>` compares instead: that commit's build (base) and this checkout's (head) served side by
// side, each link's served tap on both, one after the other (the order alternating), NAV_ROUNDS (default 6) times.
// On this host one build's taps span 100-250 ms and the host's speed drifts between runs, so a change worth 10-20 ms
// shows in paired taps, not in two runs of the bench. Nothing is written; the exit code is 0.

const PORT = Number(process.env.BENCH_PORT ?? 3451);
/** The commit to compare this checkout with (`--against <ref>`), if any. */
const AGAINST = process.argv.includes("--against") ? process.argv[process.argv.indexOf("--against") + 1] : undefined;
const ROUNDS = Math.max(1, Number(process.env.NAV_ROUNDS ?? (AGAINST ? 6 : 3)));
const RESULTS = "tests/bench/results/navigation-latest.json";
/** NAV_PAGES=city,show narrows the run to those pages (for working on one page; the table is then not written). */
const PAGE_TYPES = (["city", "collection", "theatre", "show"] as const).filter(
  (type) => !process.env.NAV_PAGES || process.env.NAV_PAGES.split(",").includes(type),
);
/** Links per page: the content's first, then the footer's. */
const TAPS_PER_PAGE = 2;
const SETTLE_MS = 3000;
const DWELL_MS = 1500;
/** A tap whose heading has not shown by then failed. */
const WATCH_MS = 15_000;
/** A visitor outside the consent regions: no consent bar over the footer's links (docs/tracking.md). */
const VISITOR_HEADERS = { "cloudfront-viewer-country": "US" };

/** The bare pages of the platform's floor (bench mode only). */
const PLATFORM_PATH = "/bench/bare";

const sleep = (ms: number) => sleepUntil(performance.now() + ms);

/** The page's data URL for a path (what Remix fetches for a navigation to it). */
function dataUrl(path: string): string {
  const url = new URL(path, "http://x");
  url.searchParams.set("_data", url.pathname === "/" ? "routes/_index" : url.pathname === PLATFORM_PATH ? "routes/bench.bare" : "routes/$");
  return `${url.pathname}${url.search}`;
}

/** A bench page's address in production URL mode, on this server. */
function pageAddress(type: string, port: number): { origin: string; path: string } {
  const uid = new URLSearchParams(BENCH_PAGES.find((p) => p.type === type)!.path.slice(1)).get("uid")!;
  const url = new URL(pageUrl({ uid, lang: "en", mode: "production" }));
  return { origin: `http://${url.hostname}:${port}`, path: url.pathname };
}

/** A GET to this machine for `host` (Node's fetch does not send a Host header of our own). */
function warm(port: number, host: string, path: string): Promise<void> {
  return new Promise((resolve, reject) => {
    get({ host: "127.0.0.1", port, path, headers: { ...PHONE_HEADERS, ...VISITOR_HEADERS, host } }, (response) => {
      response.resume();
      response.on("end", () => resolve());
    }).on("error", reject);
  });
}

/** Warms a server's caches for every tap (its page, the next page and its data, twice), so no tap meets a cold render. */
async function warmTaps(port: number, taps: readonly Tap[]): Promise<void> {
  for (const t of taps) for (const path of [t.from, t.to, dataUrl(t.to)]) for (let i = 0; i < 2; i++) await warm(port, new URL(t.origin).host, path);
}

/** The same-site links to tap on each page: content links first, then the footer's; never the page itself. */
async function findTaps(browser: Browser, port: number): Promise<Tap[]> {
  const taps: Tap[] = [];
  for (const type of PAGE_TYPES) {
    const { origin, path } = pageAddress(type, port);
    const context = await browser.newContext({ ...PHONE_CONTEXT, extraHTTPHeaders: VISITOR_HEADERS });
    const page = await context.newPage();
    await page.goto(`${origin}${path}`);
    const links = (await page.evaluate(() =>
      [...document.querySelectorAll<HTMLAnchorElement>("main a[href], footer a[href]")].map((a) => ({
        href: a.getAttribute("href") ?? "",
        where: a.closest("main") ? "main" : "footer",
        label: (a.textContent ?? "").trim().slice(0, 40),
      })),
    )) as Array<{ href: string; where: "main" | "footer"; label: string }>;
    await context.close();
    const seen = new Set<string>([path]);
    for (const link of links) {
      // A page of this site (app/content/page-url.ts), not the page itself.
      if (!isPagePath(link.href) || seen.has(link.href)) continue;
      seen.add(link.href);
      taps.push({ page: type, origin, from: path, to: link.href, where: link.where, label: link.label });
      if (taps.filter((t) => t.page === type).length === TAPS_PER_PAGE) break;
    }
  }
  return taps;
}

interface SeenRequest {
  url: string;
  type: string;
  at: number;
  /** The status on the wire (responseReceivedExtraInfo): 304 for a revalidation; 0 when no request left the browser. */
  wireStatus: number;
  bytes: number;
  fromPrefetchCache: boolean;
  fromDiskCache: boolean;
}

/** Every request for a page's data, by CDP request id, with when it was made (Node's clock). */
function watchDataRequests(cdp: CDPSession): () => SeenRequest[] {
  const requests = new Map<string, SeenRequest>();
  const wire = new Map<string, number>();
  cdp.on("Network.requestWillBeSent", (event) => {
    if (!event.request.url.includes("_data=")) return;
    const { pathname, search } = new URL(event.request.url);
    requests.set(event.requestId, {
      url: `${pathname}${search}`,
      type: event.type ?? "",
      at: performance.now(),
      wireStatus: 0,
      bytes: 0,
      fromPrefetchCache: false,
      fromDiskCache: false,
    });
  });
  cdp.on("Network.responseReceivedExtraInfo", (event) => wire.set(event.requestId, event.statusCode));
  cdp.on("Network.responseReceived", (event) => {
    const known = requests.get(event.requestId);
    if (!known) return;
    known.fromPrefetchCache = event.response.fromPrefetchCache ?? false;
    known.fromDiskCache = event.response.fromDiskCache ?? false;
  });
  cdp.on("Network.loadingFinished", (event) => {
    const known = requests.get(event.requestId);
    if (known) known.bytes = event.encodedDataLength;
  });
  return () =>
    [...requests.entries()].map(([id, r]) => {
      // Answered by the browser's cache alone: nothing on the wire, whatever CDP counts.
      const sent = !r.fromDiskCache && !r.fromPrefetchCache;
      return { ...r, wireStatus: sent ? (wire.get(id) ?? 0) : 0, bytes: sent ? r.bytes : 0 };
    });
}

/**
 * A visit's data requests as the cost counts them: before the tap, the fetches ahead; after it, the page followed
 * asked for again (the next page's own fetches ahead belong to its visit: left out).
 */
function dataRequestsOf(seen: SeenRequest[], tappedAt: number, followed: string): DataRequest[] {
  return seen.flatMap((r): DataRequest[] => {
    const kind = r.at < tappedAt ? "prefetch" : r.url === followed ? "navigation" : null;
    return kind ? [{ url: r.url, kind, status: r.wireStatus, bytes: r.bytes }] : [];
  });
}

interface Prepared {
  context: BrowserContext;
  page: Page;
  cdp: CDPSession;
  dataRequests: ReturnType<typeof watchDataRequests>;
}

/** A fresh phone with the probe, on `path`, hydrated and settled. */
async function openPage(browser: Browser, origin: string, path: string): Promise<Prepared> {
  const context = await browser.newContext({ ...PHONE_CONTEXT, extraHTTPHeaders: VISITOR_HEADERS });
  await context.addInitScript({ content: probeScript() });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await throttleLikeAPhone(cdp);
  const dataRequests = watchDataRequests(cdp);
  await page.goto(`${origin}${path}`, { waitUntil: "load", timeout: 60_000 });
  await page.locator("html[data-hydrated]").waitFor({ state: "attached", timeout: 30_000 });
  await sleep(SETTLE_MS);
  return { context, page, cdp, dataRequests };
}

/** Scrolls the link to the middle of the screen, waits as a visitor does, and returns where to tap it. */
async function showLink(page: Page, tapPlan: Tap): Promise<{ x: number; y: number }> {
  const selector = `${tapPlan.where} a[href="${tapPlan.to}"]`;
  await page
    .locator(selector)
    .first()
    .evaluate((a) => a.scrollIntoView({ block: "center" }));
  await sleep(DWELL_MS);
  const box = await page
    .locator(selector)
    .first()
    .evaluate((a) => {
      const rect = a.getClientRects()[0] ?? a.getBoundingClientRect();
      return { x: rect.left + Math.min(rect.width / 2, 20), y: rect.top + rect.height / 2 };
    });
  return box;
}

/** The probe's state once the heading showed (or the watch ran out), whichever document the tab is on by then. */
async function waitForHeading(page: Page, tapSent: number): Promise<ProbeState | null> {
  let state: ProbeState | null = null;
  while (performance.now() < tapSent + WATCH_MS) {
    state = (await page.evaluate(readScript()).catch(() => null)) as ProbeState | null;
    if (state?.headingAt !== undefined) return state;
    await sleep(50);
  }
  return state;
}

async function tapVisit(browser: Browser, tapPlan: Tap, variant: Variant, round: number): Promise<TapResult> {
  const base = { page: tapPlan.page, to: tapPlan.to, variant, round };
  let prepared: Prepared | null = null;
  try {
    prepared = await openPage(browser, tapPlan.origin, tapPlan.from);
    const { page, cdp, dataRequests } = prepared;
    const point = await showLink(page, tapPlan);
    if (variant === "floor") await page.evaluate(dataInMemoryScript(dataUrl(tapPlan.to)));
    if (variant === "full") await page.evaluate(bypassAppScript());
    await page.evaluate(armScript(tapPlan.to));
    const before = performance.now();
    const tapSent = await tap(cdp, point);
    const state = await waitForHeading(page, tapSent);
    if (state?.tapAt === undefined || state.headingAt === undefined) {
      return { ...base, tapToHeadingMs: null, dataFrom: "unknown", error: state?.tapAt === undefined ? "the tap was not seen" : "no heading" };
    }
    let dataFrom: DataSource = variant === "floor" ? "memory" : variant === "full" ? "document" : "unknown";
    if (variant === "served") {
      // No request for the page's data after the tap: the data fetched ahead, in memory.
      const fetched = dataRequests().find((r) => r.url === dataUrl(tapPlan.to) && r.at >= before);
      dataFrom = !fetched ? "memory" : fetched.fromPrefetchCache ? "prefetch" : fetched.fromDiskCache ? "cache" : "network";
    }
    return { ...base, tapToHeadingMs: state.headingAt - state.tapAt, dataFrom };
  } catch (error) {
    return { ...base, tapToHeadingMs: null, dataFrom: "unknown", error: error instanceof Error ? error.message.split("\n")[0] : String(error) };
  } finally {
    await prepared?.context.close();
  }
}

/** A typical visit: the page read from top to bottom (a screen a second), then its first link tapped. */
async function costVisit(browser: Browser, tapPlan: Tap): Promise<CostVisit> {
  const prepared = await openPage(browser, tapPlan.origin, tapPlan.from);
  try {
    const { page, cdp, dataRequests } = prepared;
    const { height, screen } = await page.evaluate(() => ({ height: document.documentElement.scrollHeight, screen: innerHeight }));
    for (let y = screen; y < height; y += screen) {
      await page.evaluate((top) => scrollTo(0, top), y);
      await sleep(1000);
    }
    const point = await showLink(page, tapPlan);
    await page.evaluate(armScript(tapPlan.to));
    const tapSent = await tap(cdp, point);
    await waitForHeading(page, tapSent);
    // A request for the followed page after the tap (what was fetched ahead missed) would arrive now.
    await sleep(2000);
    return {
      page: tapPlan.page,
      followed: dataUrl(tapPlan.to),
      requests: dataRequestsOf(dataRequests(), tapSent, dataUrl(tapPlan.to)),
    };
  } finally {
    await prepared.context.close();
  }
}

function line(n: number, total: number, result: TapResult): string {
  const head = `[${String(n).padStart(String(total).length)}/${total}] ${result.page.padEnd(10)} ${result.variant.padEnd(6)} → ${result.to.slice(0, 60)}`;
  if (result.tapToHeadingMs === null) return `${head}: FAILED (${result.error ?? "?"})`;
  return `${head}: ${Math.round(result.tapToHeadingMs)} ms (${result.dataFrom})`;
}

/** The same link on another of this machine's ports (the other build's server). */
const onPort = (t: Tap, port: number): Tap => ({ ...t, origin: t.origin.replace(/:\d+$/, `:${port}`) });

/** `--against <ref>`: the served taps of that commit's build and of this checkout's, in pairs. */
async function compareBuilds(ref: string) {
  if (!process.argv.includes("--no-build")) execSync("npx remix build", { stdio: "inherit" });
  const baseDir = worktreeDir("bench-navigation-");
  const servers: RunningServer[] = [];
  const results = { base: [] as TapResult[], head: [] as TapResult[] };
  let taps: Tap[] = [];
  const env = { URL_MODE: "production", BENCH_MODE: "1" };
  try {
    buildWorktree(ref, baseDir);
    servers.push(await startServer(PORT + 1, env, baseDir), await startServer(PORT, env));
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    try {
      taps = await findTaps(browser, PORT);
      for (const port of [PORT, PORT + 1]) await warmTaps(port, taps);
      for (let round = 0; round < ROUNDS; round++) {
        for (const [i, t] of taps.entries()) {
          const order = (round + i) % 2 === 0 ? (["base", "head"] as const) : (["head", "base"] as const);
          for (const side of order) results[side].push(await tapVisit(browser, side === "base" ? onPort(t, PORT + 1) : t, "served", round));
          const [b, h] = [results.base.at(-1)!, results.head.at(-1)!];
          console.log(
            `round ${round + 1}/${ROUNDS} ${t.page.padEnd(10)} → ${t.to.slice(0, 40).padEnd(40)} base ${Math.round(b.tapToHeadingMs ?? NaN)} ms, head ${Math.round(h.tapToHeadingMs ?? NaN)} ms`,
          );
        }
      }
    } finally {
      await browser.close();
    }
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    removeWorktree(baseDir);
  }
  const ms = (value: number | null) => (value === null ? "–" : String(Math.round(value)));
  console.log(`\nServed taps, ${ref} (base) against this checkout (head), ${ROUNDS} pairs per link, tap to the next heading:`);
  for (const page of [...PAGE_TYPES, "all pages"]) {
    const pick = (side: "base" | "head") => results[side].filter((r) => page === "all pages" || r.page === page);
    const c = compare(pick("base"), pick("head"));
    console.log(
      `${page.padEnd(10)} base p50 / p75 ${ms(c.base.p50Ms)} / ${ms(c.base.p75Ms)} ms, head ${ms(c.head.p50Ms)} / ${ms(c.head.p75Ms)} ms; ` +
        `head − base per pair: median ${ms(c.medianDifferenceMs)} ms, head faster in ${c.headFaster} of ${c.pairs}`,
    );
  }
}

async function main() {
  if (AGAINST) return compareBuilds(AGAINST);
  const started = Date.now();
  if (!process.argv.includes("--no-build")) execSync("npx remix build", { stdio: "inherit" });
  const server = await startServer(PORT, { URL_MODE: "production", BENCH_MODE: "1" });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const results: TapResult[] = [];
  const costs: PrefetchCost[] = [];
  let taps: Tap[] = [];
  const platformResults: TapResult[] = [];
  try {
    taps = await findTaps(browser, PORT);
    for (const t of taps) console.log(`${t.page} (${t.origin}${t.from}): ${t.where} link "${t.label}" → ${t.to}`);
    // Warm the server's caches (pages and their data), so no variant meets a cold render the others do not.
    await warmTaps(PORT, taps);

    // The platform's floor: the bare pages on the first page's host, data in memory, as many taps as a page's floor.
    const bare: Tap = {
      page: "platform",
      origin: taps[0]!.origin,
      from: `${PLATFORM_PATH}?step=1`,
      to: `${PLATFORM_PATH}?step=2`,
      where: "main",
      label: "Next bare document",
    };
    for (let i = 0; i < ROUNDS * TAPS_PER_PAGE; i++) {
      const result = await tapVisit(browser, bare, "floor", i);
      platformResults.push(result);
      console.log(line(i + 1, ROUNDS * TAPS_PER_PAGE, result));
    }

    // The floor first, then served and full load of each link side by side, round after round.
    const plan: Array<{ tap: Tap; variant: Variant; round: number }> = [];
    for (let round = 0; round < ROUNDS; round++) for (const t of taps) plan.push({ tap: t, variant: "floor", round });
    for (let round = 0; round < ROUNDS; round++) for (const t of taps) for (const variant of ["served", "full"] as const) plan.push({ tap: t, variant, round });
    console.log(`\n${plan.length} taps (${taps.length} links × 3 ways × ${ROUNDS} rounds)`);
    for (const [i, step] of plan.entries()) {
      const result = await tapVisit(browser, step.tap, step.variant, step.round);
      results.push(result);
      console.log(line(i + 1, plan.length, result));
    }
    console.log("\nTypical visits (what the prefetches cost):");
    for (const type of PAGE_TYPES) {
      const first = taps.find((t) => t.page === type);
      if (!first) continue;
      const cost = prefetchCost(await costVisit(browser, first));
      costs.push(cost);
      console.log(
        `${type}: ${cost.prefetches} prefetch requests (${cost.pages} pages; ${cost.fromCache} more from the browser's cache), ${cost.unused} never followed (${(cost.unusedBytes / 1024).toFixed(1)} KB, ${cost.unusedNotModified} were 304), ${cost.askedAtTap} asked again at the tap`,
      );
    }
  } finally {
    await browser.close();
    await server.stop();
  }

  const pages = PAGE_TYPES.map((type) =>
    summarise(
      type,
      results.filter((r) => r.page === type),
    ),
  );
  const all = summarise("all pages", results);
  const platform = times(platformResults);
  const failures = missedTargets(all);
  if (platform.failed) failures.push(`${platform.failed} tap(s) between the bare pages never showed the next heading`);
  const minutes = (Date.now() - started) / 60_000;
  const date = new Date().toISOString();
  mkdirSync("tests/bench/results", { recursive: true });
  const json = {
    date,
    node: process.version,
    machine: { cpus: cpus().length, loadAverageAtEnd: loadavg()[0] },
    settings: {
      phone: PHONE_CONTEXT,
      network: PHONE_NETWORK,
      cpuSlowdown: PHONE_CPU_SLOWDOWN,
      rounds: ROUNDS,
      settleMs: SETTLE_MS,
      dwellMs: DWELL_MS,
      targets: TARGETS,
    },
    runMinutes: Number(minutes.toFixed(1)),
    taps,
    pages,
    all,
    platform,
    costs,
    results,
    platformResults,
    failures,
  };
  writeFileSync(`${RESULTS}.tmp`, `${JSON.stringify(json, null, 2)}\n`);
  renameSync(`${RESULTS}.tmp`, RESULTS);

  const verdict = failures.length ? `Missed: ${failures.join("; ")}.` : "Every target met.";
  const heading =
    `Latest \`npm run bench:navigation\` (${date.slice(0, 10)}; ${taps.length} links, each tapped ${ROUNDS} times each way; ` +
    `host load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores at the end). ${verdict}`;
  const markdown = navigationMarkdown(pages, all, costs, heading, platform);
  console.log(`\nNavigation benchmark: ${PHONE_CONTEXT.viewport!.width} px phone, ${PHONE_CPU_SLOWDOWN}× CPU, 1.6 Mbps / 150 ms\n`);
  console.log(markdown);
  // Only a run of the whole plan speaks for the product; a narrowed one (NAV_PAGES, NAV_ROUNDS) does not.
  if (!process.env.NAV_ROUNDS && !process.env.NAV_PAGES) writeResultsTable("navigation", markdown);
  console.log(`\nResults written to ${RESULTS} (run took ${minutes.toFixed(1)} min)`);
  process.exit(failures.length ? 1 : 0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
