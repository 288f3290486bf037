import { describe, expect, it } from "vitest";
import { parseLog, replayVisit, type LogEntry } from "./replay";

const PAGE = { uid: "www.paris-experiences.example.guides.paris-in-a-weekend", isMobile: true, isLTT: false, countryCode: "US" };
let n = 0;
const entry = (event: string, properties: Record<string, unknown> = {}): LogEntry => ({ index: n++, event, properties, page: PAGE });

describe("parseLog", () => {
  it("reads window.dataLayer as JSON, skipping entries without an event name", () => {
    const log = parseLog(JSON.stringify([{ "0": "consent", "1": "default" }, { event: "menu_opened", menu: "mobile_menu", page: PAGE }, { ecommerce: null }]));
    expect(log).toEqual({ entries: [{ index: 1, event: "menu_opened", properties: { menu: "mobile_menu" }, page: PAGE }], skipped: 2 });
  });

  it("reads an export with its entries, and says what is wrong with anything else", () => {
    expect(parseLog(JSON.stringify({ entries: [{ event: "menu_opened" }] }))).toMatchObject({ entries: [{ event: "menu_opened" }] });
    expect((parseLog("{") as Error).message).toMatch(/^The log is not JSON: /);
    expect((parseLog(JSON.stringify(Array.from({ length: 5001 }, () => ({ event: "menu_opened" })))) as Error).message).toMatch(/at most 5,000\.$/);
    expect((parseLog(JSON.stringify({ events: [] })) as Error).message).toMatch(/Expected a JSON array of data-layer entries/);
    expect((parseLog("[" + "1,".repeat(2_600_000) + "1]") as Error).message).toMatch(/at most 5,000,000 are read/);
  });
});

describe("replayVisit", () => {
  it("matches each entry to the transition that emitted it and follows every machine's state", () => {
    const { steps, taken } = replayVisit([
      entry("page_viewed"),
      entry("menu_opened", { menu: "mobile_menu" }),
      entry("menu_closed", { menu: "mobile_menu", reason: "escape" }),
    ]);
    expect(steps[0]).toMatchObject({ machineId: null, pageStart: true, unmatched: null });
    // The phone's page: the viewport starts mobile.
    expect(steps[0]!.states.viewport).toEqual({ value: "mobile", actor: null });
    expect(steps[1]).toMatchObject({
      machineId: "disclosure",
      actor: "mobile_menu",
      sent: ["TOGGLE"],
      transitions: ["disclosure.closed|TOGGLE|0"],
      unmatched: null,
    });
    expect(steps[1]!.states.disclosure).toEqual({ value: "open", actor: "mobile_menu" });
    expect(steps[2]).toMatchObject({ sent: ["ESCAPE"], transitions: ["disclosure.open|ESCAPE|0"] });
    expect(steps[2]!.states.disclosure!.value).toBe("closed");
    expect(taken.disclosure).toEqual(["disclosure.closed|TOGGLE|0", "disclosure.open|ESCAPE|0"]);
  });

  it("finds the events that pushed nothing in between (a scroll held by the throttle, its window closing)", () => {
    const desktop = { ...PAGE, isMobile: false };
    const at = (event: string, properties: Record<string, unknown>): LogEntry => ({ ...entry(event, properties), page: desktop });
    const { steps } = replayVisit([
      at("header_shadow_changed", { shadow: true, scroll_y: 300 }),
      at("header_visibility_changed", { visible: false, reason: "scroll_down", scroll_y: 300 }),
      at("header_visibility_changed", { visible: true, reason: "scroll_up", scroll_y: 250 }),
    ]);
    expect(steps[0]).toMatchObject({ sent: ["SCROLLED"], unmatched: null });
    expect(steps[0]!.transitions).toContain("header.elevation.flat|SAMPLE|0");
    // The same scroll hid the header: the second entry is that step's second push.
    expect(steps[1]).toMatchObject({ machineId: "header", sent: [], transitions: [], unmatched: null });
    expect(steps[1]!.states.header!.value).toMatchObject({ visibility: "hidden" });
    expect(steps[2]).toMatchObject({ sent: ["SCROLLED", "after throttle"], unmatched: null });
    expect(steps[2]!.transitions).toContain("header.visibility.hidden|SAMPLE|0");
  });

  it("tells apart events by their data: a toast the visitor dismissed, one that timed out", () => {
    const toast = { tone: "error", auto_close: true, duration_ms: 6000 };
    const { steps } = replayVisit([
      entry("toast_shown", { toast_id: "toast-1", ...toast }),
      entry("toast_shown", { toast_id: "toast-2", ...toast }),
      entry("toast_dismissed", { toast_id: "toast-1", reason: "timeout" }),
      entry("toast_dismissed", { toast_id: "toast-2", reason: "button" }),
    ]);
    expect(steps.map((s) => s.transitions)).toEqual([
      ["toasts.empty|ADD|0"],
      ["toasts.showing|ADD|0"],
      ["toasts.showing|EXPIRED|1"],
      ["toasts.showing|DISMISS|0"],
    ]);
  });

  it("lists an event no transition explains, with the state it found and why", () => {
    const { steps } = replayVisit([entry("menu_closed", { menu: "header_dropdown", reason: "escape" }), entry("price_unavailable", { reason: "timeout" })]);
    expect(steps[0]!.unmatched).toBe(
      'disclosure has not started: no transition from there emits menu_closed with {"menu":"header_dropdown","reason":"escape"}, even after events that push nothing.',
    );
    expect(steps[1]!.unmatched).toMatch(/^No machine emits price_unavailable/);
  });

  it("starts the machines again on a new page", () => {
    const { steps } = replayVisit([entry("menu_opened", { menu: "mobile_menu" }), entry("page_viewed"), entry("menu_opened", { menu: "mobile_menu" })]);
    expect(steps[2]).toMatchObject({ transitions: ["disclosure.closed|TOGGLE|0"], unmatched: null });
  });
});
