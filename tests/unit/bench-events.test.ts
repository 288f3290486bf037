import { describe, expect, it } from "vitest";
import { eventsTable } from "../bench/events-report";
import {
  collectorOutcome,
  exitOf,
  missedTargets,
  outcomeOf,
  summarise,
  viewItemListRows,
  WATCH_MS,
  type EventsOutcome,
  type EventsRecord,
  type VisitFacts,
} from "../bench/events-summary";

// The events bench's arithmetic (tests/bench/events-summary.ts): times in the page's clock, first paint
// at 1000, the control's tap at 1100 unless a test says otherwise.

const BOOKING = ["select_item", "booking_link_clicked"];
const ID_A = "00000000-0000-4000-8000-00000000000a";
const ID_B = "00000000-0000-4000-8000-00000000000b";

function record(overrides: Partial<EventsRecord> = {}): EventsRecord {
  return {
    firstPaint: 1000,
    pushes: [{ t: 990, event: "page_viewed" }],
    downs: [{ t: 1100, onControl: true, hit: "" }],
    clickAt: 1150,
    verdicts: [],
    opens: [],
    unload: null,
    ...overrides,
  };
}

const facts = (r: EventsRecord | null, expected: readonly string[] = BOOKING): VisitFacts => ({
  page: "category",
  control: "booking link",
  momentMs: 100,
  expected,
  record: r,
});

/** The booking link after hydration: both events pushed in the click's dispatch, then the page leaves. */
const inDispatch = () =>
  record({
    pushes: [
      { t: 990, event: "page_viewed" },
      { t: 1160, event: "select_item" },
      { t: 1161, event: "booking_link_clicked" },
    ],
    verdicts: [{ t: 1162, phase: "click", found: BOOKING, pushed: BOOKING, newWindowByLink: false }],
    unload: { t: 1500, events: ["page_viewed", "select_item", "booking_link_clicked"] },
  });

function outcome(overrides: Partial<EventsOutcome> = {}): EventsOutcome {
  return {
    page: "category",
    control: "booking link",
    momentMs: 100,
    expected: BOOKING,
    tapMs: 100,
    onControl: true,
    exit: "left",
    exitMs: 400,
    lost: [],
    inDispatch: true,
    countedTwice: [],
    pushedInDispatch: BOOKING,
    pushMs: 61,
    inputDelayMs: 50,
    expectedIds: { select_item: ID_A, booking_link_clicked: ID_B },
    notCollected: null,
    viewItemListMs: null,
    viewItemListBeforeExit: false,
    ...overrides,
  };
}

describe("exitOf", () => {
  it("a page that left exits when the next document started", () => {
    expect(exitOf(record({ unload: { t: 1500, events: [] } }), 1100)).toEqual({ exit: "left", at: 1500 });
  });

  it("a window opened by script within the click's dispatch opens at the end of that dispatch", () => {
    const r = record({ opens: [{ t: 1170, opened: true }], verdicts: [{ t: 1180, phase: "click", found: [], pushed: [], newWindowByLink: false }] });
    expect(exitOf(r, 1100)).toEqual({ exit: "new window", at: 1180 });
  });

  it("a window opened later, outside the dispatch, opens when window.open is called", () => {
    const r = record({ opens: [{ t: 1900, opened: true }], verdicts: [{ t: 1180, phase: "click", found: [], pushed: [], newWindowByLink: false }] });
    expect(exitOf(r, 1100)).toEqual({ exit: "new window", at: 1900 });
  });

  it("a target=_blank link the page let through opens its tab at the end of the click's dispatch; a blocked popup opens nothing", () => {
    expect(exitOf(record({ verdicts: [{ t: 1180, phase: "click", found: [], pushed: [], newWindowByLink: true }] }), 1100)).toEqual({
      exit: "new window",
      at: 1180,
    });
    expect(exitOf(record({ opens: [{ t: 1170, opened: false }] }), 1100)).toEqual({ exit: "stayed", at: null });
  });
});

