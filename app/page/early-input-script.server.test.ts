// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from "vitest";
import { dataLayerEntry } from "../../tracking/data-layer";
import { EVENT_ID_PATTERN } from "../../tracking/envelope";
import { SAMPLE_CONTEXT } from "../../tracking/test-fixtures";
import { getEventDefinition } from "../../tracking/catalogue";
import { ENVELOPE_VERSION } from "../../tracking/envelope";
import { earlyInputScript, EXIT_BEACON_VERSIONS } from "./early-input-script.server";

// The catcher's compiled head script against the app's own rules: what it pushes for a described click
// is what the app's delivery builds for the same items (dataLayerEntry()).

const PAGE_VIEW = { event: "page_viewed", page_title: "Eiffel Tower", page_path: "/", page: SAMPLE_CONTEXT, attribution: { gclid: "abc" } };
const EVENT = { event: "booking_link_clicked", link_location: "hero", destination_host: "www.example.com" };
const ITEMS = [{ ecommerce: null }, EVENT];

function run(track: boolean, dataLayer: unknown[]) {
  window.dataLayer = dataLayer;
  // The app has taken over from the previous test's catcher (its listeners stay on this document).
  if (window.__earlyInput) window.__earlyInput.open = false;
  new Function(earlyInputScript({ track }))();
}

afterEach(() => {
  document.body.innerHTML = "";
});

describe("the early-input head script", () => {
  it("pushes a described click's items as the app's delivery builds them, in the click's task", () => {
    run(true, [PAGE_VIEW]);
    document.body.innerHTML = `<a href="#x" data-track='${JSON.stringify(ITEMS)}'><span>Book</span></a>`;
    document.querySelector("span")!.click();
    const pushed = window.dataLayer![2] as { event_id: string };
    expect(pushed.event_id).toMatch(EVENT_ID_PATTERN);
    expect(window.dataLayer!.slice(1)).toEqual([{ ecommerce: null }, dataLayerEntry(EVENT.event, EVENT, PAGE_VIEW, pushed.event_id)]);
    expect(JSON.stringify(pushed)).toBe(JSON.stringify(dataLayerEntry(EVENT.event, EVENT, PAGE_VIEW, pushed.event_id)));
  });

  it("pushes nothing without a page view in the data layer, or for a description that is not JSON", () => {
    run(true, []);
    document.body.innerHTML = `<a href="#x" data-track='${JSON.stringify(ITEMS)}'>Book</a><a href="#y" data-track="{">Bad</a>`;
    document.querySelector("a")!.click();
    expect(window.dataLayer).toEqual([]);
    window.dataLayer!.push(PAGE_VIEW);
    document.querySelectorAll("a")[1]!.click();
    expect(window.dataLayer).toEqual([PAGE_VIEW]);
  });

  it("holds a replayed control's click until the app runs, and marks it busy unless native", () => {
    run(true, [PAGE_VIEW]);
    document.body.innerHTML = `<button data-replay="">Menu</button><a href="#t" data-replay="native">Jump</a>`;
    document.querySelector("button")!.click();
    document.querySelector("a")!.click();
    expect(window.__earlyInput!.clicks).toEqual([document.querySelector("button"), document.querySelector("a")]);
    expect(document.querySelector("button")!.getAttribute("aria-busy")).toBe("true");
    expect(document.querySelector("button")!.hasAttribute("data-pending")).toBe(true);
    expect(document.querySelector("a")!.hasAttribute("data-pending")).toBe(false);
  });

  it("gives a bot the catcher without the push code", () => {
    const script = earlyInputScript({ track: false });
    expect(script).not.toContain("data-track");
    expect(script).not.toContain("page_viewed");
    run(false, [PAGE_VIEW]);
    document.body.innerHTML = `<a href="#x" data-track='${JSON.stringify(ITEMS)}'>Book</a><button data-replay="">Menu</button>`;
    document.querySelector("a")!.click();
    document.querySelector("button")!.click();
    expect(window.dataLayer).toEqual([PAGE_VIEW]);
    expect(window.__earlyInput!.push).toBeUndefined();
    expect(window.__earlyInput!.clicks).toHaveLength(1);
  });

  it("renders the exit-tap beacon's path and versions from the catalogue for a visitor with a collector, never for a bot", () => {
    const script = earlyInputScript({ track: true, collectPath: "/events" });
    expect(script).toContain(`"path":"/events","envelope":"${ENVELOPE_VERSION}"`);
    for (const name of ["page_viewed", "booking_link_clicked", "select_item", "quick_link_opened", "language_changed"])
      expect(EXIT_BEACON_VERSIONS[name]).toBe(getEventDefinition(name)!.version);
    expect(script).toContain(`"booking_link_clicked":"${getEventDefinition("booking_link_clicked")!.version}"`);
    expect(EXIT_BEACON_VERSIONS.header_scroll_sampled).toBeUndefined();
    expect(earlyInputScript({ track: true })).not.toContain("/events");
    expect(earlyInputScript({ track: false, collectPath: "/events" })).not.toContain("/events");
  });
});
