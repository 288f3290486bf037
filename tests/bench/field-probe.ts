import type { AtTap, FieldControl } from "./field-controls";
import { inPageScript } from "./in-page-script";

// The field benchmark's probe: an init script that runs before any page script and records, in the
// page's own clock (performance.now()), what a visitor meets: first paint, LCP, layout shifts, the
// data layer's events, the tap and when the tapped control answered. Read back as window.__field.

/** Page → Node notices (CDP Runtime.addBinding), so Node waits on events instead of polling a busy page. */
export const SIGNAL_BINDING = "__fieldSignal";
export type Signal = "answered" | "page_viewed" | "load";

export interface FieldRecord {
  /** first-paint or first-contentful-paint, whichever came first. */
  firstPaint: number | null;
  lcp: Array<{ t: number; size: number }>;
  shifts: Array<{ t: number; value: number; hadRecentInput: boolean }>;
  dataLayer: Array<{ t: number; event: string | null }>;
  pageViewed: number | null;
  /** The first pointerdown: its event.timeStamp, whether it hit the control, the scroll then. */
  /** `hit`: what the tap landed on when it missed the control (tag#id.class), and the control's box then. */
  tap: { t: number; onControl: boolean; scrollY: number; hit?: string; controlBox?: string } | null;
  answered: number | null;
  /** When the control was scrolled into view (controls below the first screen only). */
  scrolled: number | null;
  load: number | null;
}

export interface Point {
  x: number;
  y: number;
}

interface ProbeTarget {
  selector: string;
  index: number;
  /** The watcher gives up this long after the tap. */
  watchMs: number;
}

declare global {
  interface Window {
    __field?: FieldRecord & { scrollToControl(): Promise<Point | null>; aimAtControl(): Point | null };
  }
}