describe("outcomeOf", () => {
  it("events pushed in the click's dispatch before the page left: none lost, in dispatch, timed from the tap", () => {
    const o = outcomeOf(facts(inDispatch()));
    expect(o.lost).toEqual([]);
    expect(o.inDispatch).toBe(true);
    expect(o.pushMs).toBe(61);
    expect(o.inputDelayMs).toBe(50);
    expect(o.tapMs).toBe(100);
    expect(o.exit).toBe("left");
    expect(o.exitMs).toBe(400);
  });

  it("a page that left before the pipeline pushed anything lost both booking events (today's booking link before 4 s)", () => {
    const r = record({ verdicts: [{ t: 1200, phase: "click", found: [], pushed: [], newWindowByLink: false }], unload: { t: 1450, events: ["page_viewed"] } });
    const o = outcomeOf(facts(r));
    expect(o.lost).toEqual(BOOKING);
    expect(o.inDispatch).toBe(false);
    expect(o.pushMs).toBeNull();
  });

  it("an event in the data layer's entries as the page left counts even without its push message", () => {
    const o = outcomeOf(facts(record({ unload: { t: 1450, events: ["page_viewed", "select_item", "booking_link_clicked"] } })));
    expect(o.lost).toEqual([]);
  });

  it("events pushed after the tap but later than the dispatch, before the page left, are not lost and not in dispatch", () => {
    const r = record({
      pushes: [
        { t: 1400, event: "select_item" },
        { t: 1401, event: "booking_link_clicked" },
      ],
      verdicts: [{ t: 1200, phase: "click", found: [], pushed: [], newWindowByLink: false }],
      unload: { t: 1500, events: [] },
    });
    const o = outcomeOf(facts(r));
    expect(o.lost).toEqual([]);
    expect(o.inDispatch).toBe(false);
    expect(o.pushMs).toBe(301);
  });

  it("an event pushed after the new window opened is lost, though it has a push time", () => {
    const r = record({
      pushes: [{ t: 2600, event: "verification_badge_opened" }],
      opens: [{ t: 1170, opened: true }],
      verdicts: [{ t: 1180, phase: "click", found: [], pushed: [], newWindowByLink: false }],
    });
    const o = outcomeOf(facts(r, ["verification_badge_opened"]));
    expect(o.exit).toBe("new window");
    expect(o.lost).toEqual(["verification_badge_opened"]);
    expect(o.pushMs).toBe(1500);
  });

  it("on a page that stays, an event is lost only when it is not pushed within the watch", () => {
    const at = (t: number) => record({ pushes: [{ t, event: "language_changed" }] });
    expect(outcomeOf(facts(at(1100 + WATCH_MS), ["language_changed"])).lost).toEqual([]);
    expect(outcomeOf(facts(at(1100 + WATCH_MS + 1), ["language_changed"])).lost).toEqual(["language_changed"]);
  });

  it("pushes before the tap do not count for it", () => {
    const o = outcomeOf(facts(record({ pushes: [{ t: 1050, event: "quick_link_opened" }], unload: { t: 1400, events: [] } }), ["quick_link_opened"]));
    expect(o.lost).toEqual(["quick_link_opened"]);
  });

  it("the currency form's events found at the end of the submit the click started count as in dispatch", () => {
    const r = record({
      pushes: [{ t: 1170, event: "currency_changed" }],
      verdicts: [
        { t: 1165, phase: "click", found: [], pushed: [], newWindowByLink: false },
        { t: 1171, phase: "submit", found: ["currency_changed"], pushed: ["currency_changed"], newWindowByLink: false },
      ],
    });
    const o = outcomeOf(facts(r, ["currency_changed"]));
    expect(o.inDispatch).toBe(true);
    expect(o.pushedInDispatch).toEqual(["currency_changed"]);
  });

  it("in dispatch needs every expected event: select_item alone is not enough", () => {
    const r = record({ verdicts: [{ t: 1162, phase: "click", found: ["select_item"], pushed: ["select_item"], newWindowByLink: false }] });
    expect(outcomeOf(facts(r)).inDispatch).toBe(false);
  });

  it("a control with no defined event loses nothing, is not judged, and reports what its click pushed", () => {
    const r = record({ verdicts: [{ t: 1162, phase: "click", found: [], pushed: ["link_opened"], newWindowByLink: false }], unload: { t: 1400, events: [] } });
    const o = outcomeOf(facts(r, []));
    expect(o.lost).toEqual([]);
    expect(o.inDispatch).toBeNull();
    expect(o.pushedInDispatch).toEqual(["link_opened"]);
    expect(o.pushMs).toBeNull();
  });

  it("times the control's tap, not the openers' taps before it", () => {
    const r = record({
      downs: [
        { t: 1100, onControl: false, hit: "button" },
        { t: 1300, onControl: false, hit: "summary" },
        { t: 1500, onControl: true, hit: "" },
      ],
      clickAt: 1540,
    });
    const o = outcomeOf(facts(r, ["language_changed"]));
    expect(o.tapMs).toBe(500);
    expect(o.inputDelayMs).toBe(40);
  });

  it("a tap that missed its control says what it hit, and has no input delay", () => {
    const o = outcomeOf(facts(record({ downs: [{ t: 1100, onControl: false, hit: "form" }] })));
    expect(o.onControl).toBe(false);
    expect(o.missed).toBe("hit form");
    expect(o.inputDelayMs).toBeNull();
  });

  it("view_item_list: ms after first paint, and whether it came before the new window", () => {
    const r = record({
      pushes: [{ t: 2200, event: "view_item_list" }],
      opens: [{ t: 1500, opened: true }],
    });
    const o = outcomeOf(facts(r, ["verification_badge_opened"]));
    expect(o.viewItemListMs).toBe(1200);
    expect(o.viewItemListBeforeExit).toBe(false);
    expect(outcomeOf(facts({ ...r, opens: [] }, [])).viewItemListBeforeExit).toBe(true);
  });

  it("an expected event pushed twice for one tap (head script and app) is counted twice; other events repeating are not", () => {
    const r = record({
      pushes: [
        { t: 1160, event: "select_item" },
        { t: 1161, event: "booking_link_clicked" },
        { t: 1170, event: "select_item" },
        { t: 1171, event: "header_shadow_changed" },
        { t: 1172, event: "header_shadow_changed" },
      ],
    });
    expect(outcomeOf(facts(r)).countedTwice).toEqual(["select_item"]);
    expect(outcomeOf(facts(inDispatch())).countedTwice).toEqual([]);
  });

  it("a failed visit loses every expected event", () => {
    const o = outcomeOf({ ...facts(null), error: "no first paint in 30 s" });
    expect(o.lost).toEqual(BOOKING);
    expect(o.inDispatch).toBe(false);
    expect(o.error).toBe("no first paint in 30 s");
  });
});

