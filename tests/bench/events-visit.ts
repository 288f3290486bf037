import type { Browser, BrowserContext, CDPSession, Page, Route } from "@playwright/test";
import type { FoundEventsControl } from "./events-controls";
import { EVENTS_BINDING, eventsProbeScript, type Point, type ProbeMessage } from "./events-probe";
import { WATCH_MS, type EventsRecord } from "./events-summary";
import { sleepUntil, tap } from "./field-visit";
import { watchFirstPaint } from "./first-paint-signal";
import { allSignals, CONSENT_COOKIE, serializeConsent } from "../../tracking/consent";
import { PHONE_CONTEXT, throttleLikeAPhone } from "./phone-profile";

// One visit of the events bench: a fresh phone (cold cache, no cookies), one page, the control's
// openers (if any) and then ONE tap on the control at first paint + `momentMs`, every push recorded
// by the probe (events-probe.ts). Wherever the tap leads is answered by a stub: the booking site,
// another page of the storefront (a link, the currency form's POST), a popup or a new tab, so no real
// destination loads and the visit measures only the page that was left.

export interface VisitPlan {
  pageType: string;
  url: string;
  control: FoundEventsControl;
  momentMs: number;
}

export interface Visit {
  plan: VisitPlan;
  record: EventsRecord | null;
  error?: string;
}

const FIRST_PAINT_TIMEOUT_MS = 30_000;
/** An opener's panel has this long to show the next control. */
const OPENER_TIMEOUT_MS = 10_000;
const AIM_EVERY_MS = 30;
/** A control below the first screen that cannot be hit yet at the moment is aimed at for at most this much longer. */
const AIM_LATE_MS = 5000;
/** After the page left or the window opened, messages already sent still arrive: this long. */
const DRAIN_MS = 300;
/** A page whose expected events are in is given this long to leave before it counts as staying. */
const STAY_AFTER_PUSH_MS = 1500;
/** The floor only needs the click's dispatch: this long at most. */
const FLOOR_WATCH_MS = 3000;
/** After it, this long for its message. */
const FLOOR_AFTER_CLICK_MS = 300;

const STUB_HTML = "<!doctype html><html><head><title>stub</title></head><body>stub</body></html>";

/**
 * Every document request after the visited page's own, and every request to another host, gets the stub;
 * `withoutApp` refuses the app's scripts (/build/), as the field bench's floor does.
 */
async function stubDestinations(context: BrowserContext, url: string, withoutApp: boolean): Promise<void> {
  const origin = new URL(url).origin;
  let visited = false;
  await context.route("**/*", (route: Route) => {
    const request = route.request();
    const target = request.url();
    if (request.isNavigationRequest()) {
      if (!visited && target === url && request.method() === "GET") {
        visited = true;
        return route.continue();
      }
      return route.fulfill({ status: 200, contentType: "text/html", body: STUB_HTML });
    }
    if (!target.startsWith(origin)) return route.fulfill({ status: 200, contentType: "text/plain", body: "" });
    if (withoutApp && new URL(target).pathname.startsWith("/build/")) return route.abort();
    return route.continue();
  });
}

/**
 * The visitor has granted analytics (a stored choice, as the consent banner saves it): the first-party collector
 * only takes consented events, and the bench asks whether an exit tap's events reach it.
 */
export async function grantAnalytics(context: BrowserContext, url: string): Promise<void> {
  await context.addCookies([{ name: CONSENT_COOKIE, value: encodeURIComponent(serializeConsent(allSignals("granted"))), url }]);
}

/** A data-layer entry's event_id, or null. */
const idOf = (item: unknown): string | null => {
  const id = (item as { event_id?: unknown } | null)?.event_id;
  return typeof id === "string" ? id : null;
};

