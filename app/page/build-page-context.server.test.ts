import { describe, expect, it } from "vitest";
import { buildPageContext, isTheatreBrandUid, readCountryCode } from "./build-page-context.server";

const h = (entries: Record<string, string>) => new Headers(entries);

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
  it("builds the required fields from the request's facts and the document", () => {
    const context = buildPageContext({
      device: "mobile",
      countryCode: "DE",
      uid: "www.london-theatre-tickets.example.shows.les-miserables",
      host: "www.london-theatre-tickets.example",
      lang: "de",
      currency: "GBP",
      doc: { pageType: "show", pageSubType: "musical", city: "London", country: "GB" },
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
      device: "desktop",
      countryCode: null,
      uid: "www.paris-experiences.example",
      host: "www.paris-experiences.example",
      lang: "en",
      currency: "USD",
      doc: { pageType: "city" },
      theatreBrandHost: "www.london-theatre-tickets.example",
    });
    expect(context).toMatchObject({ pageSubType: null, city: null, country: null, countryCode: null, isLTT: false, isMobile: false, isBot: false });
  });
});