/** Runs in the page, before its scripts. Must use only its arguments and the page's globals. */
function installFieldProbe(target: ProbeTarget, answered: FieldControl["answered"], binding: string) {
  const field: FieldRecord = { firstPaint: null, lcp: [], shifts: [], dataLayer: [], pageViewed: null, tap: null, answered: null, scrolled: null, load: null };
  const signal = (kind: string) => {
    const notify = (window as unknown as Record<string, unknown>)[binding];
    if (typeof notify === "function") notify(kind);
  };
  const control = () => {
    const found = document.querySelectorAll<HTMLElement>(target.selector)[target.index];
    return found ?? null;
  };
  const observe = (type: string, onEntry: (entry: PerformanceEntry & Record<string, unknown>) => void) => {
    try {
      new PerformanceObserver((list) => list.getEntries().forEach((e) => onEntry(e as PerformanceEntry & Record<string, unknown>))).observe({
        type,
        buffered: true,
      });
    } catch {
      /* entry type not supported */
    }
  };
  observe("paint", (e) => {
    if (field.firstPaint === null || e.startTime < field.firstPaint) field.firstPaint = e.startTime;
  });
  observe("largest-contentful-paint", (e) => field.lcp.push({ t: e.startTime, size: Number(e["size"]) }));
  observe("layout-shift", (e) => field.shifts.push({ t: e.startTime, value: Number(e["value"]), hadRecentInput: e["hadRecentInput"] === true }));

  // The data layer: the page keeps `window.dataLayer = window.dataLayer || []`, so the same array stays;
  // a page that assigns a new array, or a tag manager that assigns its own push, is wrapped again.
  const record = (item: unknown) => {
    if (!item || typeof item !== "object") return;
    const t = performance.now();
    const name = (item as { event?: unknown }).event;
    const event = typeof name === "string" ? name : null;
    field.dataLayer.push({ t, event });
    if (event === "page_viewed" && field.pageViewed === null) {
      field.pageViewed = t;
      signal("page_viewed");
    }
  };
  const wrapped = new WeakSet<object>();
  const wrap = (layer: unknown) => {
    if (!Array.isArray(layer) || wrapped.has(layer)) return layer;
    wrapped.add(layer);
    layer.forEach(record);
    let inner: (...items: unknown[]) => number = Array.prototype.push;
    let depth = 0;
    // A replacement push usually calls the one it replaced: only the outermost call records.
    const recordingPush = (...items: unknown[]) => {
      if (depth > 0) return Array.prototype.push.apply(layer, items);
      depth++;
      try {
        items.forEach(record);
        return inner.apply(layer, items);
      } finally {
        depth--;
      }
    };
    Object.defineProperty(layer, "push", {
      configurable: true,
      get: () => recordingPush,
      set: (replacement: (...items: unknown[]) => number) => {
        inner = replacement;
      },
    });
    return layer;
  };
  let dataLayer = wrap([]);
  Object.defineProperty(window, "dataLayer", {
    configurable: true,
    enumerable: true,
    get: () => dataLayer,
    set: (value: unknown) => {
      dataLayer = wrap(value);
    },
  });

  // The answer watcher: from the tap, every frame (and every 16 ms, as frames may be starved).
  const watch = (tapped: HTMLElement | null, atTap: AtTap, tapTime: number) => {
    let stopped = false;
    const check = () => {
      if (stopped) return;
      if (performance.now() - tapTime > target.watchMs) stopped = true;
      const current = tapped?.isConnected ? tapped : (control() ?? tapped);
      let yes = false;
      try {
        yes = !!current && answered(current, atTap);
      } catch {
        /* the page is mid-change; look again next time */
      }
      if (yes && !stopped) {
        field.answered = performance.now();
        stopped = true;
        signal("answered");
      }
      if (stopped) clearInterval(timer);
    };
    const frame = () => {
      check();
      if (!stopped) requestAnimationFrame(frame);
    };
    const timer = setInterval(check, 16);
    requestAnimationFrame(frame);
  };
  window.addEventListener(
    "pointerdown",
    (event) => {
      if (field.tap) return;
      const tapped = control();
      const atTap = { scrollY: window.scrollY };
      const onControl = !!tapped && event.target instanceof Node && tapped.contains(event.target);
      field.tap = { t: event.timeStamp, onControl, scrollY: atTap.scrollY };
      if (!onControl) {
        const hit = event.target instanceof Element ? event.target : null;
        field.tap.hit = hit
          ? `${hit.tagName.toLowerCase()}${hit.id ? `#${hit.id}` : ""}${typeof hit.className === "string" && hit.className ? `.${hit.className.split(" ")[0]}` : ""}`
          : String(event.target);
        const box = tapped?.getBoundingClientRect();
        field.tap.controlBox = box
          ? `${Math.round(box.left)},${Math.round(box.top)} ${Math.round(box.width)}×${Math.round(box.height)} at (${Math.round((event as PointerEvent).clientX)},${Math.round((event as PointerEvent).clientY)})`
          : "control not in the page";
      }
      watch(tapped, atTap, event.timeStamp);
    },
    { capture: true },
  );
  window.addEventListener("load", () => {
    field.load = performance.now();
    signal("load");
  });

  // For controls below the first screen: scroll so the control is centred, as soon as it exists;
  // then, right before the tap, where it is now (the page may have changed length since).
  const centre = (el: HTMLElement) => {
    const box = el.getBoundingClientRect();
    return { x: box.left + box.width / 2, y: box.top + box.height / 2 };
  };
  const scrollToControl = async () => {
    const deadline = performance.now() + 10_000;
    let found = control();
    while (!found && performance.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      found = control();
    }
    if (!found) return null;
    const box = found.getBoundingClientRect();
    window.scrollTo({ top: window.scrollY + box.top - (window.innerHeight - box.height) / 2, behavior: "instant" });
    field.scrolled = performance.now();
    return centre(found);
  };
  // Aim only at a control the page has painted where its box says: content a page skips
  // (content-visibility) has a box before it is painted, and a tap there lands on its container.
  const aimAtControl = () => {
    const found = control();
    if (!found) return null;
    const point = centre(found);
    if (point.y <= 0 || point.y >= window.innerHeight) return null;
    const hit = document.elementFromPoint(point.x, point.y);
    return hit && found.contains(hit) ? point : null;
  };
  window.__field = Object.assign(field, { scrollToControl, aimAtControl });
}

/** The init script for one visit that taps `control` (the `index`th match of its selector). */
export function probeScript(control: FieldControl, index: number, watchMs: number): string {
  const target: ProbeTarget = { selector: control.selector, index, watchMs };
  return inPageScript(installFieldProbe, target, control.answered, SIGNAL_BINDING);
}

/** Reads the record back (a copy without the helper function). */
export function readRecordScript(): string {
  return inPageScript(() => JSON.parse(JSON.stringify(window.__field ?? null)) as FieldRecord | null);
}