/** The probe's messages of the visited document, assembled; `ended` resolves when the page left or a window opened. */
function collect(cdp: CDPSession, url: string) {
  const record: EventsRecord = { firstPaint: null, pushes: [], downs: [], clickAt: null, verdicts: [], opens: [], unload: null };
  let doc: string | null = null;
  let origin = 0;
  let leavingEvents: Array<string | null> | null = null;
  let leavingIds: Array<string | null> | null = null;
  let markLeft!: () => void;
  const ended = new Promise<void>((resolve) => (markLeft = resolve));
  let onPush: () => void = () => {};
  let onVerdict: () => void = () => {};
  cdp.on("Runtime.bindingCalled", ({ name, payload }) => {
    if (name !== EVENTS_BINDING) return;
    const message = JSON.parse(payload) as ProbeMessage;
    if (message.k === "start") {
      if (doc === null && message.href === url) {
        doc = message.doc;
        origin = message.origin;
      } else if (doc !== null && message.doc !== doc && !record.unload) {
        // The next document in this tab: the visited page is gone. Its start, in the visited page's clock.
        record.unload = { t: message.origin + message.t - origin, events: leavingEvents ?? [], ids: leavingIds ?? [] };
        markLeft();
      }
      return;
    }
    if (message.doc !== doc) return;
    switch (message.k) {
      case "paint":
        if (record.firstPaint === null || message.t < record.firstPaint) record.firstPaint = message.t;
        break;
      case "push":
        record.pushes.push({ t: message.t, event: message.event, id: idOf(message.item) });
        onPush();
        break;
      case "down":
        record.downs.push({ t: message.t, onControl: message.onControl, hit: message.hit });
        break;
      case "click":
        record.clickAt ??= message.t;
        break;
      case "verdict":
        record.verdicts.push({ t: message.t, phase: message.phase, found: message.found, pushed: message.pushed, newWindowByLink: message.newWindowByLink });
        if (message.firstPaint !== null) record.firstPaint = Math.min(record.firstPaint ?? Infinity, message.firstPaint);
        if (message.newWindowByLink) markLeft();
        onVerdict();
        break;
      case "open":
        record.opens.push({ t: message.t, opened: message.opened });
        if (message.opened) markLeft();
        break;
      case "leaving":
        leavingEvents = message.events;
        leavingIds = message.entries.map(idOf);
        if (message.firstPaint !== null) record.firstPaint = Math.min(record.firstPaint ?? Infinity, message.firstPaint);
        break;
    }
  });
  return {
    record,
    ended,
    /** Resolves once every name in `names` was pushed after the control's tap. */
    pushed: (names: readonly string[]) =>
      new Promise<void>((resolve) => {
        const check = () => {
          const tapAt = record.downs.find((d) => d.onControl)?.t;
          if (tapAt !== undefined && names.every((n) => record.pushes.some((p) => p.event === n && p.t >= tapAt))) resolve();
        };
        onPush = check;
        check();
      }),
    verdict: () =>
      new Promise<void>((resolve) => {
        onVerdict = resolve;
        if (record.verdicts.length) resolve();
      }),
  };
}

/** Taps each opener in turn, each once the page shows it; returns false when one never showed. */
async function openPanels(page: Page, cdp: CDPSession, openers: readonly string[]): Promise<boolean> {
  for (const opener of openers) {
    const point = await aimWhenShown(page, opener, null);
    if (!point) return false;
    await tap(cdp, point);
  }
  return true;
}

async function aimWhenShown(page: Page, selector: string, index: number | null): Promise<Point | null> {
  const deadline = performance.now() + OPENER_TIMEOUT_MS;
  while (performance.now() < deadline) {
    const point = (await page
      .evaluate(([s, i]) => window.__eventsBench?.aim(s as string, i as number | null) ?? null, [selector, index] as const)
      .catch(() => null)) as Point | null;
    if (point) return point;
    await sleepUntil(performance.now() + AIM_EVERY_MS);
  }
  return null;
}

/**
 * `withoutApp`: the floor. The app's scripts are refused, so the page is only its HTML, CSS and inline
 * scripts; the visit then only measures when the browser dispatched the click.
 */
