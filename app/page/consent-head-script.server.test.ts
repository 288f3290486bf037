import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { allSignals, CONSENT_COOKIE, parseConsent, serializeConsent } from "../../tracking/consent";
import { cookieValue } from "../../tracking/cookie-value";
import { consentHeadScript } from "./consent-head-script.server";

const denied = allSignals("denied");
const granted = allSignals("granted");

/** Runs the inline head script as a browser would, with a given cookie; also the attributes it set on <html>. */
function runHead(country: string | null, cookie: string): { pushed: unknown[][]; htmlAttributes: Record<string, string> } {
  const htmlAttributes: Record<string, string> = {};
  const documentElement = { setAttribute: (name: string, value: string) => (htmlAttributes[name] = value) };
  const sandbox: { window: Record<string, unknown>; document: unknown; dataLayer?: unknown[] } = { window: {}, document: { cookie, documentElement } };
  sandbox.window = sandbox as unknown as Record<string, unknown>;
  runInNewContext(consentHeadScript(country), sandbox);
  return { pushed: (sandbox.dataLayer ?? []).map((entry) => Array.from(entry as ArrayLike<unknown>)), htmlAttributes };
}
const runHeadScript = (country: string | null, cookie: string) => runHead(country, cookie).pushed;

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

  it("marks <html> when a choice is stored (the banner's CSS hides it before the first paint), and only then", () => {
    expect(runHead("DE", `consent-state=${encodeURIComponent(serializeConsent(denied))}`).htmlAttributes).toEqual({ "data-consent-chosen": "" });
    expect(runHead("DE", "").htmlAttributes).toEqual({});
    expect(runHead("DE", "consent-state=whatever").htmlAttributes).toEqual({});
  });
});

describe("the head script reads a stored choice as the app does (tracking/consent-update.ts getConsent)", () => {
  const ours = (value: string) => `${CONSENT_COOKIE}=${value}`;
  const cookies = [
    "",
    "other=1",
    ours(encodeURIComponent(serializeConsent(granted))),
    `a=1; ${ours(encodeURIComponent(serializeConsent({ ...denied, ad_storage: "granted" })))}; b=2`,
    ours("analytics_storage:granted"),
    ours("analytics_storage%3Agranted%7Cad_storage%3Amaybe"),
    ours('"analytics_storage:granted"'),
    `  ${CONSENT_COOKIE} = analytics_storage:granted `,
    ours("%E0%A4%A"),
    ours("x".repeat(201)),
    ours(encodeURIComponent("ad_storage:granted|".repeat(20))),
    `x${CONSENT_COOKIE}=analytics_storage:granted`,
    `${"a=1; ".repeat(1700)}${ours("analytics_storage:granted")}`,
  ];
  it.each(cookies.map((cookie) => [cookie.slice(0, 60), cookie]))("%s", (_, cookie) => {
    const app = parseConsent(cookieValue(cookie, CONSENT_COOKIE));
    const { pushed, htmlAttributes } = runHead("FR", cookie);
    expect(pushed.slice(1)).toEqual(app ? [["consent", "update", app]] : []);
    expect(htmlAttributes).toEqual(app ? { "data-consent-chosen": "" } : {});
  });
});
