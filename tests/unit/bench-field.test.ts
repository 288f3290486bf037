import { describe, expect, it } from "vitest";
import { chooseControls, type FoundControl } from "../bench/field-controls";
import type { FieldRecord } from "../bench/field-probe";
import { LOST_AFTER_MS, missedTargets, outcomeOf, percentile, summarise, TARGETS, type FieldSummary, type VisitOutcome } from "../bench/field-summary";

function record(overrides: Partial<FieldRecord> = {}): FieldRecord {
  return {
    firstPaint: 1000,
    lcp: [{ t: 1000, size: 100 }],
    shifts: [],
    dataLayer: [],
    pageViewed: 990,
    tap: { t: 1100, onControl: true, scrollY: 0 },
    answered: 1150,
    scrolled: null,
    load: 2000,
    ...overrides,
  };
}

function outcome(overrides: Partial<VisitOutcome> = {}): VisitOutcome {
  return {
    page: "city",
    control: "menu",
    scrolled: false,
    momentMs: 100,
    tapMs: 100,
    answerMs: 50,
    lost: false,
    onControl: true,
    lcpMs: 1000,
    cls: 0,
    clsWithInput: 0,
    pageViewedMs: -10,
    ...overrides,
  };
}

const facts = (r: FieldRecord | null) => ({ page: "city", control: "menu", scrolled: false, momentMs: 100, record: r });

function summaryMeetingTargets(overrides: Partial<FieldSummary> = {}): FieldSummary {
  return { ...summarise("city", [outcome()]), ...overrides };
}

describe("percentile", () => {
  it("is the nearest rank: p75 of four values is the third", () => {
    expect(percentile([4, 1, 3, 2], 75)).toBe(3);
  });

  it("p75 of five values is the fourth (rank 3.75 rounds up)", () => {
    expect(percentile([10, 20, 30, 40, 50], 75)).toBe(40);
  });

  it("of one value is that value, at any p", () => {
    expect(percentile([7], 0)).toBe(7);
    expect(percentile([7], 75)).toBe(7);
    expect(percentile([7], 100)).toBe(7);
  });

  it("is null with no values", () => {
    expect(percentile([], 75)).toBeNull();
  });

  it("does not reorder its input", () => {
    const values = [3, 1, 2];
    percentile(values, 50);
    expect(values).toEqual([3, 1, 2]);
  });
});

describe("outcomeOf", () => {
  it("times the tap and the page view from first paint, and the answer from the tap", () => {
    const o = outcomeOf(facts(record()));
    expect(o.tapMs).toBe(100);
    expect(o.answerMs).toBe(50);
    expect(o.pageViewedMs).toBe(-10);
    expect(o.lost).toBe(false);
  });

  it("an answer exactly 5 s after the tap counts; 1 ms later the tap is lost", () => {
    expect(outcomeOf(facts(record({ answered: 1100 + LOST_AFTER_MS }))).lost).toBe(false);
    expect(outcomeOf(facts(record({ answered: 1100 + LOST_AFTER_MS + 1 }))).lost).toBe(true);
  });

  it("a tap with no answer, or no tap seen at all, is lost", () => {
    expect(outcomeOf(facts(record({ answered: null }))).lost).toBe(true);
    const unseen = outcomeOf(facts(record({ tap: null, answered: null })));
    expect(unseen.lost).toBe(true);
    expect(unseen.tapMs).toBeNull();
  });

  it("sums shifts without recent input as CLS, and all shifts separately", () => {
    const o = outcomeOf(
      facts(
        record({
          shifts: [
            { t: 1, value: 0.01, hadRecentInput: false },
            { t: 2, value: 0.02, hadRecentInput: false },
            { t: 3, value: 0.1, hadRecentInput: true },
          ],
        }),
      ),
    );
    expect(o.cls).toBeCloseTo(0.03);
    expect(o.clsWithInput).toBeCloseTo(0.13);
  });

  it("takes the last LCP entry", () => {
    expect(
      outcomeOf(
        facts(
          record({
            lcp: [
              { t: 800, size: 10 },
              { t: 1400, size: 900 },
            ],
          }),
        ),
      ).lcpMs,
    ).toBe(1400);
  });

  it("a failed visit is a lost tap with its error", () => {
    const o = outcomeOf({ ...facts(null), error: "net::ERR_CONNECTION_REFUSED" });
    expect(o.lost).toBe(true);
    expect(o.error).toBe("net::ERR_CONNECTION_REFUSED");
  });
});