describe("summarise", () => {
  it("counts lost events and the taps that lost them, per moment", () => {
    const s = summarise("all", [
      outcome({ momentMs: 100, lost: BOOKING, inDispatch: false, pushMs: null }),
      outcome({ momentMs: 100 }),
      outcome({ momentMs: 3000, lost: ["booking_link_clicked"], inDispatch: false }),
    ]);
    expect(s.expectedEvents).toBe(6);
    expect(s.lostEvents).toBe(3);
    expect(s.tapsWithLoss).toBe(2);
    expect(s.moments).toEqual([
      { momentMs: 100, taps: 2, tapsWithLoss: 1, lostEvents: 2, expectedEvents: 4 },
      { momentMs: 3000, taps: 1, tapsWithLoss: 1, lostEvents: 1, expectedEvents: 2 },
    ]);
  });

  it("the in-dispatch share leaves out controls without a defined event", () => {
    const s = summarise("all", [outcome(), outcome({ inDispatch: false }), outcome({ expected: [], inDispatch: null, pushedInDispatch: ["link_opened"] })]);
    expect(s.judgedTaps).toBe(2);
    expect(s.inDispatch).toBe(1);
    expect(s.inDispatchShare).toBe(0.5);
    expect(s.tapsWithoutEvent).toBe(1);
    expect(s.pushedWithoutEvent).toEqual(["link_opened"]);
  });

  it("no judged tap gives no share (not 0 %)", () => {
    expect(summarise("content link", [outcome({ expected: [], inDispatch: null })]).inDispatchShare).toBeNull();
  });

  it("tap → push and input delay are nearest-rank p75 and max; the floor's from its own visits", () => {
    const s = summarise(
      "all",
      [10, 20, 30, 40].map((pushMs) => outcome({ pushMs, inputDelayMs: pushMs / 10 })),
      [100, 200, 300, 400].map((inputDelayMs) => outcome({ inputDelayMs })),
    );
    expect(s.pushP75Ms).toBe(30);
    expect(s.pushMaxMs).toBe(40);
    expect(s.inputDelayP75Ms).toBe(3);
    expect(s.floorInputDelayP75Ms).toBe(300);
    expect(s.floorInputDelayMaxMs).toBe(400);
  });

  it("taps with nothing pushed have no push time (not 0)", () => {
    const s = summarise("all", [outcome({ pushMs: null, inputDelayMs: null })]);
    expect(s.pushP75Ms).toBeNull();
    expect(s.inputDelayMaxMs).toBeNull();
  });

  it("counts exits by kind, taps off their control and failed visits", () => {
    const s = summarise("all", [
      outcome(),
      outcome({ exit: "new window" }),
      outcome({ exit: "stayed", onControl: false }),
      outcome({ error: "x", onControl: false }),
    ]);
    expect(s.exits).toEqual({ left: 2, "new window": 1, stayed: 1 });
    expect(s.offControl).toBe(1);
    expect(s.failedVisits).toBe(1);
  });
});

