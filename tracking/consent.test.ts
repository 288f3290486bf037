// @vitest-environment happy-dom
import { runInNewContext } from "node:vm";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { allSignals, CONSENT_REQUIRED_COUNTRIES, consentDefaults, consentHeadScript, parseConsent, serializeConsent } from "./consent";
import { getConsent, setConsent } from "./consent-update";
import { createPipeline } from "./pipeline";
import { SAMPLE_CONTEXT } from "./test-fixtures";
import { connectPipeline, resetTracking, setPageContext } from "./track";

const denied = allSignals("denied");
const granted = allSignals("granted");

describe("Consent Mode defaults by country (spec §9)", () => {
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

/** Runs the inline head script as a browser would, with a given cookie. */
function runHeadScript(country: string | null, cookie: string): unknown[][] {
  const sandbox: { window: Record<string, unknown>; document: { cookie: string }; dataLayer?: unknown[] } = { window: {}, document: { cookie } };
  sandbox.window = sandbox as unknown as Record<string, unknown>;
  runInNewContext(consentHeadScript(country), sandbox);
  return (sandbox.dataLayer ?? []).map((entry) => Array.from(entry as ArrayLike<unknown>));
}

describe("the inline head script", () => {
  it("sets denied defaults in the EEA, with wait_for_update, as a gtag arguments push", () => {
    expect(runHeadScript("DE", "")).toEqual([["consent", "default", { ...denied, wait_for_update: 500 }]]);
  });

  it("sets granted defaults elsewhere", () => {
    expect(runHeadScript("US", "")).toEqual([["consent", "default", { ...granted, wait_for_update: 500 }]]);
  });

  it("applies a stored choice as an update right after the defaults", () => {
    const cookie = `other=1; consent-state=${encodeURIComponent(serializeConsent({ ...denied, analytics_storage: "granted" }))}`;
    expect(runHeadScript("FR", cookie)).toEqual([
      ["consent", "default", { ...denied, wait_for_update: 500 }],
      ["consent", "update", { ...denied, analytics_storage: "granted" }],
    ]);
  });

  it("ignores a cookie that is not ours", () => {
    expect(runHeadScript("FR", "consent-state=%E0%A4%A")).toHaveLength(1);
    expect(runHeadScript("FR", "consent-state=whatever")).toHaveLength(1);
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
    await vi.waitFor(() => expect(window.dataLayer?.[1]).toEqual({ event: "consent_updated", ...choice, page: SAMPLE_CONTEXT }));
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
