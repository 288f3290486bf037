import { fileURLToPath } from "node:url";
import { load, type LoadResult } from "./measure";
import { pageBytes, type PageBytes } from "./page-bytes";
import { BARE_PATH, BENCH_PAGES, VISITOR_HEADERS } from "./pages";
import { startServer, type RunningServer } from "./server-process";

// What a page costs at the origin (docs/decisions/031-measuring-cost-per-page.md), for `npm run bench`:
//   - each page against the bare document route in the SAME server process, back to back, the order
//     alternating from page to page, so the host's drift falls on both alike;
//   - on one more production server, with tests/bench/render-probe.mjs preloaded: React's renderToString of
//     each page's captured tree alone (the floor), the V8 heap bytes allocated and the CPU time spent per
//     rendered request (and per bare-route request, and per floor render), and the page's HTML bytes. CPU time
//     per request reads the same on a busy host as on a quiet one, where req/s does not.

/** What browsers send over HTTPS and CDNs forward to an origin. */
const ACCEPT_ENCODING = "gzip, deflate, br";

export interface PairedLoad {
  page: string;
  /** The round whose page ÷ bare ratio is the median of the rounds'. */
  bare: LoadResult;
  load: LoadResult;
  /** Every round's page req/s ÷ bare req/s, in the order run. */
  ratios: number[];
}

/**
 * Each bench page and the bare route, back to back, `rounds` times (bare first on even page-and-round
 * counts, the page first on odd ones). One pair of loads moves ±0.05 in ratio from the host's drift alone;
 * the median round of three is what a page is judged by, and every round's ratio is printed.
 */
export async function loadPairs(baseUrl: string, seconds: number, rounds = 1): Promise<PairedLoad[]> {
  const pairs: PairedLoad[] = [];
  // As a CDN asks an origin: compressed, so the cost of compressing is in every figure (bare route included).
  const measure = (path: string) => load(`${baseUrl}${path}`, { durationSeconds: seconds, headers: { "accept-encoding": ACCEPT_ENCODING } });
  for (const [index, page] of BENCH_PAGES.entries()) {
    const runs: Array<{ bare: LoadResult; load: LoadResult; ratio: number }> = [];
    for (let round = 0; round < rounds; round++) {
      let bare: LoadResult;
      let result: LoadResult;
      if ((index + round) % 2 === 0) {
        bare = await measure(BARE_PATH);
        result = await measure(page.path);
      } else {
        result = await measure(page.path);
        bare = await measure(BARE_PATH);
      }
      for (const [name, r] of [
        [page.type, result],
        ["bare document", bare],
      ] as const)
        if (r.non2xx || r.errors) throw new Error(`${name}: ${r.non2xx} non-2xx and ${r.errors} errors under load`);
      runs.push({ bare, load: result, ratio: result.requestsPerSecond / bare.requestsPerSecond });
    }
    const median = [...runs].sort((a, b) => a.ratio - b.ratio)[Math.floor((runs.length - 1) / 2)]!;
    const ratios = runs.map((run) => run.ratio);
    console.log(
      `  ${page.type.padEnd(12)} ${Math.round(median.load.requestsPerSecond)} req/s, bare route ${Math.round(median.bare.requestsPerSecond)} req/s` +
        (rounds > 1 ? ` (the median of ${rounds} rounds: ${ratios.map((ratio) => ratio.toFixed(3)).join(", ")})` : ""),
    );
    pairs.push({ page: page.type, bare: median.bare, load: median.load, ratios });
  }
  return pairs;
}

export interface RenderCost {
  page: string;
  /** renderToString of the captured tree: median ms per render over FLOOR_BATCHES batches of about 1 s. */
  floorMsPerRender: number;
  floorRendersPerSec: number;
  /** The same batches' CPU time per render (the process's, GC threads included). */
  floorCpuMsPerRender: number;
  /** The server process's CPU time per rendered request, one request at a time. */
  cpuMsPerRequest: number;
  /** The floor's markup equals the markup of the render it was captured from. */
  floorSameMarkup: boolean;
  allocatedBytesPerRender: number;
  floorAllocatedBytesPerRender: number;
  bytes: PageBytes;
}

const FLOOR_BATCHES = 5;
export const ALLOCATION_RENDERS = Number(process.env.BENCH_ALLOC_RENDERS ?? 500);
const PROBE = fileURLToPath(new URL("./render-probe.mjs", import.meta.url));

