import { inPageScript } from "./in-page-script";

// The events bench's probe: an init script that runs before any page script and reports, through a
// binding (CDP Runtime.addBinding, a synchronous call that sends its message at once, so nothing is lost
// when the page leaves right after), in the page's own clock (performance.now()):
//   - every window.dataLayer push, as a deep copy (JSON), at the moment of the push;
//   - the tap on the control (its pointerdown's timeStamp, the tap's own moment) and when the browser
//     began dispatching its click (the input delay);
//   - the verdict at the end of the click's dispatch: whether the expected events are in the data layer
//     already. Its window listener (bubble phase) is kept the LAST click listener on window, so it runs
//     after every page handler of the same dispatch, those on window included; when a page handler stops
//     the click's propagation, the verdict is taken right after that handler instead. A form's submit button
//     also gets a verdict at the end of the submit the click starts (same task, after the click);
//   - a new window (window.open, or a target=_blank link the page let through) and the page leaving
//     (the next document's start, with the data layer's entries present as the page began to leave).

/** Page → Node messages. */
export const EVENTS_BINDING = "__eventsBenchMessage";

interface ProbeTarget {
  selector: string;
  index: number;
  expected: string[];
}

export type ProbeMessage =
  | { k: "start"; doc: string; href: string; origin: number; t: number }
  | { k: "paint"; doc: string; t: number }
  | { k: "push"; doc: string; t: number; event: string | null; item: unknown }
  | { k: "down"; doc: string; t: number; onControl: boolean; hit: string }
  | { k: "click"; doc: string; t: number }
  | { k: "verdict"; doc: string; t: number; phase: "click" | "submit"; found: string[]; pushed: string[]; newWindowByLink: boolean; firstPaint: number | null }
  | { k: "open"; doc: string; t: number; opened: boolean }
  | { k: "leaving"; doc: string; t: number; events: Array<string | null>; entries: unknown[]; firstPaint: number | null };

export interface Point {
  x: number;
  y: number;
}

declare global {
  interface Window {
    __eventsBench?: { aim(selector: string, index: number | null): Point | null; scrollTo(selector: string, index: number): Promise<Point | null> };
  }
}

