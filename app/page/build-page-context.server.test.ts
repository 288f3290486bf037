import { describe, expect, it } from "vitest";
import { buildPageContext, detectBot, detectMobile, isTheatreBrandUid, readCountryCode } from "./build-page-context.server";

const IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";
const DESKTOP = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const h = (entries: Record<string, string>) => new Headers(entries);

describe("detectMobile (docs/requirements.md#4-behaviour: 768 px or less is mobile)", () => {
  it("the viewport-width client hint decides at the 768/769 boundary", () => {
    expect(detectMobile(h({ "sec-ch-viewport-width": "768", "user-agent": DESKTOP }))).toBe(true);
    expect(detectMobile(h({ "sec-ch-viewport-width": "769", "user-agent": IPHONE }))).toBe(false);
  });
  it("falls back to Sec-CH-UA-Mobile, then the user agent", () => {
    expect(detectMobile(h({ "sec-ch-ua-mobile": "?1", "user-agent": DESKTOP }))).toBe(true);
    expect(detectMobile(h({ "sec-ch-ua-mobile": "?0", "user-agent": IPHONE }))).toBe(false);
    expect(detectMobile(h({ "user-agent": IPHONE }))).toBe(true);
    expect(detectMobile(h({ "user-agent": DESKTOP }))).toBe(false);
    expect(detectMobile(h({}))).toBe(false);
  });
  it("ignores a malformed hint", () => {
    expect(detectMobile(h({ "sec-ch-viewport-width": "wide", "user-agent": IPHONE }))).toBe(true);
  });
});

describe("detectBot", () => {
  it("uses isbot", () => {
    expect(detectBot(h({ "user-agent": GOOGLEBOT }))).toBe(true);
    expect(detectBot(h({ "user-agent": DESKTOP }))).toBe(false);
  });
});

describe("behind a CDN, X-Device decides both flags (device.server.ts)", () => {
  it("over the user agent and client hints", () => {
    expect(detectBot(h({ "x-device": "desktop", "user-agent": GOOGLEBOT }))).toBe(false);
    expect(detectBot(h({ "x-device": "bot", "user-agent": DESKTOP }))).toBe(true);
    expect(detectMobile(h({ "x-device": "desktop", "user-agent": IPHONE, "sec-ch-ua-mobile": "?1" }))).toBe(false);
    expect(detectMobile(h({ "x-device": "mobile", "user-agent": DESKTOP }))).toBe(true);
  });
});

describe("readCountryCode", () => {
  it("reads and normalises the configured header, null when absent or malformed", () => {
    expect(readCountryCode(h({ "cloudfront-viewer-country": "fr" }), "cloudfront-viewer-country")).toBe("FR");
    expect(readCountryCode(h({ "cf-ipcountry": "GB" }), "cloudfront-viewer-country")).toBeNull();
    expect(readCountryCode(h({ "cf-ipcountry": "GB" }), "cf-ipcountry")).toBe("GB");
    for (const bad of ["", "FRA", "F1", "XX"]) expect(readCountryCode(h({ c: bad }), "c")).toBeNull();
  });
});

describe("isTheatreBrandUid (docs/requirements.md#3-data)", () => {
  it("is true when the uid contains the theatre brand host", () => {
    const brand = "www.london-theatre-tickets.example";
    expect(isTheatreBrandUid(`${brand}.shows.x`, brand)).toBe(true);
    expect(isTheatreBrandUid(brand, brand)).toBe(true);
    expect(isTheatreBrandUid("www.paris-experiences.example.day-trips", brand)).toBe(false);
  });
});

describe("buildPageContext", () => {
  it("builds the required fields from request and document", () => {
    const context = buildPageContext({
      headers: h({ "user-agent": IPHONE, "cloudfront-viewer-country": "de" }),
      uid: "www.london-theatre-tickets.example.shows.les-miserables",
      host: "www.london-theatre-tickets.example",
      lang: "de",
      currency: "GBP",
      doc: { pageType: "show", pageSubType: "musical", city: "London", country: "GB" },
      countryHeader: "cloudfront-viewer-country",
      theatreBrandHost: "www.london-theatre-tickets.example",
    });
    expect(context).toEqual({
      uid: "www.london-theatre-tickets.example.shows.les-miserables",
      host: "www.london-theatre-tickets.example",
      lang: "de",
      currency: "GBP",
      isMobile: true,
      isBot: false,
      countryCode: "DE",
      isLTT: true,
      pageType: "show",
      pageSubType: "musical",
      city: "London",
      country: "GB",
    });
  });

  it("uses null for what the document does not say", () => {
    const context = buildPageContext({
      headers: h({}),
      uid: "www.paris-experiences.example",
      host: "www.paris-experiences.example",
      lang: "en",
      currency: "USD",
      doc: { pageType: "city" },
      countryHeader: "x-country",
      theatreBrandHost: "www.london-theatre-tickets.example",
    });
    expect(context).toMatchObject({ pageSubType: null, city: null, country: null, countryCode: null, isLTT: false, isMobile: false });
  });
});