/** Asks the probe (tests/bench/render-probe.mjs) one question over IPC. */
function ask<T>(server: RunningServer, cmd: string, args: Record<string, unknown> = {}): Promise<T> {
  const id = Math.random().toString(36).slice(2);
  return new Promise<T>((resolve, reject) => {
    const onMessage = (message: { id: string; ok: boolean; result?: T; error?: string }) => {
      if (message.id !== id) return;
      server.process.off("message", onMessage);
      if (message.ok) resolve(message.result as T);
      else reject(new Error(`render probe, ${cmd}: ${message.error}`));
    };
    server.process.on("message", onMessage);
    server.process.send({ id, cmd, ...args });
  });
}

/** The page as a visitor's copy, uncompressed: the HTML itself. */
async function get(url: string): Promise<string> {
  const response = await fetch(url, { headers: { ...VISITOR_HEADERS, "accept-encoding": "identity" } });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  return text;
}

/** `renders` requests, one after another, between the probe's marks: V8 heap bytes and CPU ms per request. */
async function costPerRequest(server: RunningServer, url: string, renders: number): Promise<{ bytes: number; cpuMs: number }> {
  await ask(server, "allocStart");
  for (let i = 0; i < renders; i++) await get(url);
  const { bytes, cpuMs } = await ask<{ bytes: number; cpuMs: number }>(server, "allocStop");
  return { bytes: bytes / renders, cpuMs: cpuMs / renders };
}

export interface OriginCosts {
  /** The bare route on the probe server: CPU ms and V8 heap bytes per request. */
  bare: { cpuMsPerRequest: number; allocatedBytesPerRequest: number };
  pages: RenderCost[];
}

export async function measureRenderCost(port: number): Promise<OriginCosts> {
  // Configured as the rendering server of `npm run bench` (page cache off), with the probe preloaded.
  const server = await startServer(port, { BENCH_MODE: "1", PAGE_CACHE_TTL_MS: "0" }, process.cwd(), { preload: PROBE });
  const costs: RenderCost[] = [];
  let bare: OriginCosts["bare"];
  try {
    const bareUrl = `${server.url}${BARE_PATH}`;
    for (let i = 0; i < 50; i++) await get(bareUrl);
    const bareCost = await costPerRequest(server, bareUrl, ALLOCATION_RENDERS);
    bare = { cpuMsPerRequest: bareCost.cpuMs, allocatedBytesPerRequest: bareCost.bytes };
    console.log(`  bare route   ${bare.cpuMsPerRequest.toFixed(2)} CPU ms, ${(bare.allocatedBytesPerRequest / 1048576).toFixed(2)} MB allocated per request`);
    for (const page of BENCH_PAGES) {
      const url = `${server.url}${page.path}`;
      for (let i = 0; i < 50; i++) await get(url);
      await ask(server, "capture", { key: page.type });
      const html = await get(url);
      await ask(server, "captured", { key: page.type });

      const warm = await ask<{ msPerRender: number }>(server, "floor", { key: page.type, renders: 20 });
      const perBatch = Math.max(20, Math.round(1000 / warm.msPerRender));
      const batches: Array<{ msPerRender: number; cpuMsPerRender: number; sameMarkup: boolean }> = [];
      for (let b = 0; b < FLOOR_BATCHES; b++) batches.push(await ask(server, "floor", { key: page.type, renders: perBatch }));
      const median = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)]!;
      const floorMsPerRender = median(batches.map((batch) => batch.msPerRender));

      const request = await costPerRequest(server, url, ALLOCATION_RENDERS);
      const floorAllocation = await ask<{ bytes: number }>(server, "allocFloor", { key: page.type, renders: ALLOCATION_RENDERS });
      const cost: RenderCost = {
        page: page.type,
        floorMsPerRender,
        floorRendersPerSec: 1000 / floorMsPerRender,
        floorCpuMsPerRender: median(batches.map((batch) => batch.cpuMsPerRender)),
        cpuMsPerRequest: request.cpuMs,
        floorSameMarkup: batches.every((batch) => batch.sameMarkup),
        allocatedBytesPerRender: request.bytes,
        floorAllocatedBytesPerRender: floorAllocation.bytes / ALLOCATION_RENDERS,
        bytes: pageBytes(html),
      };
      console.log(
        `  ${page.type.padEnd(12)} ${cost.cpuMsPerRequest.toFixed(2)} CPU ms per request; floor ${cost.floorMsPerRender.toFixed(2)} ms, ${cost.floorCpuMsPerRender.toFixed(2)} CPU ms (${Math.round(cost.floorRendersPerSec)} renders/s${cost.floorSameMarkup ? "" : ", markup differs!"}), ` +
          `${(cost.allocatedBytesPerRender / 1048576).toFixed(2)} MB allocated per request, ${(cost.floorAllocatedBytesPerRender / 1048576).toFixed(2)} MB per floor render`,
      );
      costs.push(cost);
    }
  } finally {
    await server.stop();
  }
  return { bare, pages: costs };
}