export async function visit(browser: Browser, plan: VisitPlan, { withoutApp = false } = {}): Promise<Visit> {
  const { control } = plan;
  const context = await browser.newContext(PHONE_CONTEXT);
  try {
    await stubDestinations(context, plan.url, withoutApp);
    await grantAnalytics(context, plan.url);
    await context.addInitScript({ content: eventsProbeScript(control.selector, control.index, control.expected) });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await throttleLikeAPhone(cdp);
    const probe = collect(cdp, plan.url);
    await cdp.send("Runtime.enable");
    await cdp.send("Runtime.addBinding", { name: EVENTS_BINDING });
    const paint = await watchFirstPaint(cdp);

    paint.arm();
    const navigation = page.goto(plan.url, { waitUntil: "commit", timeout: 60_000 }).catch((error: Error) => error);
    const firstPaint = await Promise.race([paint.firstPaint, sleepUntil(performance.now() + FIRST_PAINT_TIMEOUT_MS).then(() => null)]);
    if (!firstPaint) {
      await paint.stop();
      const failed = await navigation;
      return { plan, record: null, error: failed instanceof Error ? failed.message : "no first paint in 30 s" };
    }
    const response = await navigation;
    if (response instanceof Error || !response?.ok()) {
      return { plan, record: null, error: response instanceof Error ? response.message : `HTTP ${response?.status() ?? "no response"}` };
    }

    const tapAt = firstPaint.at + plan.momentMs;
    let point: Point = { x: control.box.x, y: control.box.y };
    if (control.openers.length) {
      await sleepUntil(tapAt);
      if (!(await openPanels(page, cdp, control.openers))) return { plan, record: null, error: "a panel did not open" };
      const shown = await aimWhenShown(page, control.selector, control.index);
      if (!shown) return { plan, record: null, error: "the control did not show in its panel" };
      point = shown;
    } else if (control.scrolled) {
      // Below the first screen: scrolled into view at first paint, then aimed at its latest place until the moment.
      point =
        ((await page.evaluate(([s, i]) => window.__eventsBench?.scrollTo(s as string, i as number) ?? null, [
          control.selector,
          control.index,
        ] as const)) as Point | null) ?? point;
      // Content above it may still be settling, and a fixed bar may cover it: a control that cannot be hit
      // where it is drawn is scrolled to again, as a visitor would.
      // A control not yet hittable at the moment (skipped content, covered) is tapped once it is (the actual moment is reported).
      let aimed = false;
      while (performance.now() < tapAt - AIM_EVERY_MS || (!aimed && performance.now() < tapAt + AIM_LATE_MS)) {
        const aim = (await page
          .evaluate(
            async ([s, i]) => {
              const bench = window.__eventsBench;
              return bench ? (bench.aim(s as string, i as number) ?? (await bench.scrollTo(s as string, i as number), null)) : null;
            },
            [control.selector, control.index] as const,
          )
          .catch(() => null)) as Point | null;
        if (aim) point = aim;
        aimed = !!aim;
        await sleepUntil(Math.min(tapAt, performance.now() + AIM_EVERY_MS));
      }
    }
    await sleepUntil(tapAt);
    const tapSent = await tap(cdp, point);

    if (withoutApp) {
      await Promise.race([probe.verdict(), probe.ended, sleepUntil(tapSent + FLOOR_WATCH_MS)]);
      await sleepUntil(performance.now() + FLOOR_AFTER_CLICK_MS);
    } else {
      // Until the page leaves (or the watch ends); a page whose events are in but that stays (a client-side
      // navigation, a form answered in place) is given a little longer to leave, then counts as staying.
      const pushed = probe.pushed(control.expected).then(() => sleepUntil(performance.now() + STAY_AFTER_PUSH_MS));
      await Promise.race([
        probe.ended,
        control.expected.length ? pushed : probe.verdict().then(() => sleepUntil(performance.now() + STAY_AFTER_PUSH_MS)),
        sleepUntil(tapSent + WATCH_MS),
      ]);
      await sleepUntil(performance.now() + DRAIN_MS);
    }
    await paint.stop();
    return { plan, record: structuredClone(probe.record) };
  } catch (error) {
    return { plan, record: null, error: error instanceof Error ? error.message : String(error) };
  } finally {
    await context.close();
  }
}
