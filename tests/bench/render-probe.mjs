// Preloaded into ONE production server by `npm run bench` (`node --import ./tests/bench/render-probe.mjs
// build/index.js`, tests/bench/origin.ts), so the render floor and the allocation per render are measured on the
// build that runs, through its real request path. Why and what each number includes: docs/decisions/031-measuring-cost-per-page.md.
//
// It wraps react-dom/server's renderToString in the module object the build imports (ESM imports of a CommonJS
// module read its exports when first imported, after this preload), and answers the parent over IPC:
//   capture   the next render's element (the exact tree entry.server.tsx hands React) and its markup;
//   floor     renderToString of a captured element alone, repeated: ms per render;
//   allocStart / allocStop   bytes allocated on V8's heap in between (GCProfiler: used heap at the end − at the
//             start + what every garbage collection in between freed), and the process's CPU time in between.
import { createRequire } from "node:module";
import v8 from "node:v8";

const require = createRequire(`${process.cwd()}/`);
const server = require("react-dom/server");
const realRenderToString = server.renderToString;

/** @type {null | ((element: unknown, markup: string) => void)} */
let onRender = null;
server.renderToString = function renderToString(element, options) {
  const markup = realRenderToString(element, options);
  if (onRender) {
    const record = onRender;
    onRender = null;
    record(element, markup);
  }
  return markup;
};

/** @type {Map<string, { element: unknown; markup: string }>} */
const captured = new Map();
/** @type {null | { profiler: v8.GCProfiler; usedAtStart: number; cpuAtStart: NodeJS.CpuUsage }} */
let allocation = null;

function allocationStart() {
  const profiler = new v8.GCProfiler();
  profiler.start();
  allocation = { profiler, usedAtStart: v8.getHeapStatistics().used_heap_size, cpuAtStart: process.cpuUsage() };
}

function allocationStop() {
  if (!allocation) throw new Error("allocStop without allocStart");
  const usedAtEnd = v8.getHeapStatistics().used_heap_size;
  const cpu = process.cpuUsage(allocation.cpuAtStart);
  const { statistics } = allocation.profiler.stop();
  let freed = 0;
  for (const gc of statistics) freed += gc.beforeGC.heapStatistics.usedHeapSize - gc.afterGC.heapStatistics.usedHeapSize;
  const bytes = usedAtEnd - allocation.usedAtStart + freed;
  allocation = null;
  return { bytes, gcs: statistics.length, cpuMs: (cpu.user + cpu.system) / 1000 };
}

/** renderToString of the captured element `renders` times; wall and CPU ms per render over the batch. */
function floorBatch(key, renders) {
  const entry = captured.get(key);
  if (!entry) throw new Error(`nothing captured for ${key}`);
  const started = performance.now();
  const cpuAtStart = process.cpuUsage();
  let markup = "";
  for (let i = 0; i < renders; i++) markup = realRenderToString(entry.element);
  const ms = (performance.now() - started) / renders;
  const cpu = process.cpuUsage(cpuAtStart);
  // The floor renders the page the server sent: the same markup, byte for byte.
  return {
    msPerRender: ms,
    cpuMsPerRender: (cpu.user + cpu.system) / 1000 / renders,
    sameMarkup: markup === entry.markup,
    markupBytes: Buffer.byteLength(markup),
  };
}

const handlers = {
  /** Arms the capture; the parent then requests `key`'s URL, and asks `captured` for the result. */
  capture: ({ key }) => {
    onRender = (element, markup) => captured.set(key, { element, markup });
    return { armed: true };
  },
  captured: ({ key }) => {
    const entry = captured.get(key);
    if (!entry) throw new Error(`no render was captured for ${key}`);
    return { markupBytes: Buffer.byteLength(entry.markup) };
  },
  floor: ({ key, renders }) => floorBatch(key, renders),
  allocStart: () => (allocationStart(), { started: true }),
  allocStop: () => allocationStop(),
  /** The floor's allocation: `renders` renders of the captured element, measured in this process. */
  allocFloor: ({ key, renders }) => {
    const entry = captured.get(key);
    if (!entry) throw new Error(`nothing captured for ${key}`);
    allocationStart();
    for (let i = 0; i < renders; i++) realRenderToString(entry.element);
    return allocationStop();
  },
};

process.on("message", (message) => {
  const { id, cmd, ...args } = message;
  try {
    const handler = handlers[cmd];
    if (!handler) throw new Error(`unknown command ${cmd}`);
    process.send({ id, ok: true, result: handler(args) });
  } catch (error) {
    process.send({ id, ok: false, error: String(error?.stack ?? error) });
  }
});
