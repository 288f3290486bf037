import { chromium } from "@playwright/test";
import { writeFileSync, mkdirSync } from "node:fs";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../setup/chromium";
import { BENCH_PAGES } from "./pages";
import { PHONE_CONTEXT, throttleLikeAPhone } from "./phone-profile";
import { startServer } from "./server-process";
import { watchFirstPaint } from "./first-paint-signal";

// `npx tsx tests/bench/trace.ts [page type…]`: what the page's main thread does on the phone profile,
// relative to first paint. One untouched visit per page; prints every main-thread task of 30 ms or
// more (wall time, as the visitor waits for it) with what filled it, and writes the raw trace to
// tests/bench/results/trace-<type>.json for chrome://tracing or DevTools. Run on a quiet host: it
// explains where a tap's answer time goes (field.ts measures it).

interface TraceEvent {
  name: string;
  cat?: string;
  ph?: string;
  pid?: number;
  tid?: number;
  ts: number;
  dur?: number;
  args?: { name?: string; data?: Record<string, unknown>; frame?: string };
}

const PORT = Number(process.env.BENCH_PORT ?? 3460);
const LONG_MS = Number(process.env.TRACE_LONG_MS ?? 30);
/** TRACE_TAP=<css selector>@<ms>: tap that control at first paint + ms (its place found on an unthrottled visit). */
const TAP = process.env.TRACE_TAP ? { selector: process.env.TRACE_TAP.split("@")[0]!, ms: Number(process.env.TRACE_TAP.split("@")[1] ?? 100) } : null;
const CATEGORIES = ["input", "latencyInfo", "devtools.timeline", "disabled-by-default-devtools.timeline", "v8.execute", "loading", "blink.user_timing"];

/** The leaf-ish work inside a task, summed by kind (nested events counted once, at their own level). */
function breakdown(task: TraceEvent, events: readonly TraceEvent[]): string {
  const end = task.ts + (task.dur ?? 0);
  const inside = events.filter((e) => e.ph === "X" && e.tid === task.tid && e.pid === task.pid && e !== task && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= end);
  const sums = new Map<string, number>();
  for (const e of inside) {
    if (
      ![
        "ParseHTML",
        "EvaluateScript",
        "v8.evaluateModule",
        "v8.compileModule",
        "v8.compile",
        "FunctionCall",
        "UpdateLayoutTree",
        "Layout",
        "Paint",
        "PrePaint",
        "Layerize",
        "HitTest",
        "EventDispatch",
        "ParseAuthorStyleSheet",
        "Decode Image",
        "TimerFire",
        "FireAnimationFrame",
        "RunMicrotasks",
        "v8.produceModuleCache",
        "v8.run",
      ].includes(e.name)
    )
      continue;
    let label = e.name;
    const data = e.args?.data ?? {};
    if (e.name === "EventDispatch") label += `:${String(data.type)}`;
    if (["EvaluateScript", "v8.compile", "v8.compileModule", "v8.evaluateModule", "FunctionCall"].includes(e.name)) {
      const url = String(data.url ?? data.fileName ?? "").replace(/^https?:\/\/[^/]+/, "");
      if (url) label += `:${url.slice(-40)}`;
      if (data.functionName) label += `:${String(data.functionName)}`;
    }
    sums.set(label, (sums.get(label) ?? 0) + (e.dur ?? 0) / 1000);
  }
  return [...sums.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 5)
    .map(([k, v]) => `${k} ${v.toFixed(0)}`)
    .join(", ");
}

