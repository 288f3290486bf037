// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { describeCalls as describeUnchecked, renderWithDescriptionCheck, type DescribedOn, type DescriptionCheck, type TrackCall } from "./described-events";
import { claimImpression, COUNTED_IMPRESSIONS, forgetImpressions } from "./impressions";
import { TrackingViolationError, validateEvent } from "./validate";

// What the server writes on a control for the head script: the data-layer items of its click, checked
// against the catalogue as it is rendered.

const select: TrackCall = {
  name: "select_item",
  properties: { ecommerce: { item_list_id: "top", item_list_name: "Top", items: [{ item_id: "2051", item_name: "Eiffel Tower", index: 0 }] } },
};
const booking: TrackCall = { name: "booking_link_clicked", properties: { tgid: 2051, flow_type: "NORMAL", price: 69.5, currency: "EUR" } };

const catalogueCheck = (report: DescriptionCheck["report"] = (error) => console.error(error)): DescriptionCheck => ({
  check: ({ name, properties }) => {
    const result = validateEvent(name, properties);
    if (!result.ok) throw new TrackingViolationError(name, result.issues);
  },
  report,
});
/** describeCalls() inside a server render that checks against the catalogue. */
const describeCalls = (calls: readonly TrackCall[], on?: DescribedOn, check = catalogueCheck()) =>
  renderWithDescriptionCheck(check, () => describeUnchecked(calls, on));

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("describeCalls", () => {
  it("lists the pushes in order, with the ecommerce reset before a GA4 ecommerce event, without page or attribution", () => {
    expect(JSON.parse(describeCalls([select, booking])!)).toEqual([
      { ecommerce: null },
      { event: "select_item", ...select.properties },
      { event: "booking_link_clicked", ...booking.properties },
    ]);
  });

  it("describes nothing for no calls", () => {
    expect(describeCalls([])).toBeUndefined();
  });

  it("refuses an event whose policy is not push: the head script keeps no dedupe state", () => {
    expect(() => describeCalls([{ name: "price_unavailable", properties: { source_kind: "collection", source_id: 1 } }])).toThrow(/price_unavailable/);
  });

  it("throws at render in development and tests on an invalid event, naming the field", () => {
    expect(() => describeCalls([{ name: "currency_changed", properties: { from_currency: "USD", to_currency: "euro" } }])).toThrow(/properties\.to_currency/);
  });

  it("in production leaves an invalid description out (the handler still tracks the click, and reports it) and logs why", () => {
    vi.stubEnv("NODE_ENV", "production");
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(describeCalls([{ name: "currency_changed", properties: { from_currency: "USD", to_currency: "euro" } }])).toBeUndefined();
    expect(String(logged.mock.calls[0]?.[0])).toMatch(/to_currency/);
    logged.mockRestore();
  });

  it("in production hands a refused description to the server's report, with the page it is on", () => {
    vi.stubEnv("NODE_ENV", "production");
    const reports: Array<{ error: unknown; on: unknown }> = [];
    const check = catalogueCheck((error, on) => reports.push({ error, on }));
    const on = { uid: "www.paris-experiences.example", lang: "en" };
    const call: TrackCall = {
      name: "outbound_link_clicked",
      properties: { link_domain: "evil_host.example", link_url: "https://evil_host.example/x", new_tab: false },
    };
    expect(describeCalls([call], on, check)).toBeUndefined();
    expect(reports).toHaveLength(1);
    expect(reports[0]!.on).toEqual(on);
    expect(reports[0]!.error).toBeInstanceOf(TrackingViolationError);
    expect((reports[0]!.error as TrackingViolationError).issues.map((issue) => issue.path)).toEqual(["properties.link_domain"]);
  });
});

describe("renderWithDescriptionCheck", () => {
  it("checks the descriptions of its render only: none outside it (the browser), and the outer check again after a nested one", () => {
    const invalid: TrackCall = { name: "currency_changed", properties: { from_currency: "USD", to_currency: "euro" } };
    expect(describeUnchecked([invalid])).toBeDefined();
    const seen: string[] = [];
    const outer: DescriptionCheck = { check: (call) => void seen.push(`outer ${call.name}`), report: () => undefined };
    const inner: DescriptionCheck = { check: (call) => void seen.push(`inner ${call.name}`), report: () => undefined };
    renderWithDescriptionCheck(outer, () => {
      renderWithDescriptionCheck(inner, () => describeUnchecked([booking]));
      describeUnchecked([booking]);
    });
    expect(seen).toEqual(["inner booking_link_clicked", "outer booking_link_clicked"]);
    expect(() => renderWithDescriptionCheck(catalogueCheck(), () => describeUnchecked([invalid]))).toThrow(/to_currency/);
    expect(describeUnchecked([invalid])).toBeDefined();
  });
});

describe("claimImpression", () => {
  beforeEach(() => {
    delete window[COUNTED_IMPRESSIONS];
  });

  it("counts a list once, whichever side saw it first", () => {
    window[COUNTED_IMPRESSIONS] = { "list-a": 1 }; // the head script counted it before the app ran
    expect(claimImpression("list-a")).toBe(false);
    expect(claimImpression("list-b")).toBe(true);
    expect(claimImpression("list-b")).toBe(false);
  });

  it("counts the same list again on the next page view", () => {
    expect(claimImpression("list-a")).toBe(true);
    forgetImpressions();
    expect(claimImpression("list-a")).toBe(true);
  });
});