/** Runs in the page, before its scripts. Must use only its arguments and the page's globals. */
function installEventsProbe(target: ProbeTarget, binding: string) {
  if (window !== window.top) return; // frames (a stubbed embed) are not the page
  const doc = Math.random().toString(36).slice(2);
  const add = EventTarget.prototype.addEventListener;
  const remove = EventTarget.prototype.removeEventListener;
  const send = (message: Record<string, unknown>) => {
    const notify = (window as unknown as Record<string, unknown>)[binding];
    if (typeof notify !== "function") return;
    let text: string;
    try {
      text = JSON.stringify({ ...message, doc });
    } catch {
      text = JSON.stringify({ ...message, item: null, doc });
    }
    notify(text);
  };
  send({ k: "start", href: location.href, origin: performance.timeOrigin, t: performance.now() });
  const firstPaint = () => {
    const times = performance.getEntriesByType("paint").map((e) => e.startTime);
    return times.length ? Math.min(...times) : null;
  };
  try {
    new PerformanceObserver((list) => list.getEntries().forEach((e) => send({ k: "paint", t: e.startTime }))).observe({ type: "paint", buffered: true });
  } catch {
    /* no paint timing */
  }
  const control = () => document.querySelectorAll<HTMLElement>(target.selector)[target.index] ?? null;
  const nameOf = (item: unknown) => {
    const name = item && typeof item === "object" ? (item as { event?: unknown }).event : undefined;
    return typeof name === "string" ? name : null;
  };

  // The data layer: the page keeps `window.dataLayer = window.dataLayer || []`, so the same array stays;
  // a page that assigns a new array, or a tag manager that assigns its own push, is wrapped again.
  const record = (item: unknown) => send({ k: "push", t: performance.now(), event: nameOf(item), item });
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
        const length = inner.apply(layer, items);
        items.forEach(record);
        return length;
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
  let dataLayer = wrap([]) as unknown[];
  Object.defineProperty(window, "dataLayer", {
    configurable: true,
    enumerable: true,
    get: () => dataLayer,
    set: (value: unknown) => {
      dataLayer = wrap(value) as unknown[];
      mark = 0;
    },
  });

  // The tap: where the data layer stood, so the verdict looks only at what the tap caused.
  let mark = 0;
  let onControl = false;
  add.call(
    window,
    "pointerdown",
    (event) => {
      const found = control();
      onControl = !!found && event.target instanceof Node && found.contains(event.target);
      if (!onControl) {
        const hit = event.target instanceof Element ? event.target : null;
        send({ k: "down", t: event.timeStamp, onControl, hit: hit ? `${hit.tagName.toLowerCase()}${hit.id ? `#${hit.id}` : ""}` : String(event.target) });
        return;
      }
      mark = Array.isArray(dataLayer) ? dataLayer.length : 0;
      send({ k: "down", t: event.timeStamp, onControl, hit: "" });
    },
    { capture: true },
  );
  add.call(
    window,
    "click",
    () => {
      if (onControl) send({ k: "click", t: performance.now() });
    },
    { capture: true },
  );
  const verdict = (phase: "click" | "submit", newWindowByLink: boolean) => {
    const since = Array.isArray(dataLayer) ? dataLayer.slice(mark).map(nameOf) : [];
    const pushed = since.filter((n): n is string => n !== null);
    send({
      k: "verdict",
      t: performance.now(),
      phase,
      found: target.expected.filter((n) => pushed.includes(n)),
      pushed,
      newWindowByLink,
      firstPaint: firstPaint(),
    });
  };
  const onClickEnd = (event: Event) => {
    const found = control();
    if (!found || !(event.target instanceof Node) || !found.contains(event.target)) return;
    const link = event.target instanceof Element ? event.target.closest("a") : null;
    verdict("click", !event.defaultPrevented && !!link && link.target === "_blank");
  };
  const onSubmitEnd = (event: Event) => {
    const submitter = (event as SubmitEvent).submitter;
    const found = control();
    if (found && submitter && found.contains(submitter)) verdict("submit", false);
  };
  // A page handler that stops the click's propagation (the inline early-input script does, until the app
  // has hydrated, so React never sees it) also keeps it from the window listener below: the verdict is
  // then taken in the microtask right after that handler returns, when the dispatch has nothing left to run.
  for (const method of ["stopImmediatePropagation", "stopPropagation"] as const) {
    const original = Event.prototype[method];
    Event.prototype[method] = function (this: Event) {
      if (this.type === "click" && this.isTrusted && !(this as Event & { __verdictQueued?: true }).__verdictQueued) {
        (this as Event & { __verdictQueued?: true }).__verdictQueued = true;
        queueMicrotask(() => onClickEnd(this));
      }
      return original.call(this);
    };
  }
  const lastOnWindow: Record<string, (event: Event) => void> = { click: onClickEnd, submit: onSubmitEnd };
  add.call(window, "click", onClickEnd);
  add.call(window, "submit", onSubmitEnd);
  // Keep the verdict the last bubble listener on window: a page listener added later would run after it.
  window.addEventListener = function (
    this: Window,
    type: string,
    listener: EventListenerOrEventListenerObject | null,
    options?: boolean | AddEventListenerOptions,
  ) {
    add.call(this, type, listener, options);
    const capture = typeof options === "boolean" ? options : !!options?.capture;
    const last = lastOnWindow[type];
    if (!capture && last && listener !== last) {
      remove.call(window, type, last);
      add.call(window, type, last);
    }
  } as typeof window.addEventListener;

  const open = window.open;
  window.open = function (this: Window, ...args: Parameters<typeof window.open>) {
    const opened = open.apply(this, args);
    send({ k: "open", t: performance.now(), opened: !!opened });
    return opened;
  } as typeof window.open;

  // The data layer as the page leaves. A binding called from pagehide or unload does not arrive (the
  // next document has committed by then), so the snapshot is taken at beforeunload, and again at
  // pagehide for a page that stays in the same process; when the page actually left is the next
  // document's start (see `start`).
  const leaving = () => {
    const entries = Array.isArray(dataLayer) ? dataLayer : [];
    send({ k: "leaving", t: performance.now(), events: entries.map(nameOf), entries, firstPaint: firstPaint() });
  };
  add.call(window, "beforeunload", leaving);
  add.call(window, "pagehide", leaving);

  // Aiming: the centre of a match the page has painted where its box says (content a page skips,
  // content-visibility, has a box before it is painted, and a tap there lands on its container).
  const centre = (el: HTMLElement) => {
    const box = el.getBoundingClientRect();
    return { x: box.left + box.width / 2, y: box.top + box.height / 2 };
  };
  const hittable = (el: HTMLElement | undefined) => {
    if (!el || !el.checkVisibility()) return null;
    const point = centre(el);
    if (point.y <= 0 || point.y >= window.innerHeight) return null;
    const hit = document.elementFromPoint(point.x, point.y);
    return hit && el.contains(hit) ? point : null;
  };
  const aim = (selector: string, index: number | null) => {
    const matches = Array.from(document.querySelectorAll<HTMLElement>(selector));
    if (index !== null) return hittable(matches[index]);
    for (const el of matches) {
      const point = hittable(el);
      if (point) return point;
    }
    return null;
  };
  const scrollTo = async (selector: string, index: number) => {
    const deadline = performance.now() + 10_000;
    let found = document.querySelectorAll<HTMLElement>(selector)[index];
    while (!found && performance.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      found = document.querySelectorAll<HTMLElement>(selector)[index];
    }
    if (!found) return null;
    const box = found.getBoundingClientRect();
    window.scrollTo({ top: window.scrollY + box.top - (window.innerHeight - box.height) / 2, behavior: "instant" });
    return centre(found);
  };
  window.__eventsBench = { aim, scrollTo };
}

/** The init script for one visit that taps the `index`th match of `selector`. */
export function eventsProbeScript(selector: string, index: number, expected: readonly string[]): string {
  const target: ProbeTarget = { selector, index, expected: [...expected] };
  return inPageScript(installEventsProbe, target, EVENTS_BINDING);
}