async function main() {
  const types = process.argv.slice(2).filter((a) => !a.startsWith("-"));
  const pages = BENCH_PAGES.filter((p) => types.length === 0 || types.includes(p.type));
  const server = await startServer(PORT, { BENCH_MODE: "1" });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  mkdirSync("tests/bench/results", { recursive: true });
  try {
    for (const page of pages) for (let i = 0; i < 2; i++) await fetch(`${server.url}${page.path}`);
    for (const p of pages) {
      let point: { x: number; y: number } | null = null;
      if (TAP) {
        const context = await browser.newContext(PHONE_CONTEXT);
        const page = await context.newPage();
        await page.goto(`${server.url}${p.path}`);
        const box = await page.locator(TAP.selector).first().boundingBox();
        if (box) point = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
        await context.close();
      }
      const context = await browser.newContext(PHONE_CONTEXT);
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await throttleLikeAPhone(cdp);
      const paintSignal = await watchFirstPaint(cdp);
      await browser.startTracing(page, { categories: CATEGORIES });
      paintSignal.arm();
      const loaded = page.goto(`${server.url}${p.path}`, { waitUntil: "load", timeout: 60_000 });
      if (TAP && point) {
        const painted = await paintSignal.firstPaint;
        await new Promise((r) => setTimeout(r, Math.max(0, painted.at + TAP.ms - performance.now())));
        const timestamp = (performance.timeOrigin + performance.now()) / 1000;
        await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [point], timestamp });
        await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [], timestamp });
        console.log(`tapped ${TAP.selector} at first paint + ${(performance.now() - painted.at).toFixed(0)} ms (Node's clock)`);
      }
      await loaded;
      await page.waitForTimeout(2500);
      const buffer = await browser.stopTracing();
      await context.close();
      writeFileSync(`tests/bench/results/trace-${p.type}.json`, buffer);
      const { traceEvents: events } = JSON.parse(buffer.toString()) as { traceEvents: TraceEvent[] };

      const navigation = events.find((e) => e.name === "navigationStart" && String(e.args?.data?.documentLoaderURL ?? "").startsWith("http"));
      if (!navigation) throw new Error(`${p.type}: no navigationStart in the trace`);
      const thread = events.find((e) => e.name === "thread_name" && e.pid === navigation.pid && e.args?.name === "CrRendererMain");
      const paint =
        events.find((e) => e.name === "firstContentfulPaint" && e.pid === navigation.pid) ??
        events.find((e) => e.name === "firstPaint" && e.pid === navigation.pid);
      const lcp = events.filter((e) => e.name === "largestContentfulPaint::Candidate" && e.pid === navigation.pid).at(-1);
      const at = (ts: number) => ((ts - (paint?.ts ?? navigation.ts)) / 1000).toFixed(0).padStart(6);
      const marks = events
        .filter(
          (e) => e.pid === navigation.pid && ["domInteractive", "domContentLoadedEventEnd", "loadEventEnd", "MarkDOMContent", "MarkLoad"].includes(e.name),
        )
        .map((e) => `${e.name} ${at(e.ts).trim()}`);
      console.log(
        `\n${p.type}: first paint ${paint ? ((paint.ts - navigation.ts) / 1000).toFixed(0) : "?"} ms after navigation; LCP ${lcp ? at(lcp.ts).trim() : "?"} ms after first paint; ${marks.join("; ")}`,
      );
      const requests = events.filter((e) => e.name === "ResourceSendRequest" && e.pid === navigation.pid);
      const finishes = new Map(events.filter((e) => e.name === "ResourceFinish").map((e) => [String(e.args?.data?.requestId), e]));
      for (const r of requests) {
        const url = String(r.args?.data?.url ?? "").replace(/^https?:\/\/[^/]+/, "");
        const finish = finishes.get(String(r.args?.data?.requestId));
        console.log(`  fetch ${at(r.ts)} → ${finish ? at(finish.ts) : "   ?"}  ${url.slice(0, 80)}`);
      }
      for (const e of events.filter(
        (e) =>
          e.name === "EventDispatch" &&
          e.pid === navigation.pid &&
          ["pointerdown", "click", "touchstart", "touchend", "toggle", "beforetoggle"].includes(String(e.args?.data?.type)),
      )) {
        console.log(`  event ${at(e.ts)} ${String(e.args?.data?.type)}`);
      }
      for (const e of events
        .filter((e) => e.pid === navigation.pid && /^(InputLatency|LatencyInfo\.Flow|EventLatency)/.test(e.name) && e.ph !== "n")
        .slice(0, 12)) {
        console.log(`  input ${at(e.ts)} ${e.name} ${e.ph} ${((e.dur ?? 0) / 1000).toFixed(0)} ${JSON.stringify(e.args?.data ?? e.args ?? {}).slice(0, 120)}`);
      }
      const tasks = events.filter(
        (e) =>
          e.name === "RunTask" && e.ph === "X" && e.pid === navigation.pid && e.tid === thread?.tid && e.ts >= navigation.ts && (e.dur ?? 0) / 1000 >= LONG_MS,
      );
      for (const task of tasks) console.log(`  task ${at(task.ts)} +${((task.dur ?? 0) / 1000).toFixed(0).padStart(4)} ms  ${breakdown(task, events)}`);
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
