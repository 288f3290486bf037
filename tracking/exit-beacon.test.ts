// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { allSignals } from "./consent";
import { beaconExit, clickLeavesPage, type ExitBeaconSettings } from "./exit-beacon";
import { SAMPLE_CONTEXT } from "./test-fixtures";

// The exit-tap beacon against a real (happy-dom) data layer; the network is a recording double at the sendBeacon
// boundary. Consent is read as the collector plugin reads it: from the data layer's Consent Mode commands.

type Posted = { envelope: string; versions: Record<string, string>; events: Array<Record<string, unknown>> };
const SETTINGS: ExitBeaconSettings = { path: "/events", envelope: "1-0-1", versions: { page_viewed: "1-0-1", booking_link_clicked: "1-0-0" } };

let beacons: Array<{ url: string; body: Promise<Posted>; type: string }>;
let accept: boolean;

/** gtag() pushes its `arguments`. */
function consentCommand(action: "default" | "update", granted: boolean): unknown {
  return (function (..._args: unknown[]) {
    // eslint-disable-next-line prefer-rest-params
    return arguments;
  })("consent", action, allSignals(granted ? "granted" : "denied"));
}

let ids = 0;
const entry = (event: string, page: object = SAMPLE_CONTEXT) => ({ event, event_id: `00000000-0000-4000-8000-${String(++ids).padStart(12, "0")}`, page });

beforeEach(() => {
  beacons = [];
  accept = true;
  window.__beaconedEventIds = undefined;
  vi.stubGlobal("navigator", {
    ...navigator,
    sendBeacon: (url: string, body: Blob) => {
      beacons.push({ url, body: body.text().then((text) => JSON.parse(text) as Posted), type: body.type });
      return accept;
    },
  });
});
afterEach(() => vi.unstubAllGlobals());

describe("beaconExit", () => {
  it("sends the events pushed while analytics_storage is granted, in the collector's body, each once", async () => {
    const view = entry("page_viewed");
    const tap = entry("booking_link_clicked");
    const layer = [consentCommand("default", true), view, { ecommerce: null }, tap];
    expect(beaconExit(SETTINGS, layer)).toBe(true);
    expect(beacons).toHaveLength(1);
    expect(beacons[0]!.url).toBe("/events");
    expect(beacons[0]!.type).toBe("text/plain;charset=utf-8");
    expect(await beacons[0]!.body).toEqual({ envelope: "1-0-1", versions: SETTINGS.versions, events: [view, tap] });
    // A second exit tap sends only its own events.
    const again = entry("booking_link_clicked");
    layer.push(again);
    expect(beaconExit(SETTINGS, layer)).toBe(true);
    expect((await beacons[1]!.body).events).toEqual([again]);
    expect((await beacons[1]!.body).versions).toEqual({ booking_link_clicked: "1-0-0" });
  });

  it("sends nothing without a grant, after a denial, or for a bot's page", () => {
    expect(beaconExit(SETTINGS, [entry("page_viewed"), entry("booking_link_clicked")])).toBe(false);
    expect(beaconExit(SETTINGS, [consentCommand("default", false), entry("page_viewed")])).toBe(false);
    expect(beaconExit(SETTINGS, [consentCommand("default", true), entry("page_viewed"), consentCommand("update", false)])).toBe(false);
    expect(beaconExit(SETTINGS, [consentCommand("default", true), entry("page_viewed", { ...SAMPLE_CONTEXT, isBot: true })])).toBe(false);
    expect(beacons).toHaveLength(0);
  });

  it("drops what was pushed before a denial, and sends what follows a later grant", async () => {
    const before = entry("page_viewed");
    const after = entry("booking_link_clicked");
    const layer = [consentCommand("default", true), before, consentCommand("update", false), consentCommand("update", true), after];
    expect(beaconExit(SETTINGS, layer)).toBe(true);
    expect((await beacons[0]!.body).events).toEqual([after]);
  });

  it("leaves the events unmarked when the browser refuses the beacon, so the collector plugin still sends them", () => {
    accept = false;
    const view = entry("page_viewed");
    expect(beaconExit(SETTINGS, [consentCommand("default", true), view])).toBe(false);
    expect(window.__beaconedEventIds?.has(view.event_id)).toBe(false);
  });
});

describe("clickLeavesPage", () => {
  const click = (init: MouseEventInit = {}) => new MouseEvent("click", { button: 0, ...init });
  const link = (html: string) => {
    document.body.innerHTML = html;
    return document.querySelector("span") ?? document.body.firstElementChild!;
  };

  it("is true for a click on a link to another document, in this tab or another, and for a form's submit control", () => {
    expect(clickLeavesPage(link(`<a href="https://book.example/tour/1"><span>Book</span></a>`), click())).toBe(true);
    expect(clickLeavesPage(link(`<a href="/other" target="_self">Other</a>`), click())).toBe(true);
    // The page stays, but the visitor may close it before the app runs: sent now, kept once by event_id.
    expect(clickLeavesPage(link(`<a href="https://book.example/" target="_blank">Book</a>`), click())).toBe(true);
    expect(clickLeavesPage(link(`<a href="https://book.example/">Book</a>`), click({ ctrlKey: true }))).toBe(true);
    expect(
      clickLeavesPage(link(`<form method="post" action="/preferences/currency"><button name="currency" value="EUR"><span>EUR</span></button></form>`), click()),
    ).toBe(true);
  });

  it("is false for a download, a jump within the page, another scheme, a button that submits nothing, or what is not a link", () => {
    expect(clickLeavesPage(link(`<a href="/file.pdf" download>File</a>`), click())).toBe(false);
    expect(clickLeavesPage(link(`<a href="#top">Top</a>`), click())).toBe(false);
    expect(clickLeavesPage(link(`<a href="mailto:help@example.com">Mail</a>`), click())).toBe(false);
    expect(clickLeavesPage(link(`<button>Menu</button>`), click())).toBe(false);
    expect(clickLeavesPage(link(`<form><button type="button">Menu</button></form>`), click())).toBe(false);
    expect(clickLeavesPage(link(`<a href="https://book.example/">Book</a>`), click({ button: 1 }))).toBe(false);
  });
});