describe("summarise", () => {
  const outcomes = [
    outcome({ momentMs: 100, lost: true, answerMs: null, tapMs: 120 }),
    outcome({ momentMs: 100, answerMs: 40, tapMs: 100 }),
    outcome({ momentMs: 600, control: "video", scrolled: true, answerMs: 300, tapMs: 610, cls: 0.002, clsWithInput: 0.05 }),
    outcome({ momentMs: 1500, control: "jump link", answerMs: 80, tapMs: 1500, pageViewedMs: 400, lcpMs: 2000 }),
  ];
  const s = summarise("city", outcomes);

  it("counts lost taps overall and per moment, with the taps' own moments", () => {
    expect(s.taps).toBe(4);
    expect(s.lost).toBe(1);
    expect(s.moments).toEqual([
      { momentMs: 100, taps: 2, lost: 1, tapP50Ms: 100, tapMaxMs: 120 },
      { momentMs: 600, taps: 1, lost: 0, tapP50Ms: 610, tapMaxMs: 610 },
      { momentMs: 1500, taps: 1, lost: 0, tapP50Ms: 1500, tapMaxMs: 1500 },
    ]);
  });

  it("takes answer times from answered taps only (40, 80, 300: p75 is the third)", () => {
    expect(s.answerP75Ms).toBe(300);
    expect(s.answerMaxMs).toBe(300);
  });

  it("reports the worst visit's shifts, with and without the taps' own", () => {
    expect(s.clsMax).toBe(0.002);
    expect(s.clsWithInputMax).toBe(0.05);
  });

  it("reports page_viewed's p75 and latest, and the controls measured", () => {
    expect(s.pageViewedP75Ms).toBe(-10);
    expect(s.pageViewedMaxMs).toBe(400);
    expect(s.controls).toEqual(["menu", "video (scrolled)", "jump link"]);
  });

  it("leaves answer times out for taps before the targets' first moment", () => {
    const early = summarise("city", [outcome({ momentMs: TARGETS.answerFromMomentMs - 1, answerMs: 900 }), outcome({ answerMs: 60 })]);
    expect(early.answerMaxMs).toBe(60);
  });

  it("counts taps off their control, failed visits and missing page views", () => {
    const odd = summarise("city", [
      outcome({ onControl: false }),
      outcome({ error: "boom", onControl: false, lost: true, pageViewedMs: null }),
      outcome({ pageViewedMs: null }),
    ]);
    expect(odd.offControl).toBe(1);
    expect(odd.failedVisits).toBe(1);
    expect(odd.pageViewedMissing).toBe(1);
  });
});

describe("missedTargets", () => {
  it("meets every target with no lost taps, fast answers, no shifts and an early page view", () => {
    expect(missedTargets(summaryMeetingTargets())).toEqual([]);
  });

  it("any lost tap misses, naming the moments", () => {
    const s = summarise("guide", [outcome({ lost: true, answerMs: null }), outcome({ momentMs: 600 })]);
    expect(missedTargets(s)).toEqual(["guide: 1 of 2 taps lost (1/1 at +100 ms; target 0)"]);
  });

  it("answer p75 200 ms meets, 201 ms misses", () => {
    expect(missedTargets(summaryMeetingTargets({ answerP75Ms: 200, answerMaxMs: 200 }))).toEqual([]);
    expect(missedTargets(summaryMeetingTargets({ answerP75Ms: 201, answerMaxMs: 201 }))).toEqual(["city: answer p75 201 ms (target ≤ 200 ms)"]);
  });

  it("slowest answer 500 ms meets, 501 ms misses", () => {
    expect(missedTargets(summaryMeetingTargets({ answerMaxMs: 500 }))).toEqual([]);
    expect(missedTargets(summaryMeetingTargets({ answerMaxMs: 501 }))).toEqual(["city: slowest answer 501 ms (target ≤ 500 ms)"]);
  });

  it("shifts up to 0.001 (taps included) pass as rounding; 0.0011 misses", () => {
    expect(missedTargets(summaryMeetingTargets({ clsWithInputMax: 0.001 }))).toEqual([]);
    expect(missedTargets(summaryMeetingTargets({ clsWithInputMax: 0.0011 }))).toHaveLength(1);
  });

  it("page_viewed 50 ms after first paint is within the tolerance; 51 ms misses", () => {
    expect(missedTargets(summaryMeetingTargets({ pageViewedMaxMs: 50 }))).toEqual([]);
    expect(missedTargets(summaryMeetingTargets({ pageViewedMaxMs: 51 }))).toEqual([
      "city: page_viewed up to 51 ms after first paint (target ≤ 0 ms, tolerance +50 ms)",
    ]);
  });

  it("a page view that never came, a tap off its control and a failed visit each miss", () => {
    expect(missedTargets(summaryMeetingTargets({ pageViewedMissing: 1, offControl: 1, failedVisits: 1 }))).toHaveLength(3);
  });
});

describe("chooseControls", () => {
  const found = (name: string): FoundControl => ({ name, selector: name, index: 0, box: { x: 1, y: 1, width: 1, height: 1 }, scrolled: false });

  it("takes the menu and every primary control, and no fallback once two others are there", () => {
    const chosen = chooseControls(["menu", "video", "call us", "jump link", "currency", "language"].map(found));
    expect(chosen.map((c) => c.name)).toEqual(["menu", "video", "call us", "jump link"]);
  });

  it("fills up to two others with the selectors when the page has fewer", () => {
    expect(chooseControls(["menu", "jump link", "currency", "language"].map(found)).map((c) => c.name)).toEqual(["menu", "jump link", "currency"]);
  });

  it("measures what exists when even the fallbacks are missing", () => {
    expect(chooseControls(["menu", "jump link"].map(found)).map((c) => c.name)).toEqual(["menu", "jump link"]);
  });
});