describe("the collector's verdict", () => {
  it("takes each expected event's id from its push after the tap, or from the data layer as the page left", () => {
    const o = outcomeOf(
      facts(
        record({
          pushes: [
            { t: 990, event: "page_viewed", id: "p" },
            { t: 1160, event: "select_item", id: ID_A },
          ],
          unload: { t: 1500, events: ["page_viewed", "select_item", "booking_link_clicked"], ids: ["p", ID_A, ID_B] },
        }),
      ),
    );
    expect(o.expectedIds).toEqual({ select_item: ID_A, booking_link_clicked: ID_B });
    expect(o.notCollected).toBeNull();
  });

  it("names an exit tap's events whose id the sink lacks; a tap that stayed or failed is not judged", () => {
    expect(collectorOutcome(outcome(), new Set([ID_A, ID_B])).notCollected).toEqual([]);
    expect(collectorOutcome(outcome(), new Set([ID_A])).notCollected).toEqual(["booking_link_clicked"]);
    expect(collectorOutcome(outcome({ expectedIds: { select_item: ID_A } }), new Set([ID_A, ID_B])).notCollected).toEqual(["booking_link_clicked"]);
    expect(collectorOutcome(outcome({ exit: "new window" }), new Set()).notCollected).toEqual(BOOKING);
    expect(collectorOutcome(outcome({ exit: "stayed" }), new Set()).notCollected).toBeNull();
    expect(collectorOutcome(outcome({ error: "x" }), new Set()).notCollected).toBeNull();
    expect(collectorOutcome(outcome({ expected: [] }), new Set()).notCollected).toBeNull();
  });

  it("sums the judged exit taps beside the data layer's losses, in the table's collector column", () => {
    const s = summarise("all", [outcome({ notCollected: [] }), outcome({ notCollected: ["booking_link_clicked"] }), outcome({ exit: "stayed" })]);
    expect(s.collector).toEqual({ taps: 2, expectedEvents: 4, notCollected: 1 });
    expect(summarise("all", [outcome()]).collector).toBeNull();
    const table = eventsTable([s], [100], [], []);
    expect(table).toContain("exit taps' events at the collector");
    expect(table).toContain("3/4 (2 taps)");
  });
});

describe("viewItemListRows", () => {
  it("per page and moment: how many visits had it before exit, and when", () => {
    const rows = viewItemListRows([
      outcome({ viewItemListMs: 2600, viewItemListBeforeExit: true }),
      outcome({ viewItemListMs: 2800, viewItemListBeforeExit: true }),
      outcome({ viewItemListMs: 5000, viewItemListBeforeExit: false }),
      outcome({ page: "show", momentMs: 3000 }),
    ]);
    expect(rows).toEqual([
      { page: "category", momentMs: 100, visits: 3, beforeExit: 2, p50Ms: 2600, maxMs: 2800 },
      { page: "show", momentMs: 3000, visits: 1, beforeExit: 0, p50Ms: null, maxMs: null },
    ]);
  });
});

describe("missedTargets", () => {
  it("meets every target when nothing is lost and every tap pushed in its dispatch", () => {
    expect(missedTargets(summarise("all", [outcome(), outcome({ expected: [], inDispatch: null })]))).toEqual([]);
  });

  it("names taps that pushed an expected event twice", () => {
    expect(missedTargets(summarise("booking link", [outcome({ countedTwice: ["select_item"] }), outcome()]))).toEqual([
      "booking link: 1 of 2 taps pushed an expected event more than once (target 0)",
    ]);
  });

  it("names lost events per moment and the in-dispatch share", () => {
    const missed = missedTargets(summarise("booking link", [outcome({ lost: BOOKING, inDispatch: false }), outcome({ momentMs: 3000 })]));
    expect(missed).toEqual([
      "booking link: 2 of 4 events lost at exit, 1 of 2 taps (2/2 at +100 ms; target 0)",
      "booking link: 1 of 2 taps pushed their events within the click's dispatch (target 100 %)",
    ]);
  });
});
