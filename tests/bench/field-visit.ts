import type { Browser, CDPSession } from "@playwright/test";
import { FIELD_CONTROLS, type FoundControl } from "./field-controls";
import { probeScript, readRecordScript, SIGNAL_BINDING, type FieldRecord, type Point, type Signal } from "./field-probe";
import { LOST_AFTER_MS, PAGE_VIEW_WAIT_MS } from "./field-summary";
import { watchFirstPaint, type FirstPaint } from "./first-paint-signal";
import { PHONE_CONTEXT, throttleLikeAPhone } from "./phone-profile";

// One visit of the field benchmark: a fresh phone (cold cache, no cookies), one page, ONE tap on ONE
// control at first paint + `momentMs`, then the probe's record.
// The tap is timed from a browser-side first-paint signal (first-paint-signal.ts) and sent without
// asking the page anything first, so a busy main thread delays the answer, not the tap. Only a
// control below the first screen needs the page: it is scrolled into view right at first paint, its
// tap waits for that (the actual moment is reported), and it is aimed at the latest place the page
// reported before the moment.

export interface VisitPlan {
  pageType: string;
  url: string;
  control: FoundControl;
  momentMs: number;
}

export interface Visit {
  plan: VisitPlan;
  record: FieldRecord | null;
  firstPaintSource: FirstPaint["source"] | null;
  error?: string;
}

/** After `load`, how long to keep watching for layout shifts and late events. */
const AFTER_LOAD_MS = 1000;
const FIRST_PAINT_TIMEOUT_MS = 30_000;
/** A scrolled control is looked up again this often until its tap. */
const AIM_EVERY_MS = 30;

export const sleepUntil = (t: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, t - performance.now())));

/** The probe's notices, each resolved with Node's performance.now() when it arrived. */
async function listenForSignals(cdp: CDPSession): Promise<Record<Signal, Promise<number>>> {
  const resolvers = {} as Record<Signal, (at: number) => void>;
  const signals = {} as Record<Signal, Promise<number>>;
  for (const kind of ["answered", "page_viewed", "load"] as const) signals[kind] = new Promise((r) => (resolvers[kind] = r));
  cdp.on("Runtime.bindingCalled", ({ name, payload }) => {
    if (name === SIGNAL_BINDING && payload in resolvers) resolvers[payload as Signal](performance.now());
  });
  await cdp.send("Runtime.enable");
  await cdp.send("Runtime.addBinding", { name: SIGNAL_BINDING });
  return signals;
}

/**
 * A finger's tap: touch start and end at once, stamped with the moment they are sent, as a phone
 * stamps a touch when the screen feels it. However long the browser then takes to deliver it, the
 * page's pointerdown carries this time, so the answer time includes that wait. Returns the moment.
 */
export async function tap(cdp: CDPSession, point: Point): Promise<number> {
  const sent = performance.now();
  const timestamp = (performance.timeOrigin + sent) / 1000;
  await Promise.all([
    cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [point], timestamp }),
    cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [], timestamp }),
  ]);
  return sent;
}

/**
 * `withoutApp`: the app's scripts (/build/) are refused, so the page is only its HTML, CSS and inline
 * scripts. Such a visit measures the floor: what the browser alone needs to answer a tap on this page.
 */
export async function visit(browser: Browser, plan: VisitPlan, { withoutApp = false } = {}): Promise<Visit> {
  const control = FIELD_CONTROLS.find((c) => c.name === plan.control.name);
  if (!control) throw new Error(`unknown control ${plan.control.name}`);
  const context = await browser.newContext(PHONE_CONTEXT);
  try {
    await context.addInitScript({ content: probeScript(control, plan.control.index, LOST_AFTER_MS + 1000) });
    const page = await context.newPage();
    if (withoutApp) await page.route("**/build/**", (route) => route.abort());
    const cdp = await context.newCDPSession(page);
    await throttleLikeAPhone(cdp);
    const signals = await listenForSignals(cdp);
    const paint = await watchFirstPaint(cdp);

    paint.arm();
    const navigation = page.goto(plan.url, { waitUntil: "commit", timeout: 60_000 }).catch((error: Error) => error);
    const firstPaint = await Promise.race([paint.firstPaint, sleepUntil(performance.now() + FIRST_PAINT_TIMEOUT_MS).then(() => null)]);
    if (!firstPaint) {
      await paint.stop();
      const failed = await navigation;
      return { plan, record: null, firstPaintSource: null, error: failed instanceof Error ? failed.message : "no first paint in 30 s" };
    }

    const tapAt = firstPaint.at + plan.momentMs;
    let point: Point = { x: plan.control.box.x, y: plan.control.box.y };
    if (plan.control.scrolled) {
      point = ((await page.evaluate("window.__field.scrollToControl()")) as Point | null) ?? point;
      // Keep asking the page where the control is now (content above it may still be settling), and
      // tap at the latest answer; never wait past the moment.
      let asking = true;
      const keepAiming = (async () => {
        while (asking) {
          const aim = (await (page.evaluate("window.__field.aimAtControl()") as Promise<Point | null>).catch(() => null)) ?? null;
          if (aim && asking) point = aim;
          await sleepUntil(performance.now() + AIM_EVERY_MS);
        }
      })();
      await sleepUntil(tapAt);
      asking = false;
      void keepAiming;
    }
    await sleepUntil(tapAt);
    const tapSent = await tap(cdp, point);

    await Promise.race([signals.answered, sleepUntil(tapSent + LOST_AFTER_MS + 100)]);
    await Promise.race([signals.load.then((at) => sleepUntil(at + AFTER_LOAD_MS)), sleepUntil(tapSent + 20_000)]);
    await Promise.race([signals.page_viewed, sleepUntil(tapSent + PAGE_VIEW_WAIT_MS)]);
    const response = await navigation;
    if (response instanceof Error || !response?.ok()) {
      const error = response instanceof Error ? response.message : `HTTP ${response?.status() ?? "no response"}`;
      return { plan, record: null, firstPaintSource: firstPaint.source, error };
    }
    const record = (await page.evaluate(readRecordScript())) as FieldRecord | null;
    return { plan, record, firstPaintSource: firstPaint.source };
  } catch (error) {
    return { plan, record: null, firstPaintSource: null, error: error instanceof Error ? error.message : String(error) };
  } finally {
    await context.close();
  }
}
