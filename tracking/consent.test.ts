// @vitest-environment happy-dom
import { serialize } from "cookie";
import { beforeEach, describe, expect, it, vi } from "vitest";
import {
  allSignals,
  CONSENT_COOKIE,
  CONSENT_REQUIRED_COUNTRIES,
  consentCookie,
  consentCookieDomain,
  consentCookieOptions,
  consentDefaults,
  parseConsent,
  serializeConsent,
} from "./consent";
import { getConsent, setConsent } from "./consent-update";
import { createPipeline } from "./pipeline";
import { SAMPLE_CONTEXT, withoutEventIds } from "./test-fixtures";
import { connectPipeline, resetTracking, setPageContext } from "./track";

const denied = allSignals("denied");
const granted = allSignals("granted");

describe("Consent Mode defaults by country (docs/requirements.md#9-constants)", () => {
  it.each([
    "AT",
    "BE",
    "BG",
    "HR",
    "CY",
    "CZ",
    "DK",
    "EE",
    "FI",
    "FR",
    "DE",
    "GR",
    "HU",
    "IE",
    "IT",
    "LV",
    "LT",
    "LU",
    "MT",
    "NL",
    "PL",
    "PT",
    "RO",
    "SK",
    "SI",
    "ES",
    "SE",
    "GB",
    "CH",
  ])("%s (listed in the spec) is denied", (country) => expect(consentDefaults(country)).toEqual(denied));

  it.each(["IS", "LI", "NO"])("%s (rest of the EEA) is denied", (country) => expect(consentDefaults(country)).toEqual(denied));

  it.each(["US", "IN", "AE", "SG", "MY", "JP", "AU", "TR"])("%s is granted", (country) => expect(consentDefaults(country)).toEqual(granted));

  it("an unknown or malformed country is denied (the safe default)", () => {
    for (const country of [null, undefined, "", "XYZ", "1", "??"]) expect(consentDefaults(country)).toEqual(denied);
  });

  it("country codes are case-insensitive", () => {
    expect(consentDefaults("de")).toEqual(denied);
    expect(consentDefaults("us")).toEqual(granted);
  });

  it("covers the 29 listed countries plus IS, LI and NO", () => expect(CONSENT_REQUIRED_COUNTRIES.size).toBe(32));
});

describe("the consent-state cookie", () => {
  it("round-trips", () => {
    const state = { ...denied, analytics_storage: "granted" } as const;
    expect(parseConsent(serializeConsent(state))).toEqual(state);
  });

  it("is null when missing or not ours, and a partial record never grants the rest", () => {
    expect(parseConsent(null)).toBeNull();
    expect(parseConsent("yes")).toBeNull();
    expect(parseConsent("x".repeat(500))).toBeNull();
    expect(parseConsent("analytics_storage:granted")).toEqual({ ...denied, analytics_storage: "granted" });
    expect(parseConsent("analytics_storage:maybe|ad_storage:granted")).toEqual({ ...denied, ad_storage: "granted" });
  });
});

describe("the cookie's attributes", () => {
  it("is shared across the registrable domain of a www. site host in production, host-only otherwise", () => {
    expect(consentCookieDomain("www.paris-experiences.example", "production")).toBe("paris-experiences.example");
    expect(consentCookieDomain("WWW.Example.co.uk:443", "production")).toBe("example.co.uk");
    expect(consentCookieDomain("www.paris-experiences.example", "development")).toBeNull();
    expect(consentCookieDomain("www.paris-experiences.example", "test")).toBeNull();
    for (const host of ["localhost", "127.0.0.1", "[::1]", "shop.example.com", "www.localhost", "example.com"]) {
      expect(consentCookieDomain(host, "production"), host).toBeNull();
    }
  });

  it("lasts a year, SameSite=Lax, Path=/, Secure when asked", () => {
    expect(consentCookie(denied, { domain: "paris-experiences.example", secure: true })).toBe(
      "consent-state=ad_storage%3Adenied%7Canalytics_storage%3Adenied%7Cad_user_data%3Adenied%7Cad_personalization%3Adenied; Max-Age=31536000; Domain=paris-experiences.example; Path=/; Secure; SameSite=Lax",
    );
    expect(consentCookie(granted, { domain: null, secure: false })).not.toMatch(/Domain|Secure/);
  });

  it("the browser's cookie text is the server's (cookie's serialize()) byte for byte", () => {
    for (const domain of ["paris-experiences.example", null]) {
      for (const secure of [true, false]) {
        for (const state of [denied, granted]) {
          expect(consentCookie(state, { domain, secure })).toBe(serialize(CONSENT_COOKIE, serializeConsent(state), consentCookieOptions({ domain, secure })));
        }
      }
    }
  });
});

describe("setConsent()", () => {
  beforeEach(() => {
    resetTracking();
    window.dataLayer = [];
    document.cookie = "consent-state=; Max-Age=0; Path=/";
  });

  it("writes the cookie, pushes a Consent Mode update and tracks consent_updated", async () => {
    connectPipeline(createPipeline({ containerId: null }));
    setPageContext(SAMPLE_CONTEXT);
    const choice = { ...denied, analytics_storage: "granted" } as const;
    expect(setConsent(choice)).toBe(true);
    expect(getConsent()).toEqual(choice);
    const first = window.dataLayer?.[0] as ArrayLike<unknown>;
    expect(Object.prototype.toString.call(first)).toBe("[object Arguments]");
    expect(Array.from(first)).toEqual(["consent", "update", choice]);
    await vi.waitFor(() => expect(withoutEventIds(window.dataLayer ?? [])[1]).toEqual({ event: "consent_updated", ...choice, page: SAMPLE_CONTEXT }));
  });

  it("does nothing more when the choice is unchanged", () => {
    setPageContext(SAMPLE_CONTEXT);
    setConsent(granted);
    const length = window.dataLayer?.length;
    expect(setConsent(granted)).toBe(false);
    expect(window.dataLayer?.length).toBe(length);
  });

  it("bots send nothing", () => {
    setPageContext({ ...SAMPLE_CONTEXT, isBot: true });
    expect(setConsent(granted)).toBe(false);
    expect(window.dataLayer).toEqual([]);
  });
});
