import { describe, expect, it, vi } from "vitest";
import { createActor } from "xstate";
import { allSignals } from "../tracking/consent";
import { consentBannerMachine, consentFor, type ConsentBannerInput } from "./consent-banner.machine";
import { startCollecting } from "./machine-test-support";

const GERMANY: ConsentBannerInput = { defaultDenied: true, countryKnown: true, chosen: false, isBot: false };
const US: ConsentBannerInput = { defaultDenied: false, countryKnown: true, chosen: false, isBot: false };

/** The actor with saveChoice recorded, and everything it emitted, in one ordered log. */
function start(input: ConsentBannerInput) {
  const log: Array<{ type: string } & Record<string, unknown>> = [];
  const saveChoice = vi.fn((_: unknown, state: unknown) => log.push({ type: "saveChoice", state }));
  const actor = createActor(consentBannerMachine.provide({ actions: { saveChoice } }), { input });
  actor.on("*", (event) => log.push(event as { type: string } & Record<string, unknown>));
  actor.start();
  return { actor, log, saveChoice };
}

describe("consent banner machine", () => {
  it("shows where the default is denied and nothing is stored", () => {
    const { actor, emitted } = startCollecting(consentBannerMachine, GERMANY);
    actor.send({ type: "ARRIVED" });
    expect(actor.getSnapshot().value).toBe("shown");
    expect(emitted).toEqual([{ type: "consent_banner_shown", country_known: true }]);
  });

  it("an unknown country is denied too, and says so", () => {
    const { actor, emitted } = startCollecting(consentBannerMachine, { ...GERMANY, countryKnown: false });
    actor.send({ type: "ARRIVED" });
    expect(emitted).toEqual([{ type: "consent_banner_shown", country_known: false }]);
  });

  it.each([
    ["the default is granted", US],
    ["a choice is stored", { ...GERMANY, chosen: true }],
    ["the visitor is a bot", { ...GERMANY, isBot: true }],
  ])("stays hidden when %s", (_, input) => {
    const { actor, emitted } = startCollecting(consentBannerMachine, input);
    actor.send({ type: "ARRIVED" });
    expect(actor.getSnapshot().value).toBe("hidden");
    expect(emitted).toEqual([]);
  });

  it("Reject all saves every signal denied, before consent_choice_saved, and the banner is gone", () => {
    const { actor, log } = start(GERMANY);
    actor.send({ type: "ARRIVED" });
    actor.send({ type: "REJECT_ALL" });
    expect(actor.getSnapshot().value).toBe("saved");
    expect(log.slice(1)).toEqual([
      { type: "saveChoice", state: allSignals("denied") },
      { type: "consent_choice_saved", choice: "reject_all", saved_from: "banner", analytics: "denied", advertising: "denied" },
    ]);
  });

  it("Accept all grants every signal in one tap, like Reject all", () => {
    const { actor, log } = start(GERMANY);
    actor.send({ type: "ARRIVED" });
    actor.send({ type: "ACCEPT_ALL" });
    expect(log.slice(1)).toEqual([
      { type: "saveChoice", state: allSignals("granted") },
      { type: "consent_choice_saved", choice: "accept_all", saved_from: "banner", analytics: "granted", advertising: "granted" },
    ]);
  });

  it("Choose opens the choices; Save stores a mix (advertising covers the three ad signals)", () => {
    const { actor, log } = start(GERMANY);
    actor.send({ type: "ARRIVED" });
    actor.send({ type: "CHOOSE" });
    expect(actor.getSnapshot().value).toBe("choosing");
    actor.send({ type: "SAVE", analytics: true, advertising: false });
    expect(actor.getSnapshot().value).toBe("saved");
    expect(log.slice(1)).toEqual([
      { type: "consent_choices_opened", opened_from: "banner" },
      { type: "saveChoice", state: { analytics_storage: "granted", ad_storage: "denied", ad_user_data: "denied", ad_personalization: "denied" } },
      { type: "consent_choice_saved", choice: "custom", saved_from: "choices", analytics: "granted", advertising: "denied" },
    ]);
  });

  it("Back from the choices returns to the banner while nothing is stored", () => {
    const { actor, log } = start(GERMANY);
    actor.send({ type: "ARRIVED" });
    actor.send({ type: "CHOOSE" });
    actor.send({ type: "CLOSE", reason: "back" });
    expect(actor.getSnapshot().value).toBe("shown");
    expect(log.at(-1)).toEqual({ type: "consent_choices_closed", reason: "back", banner_returned: true });
  });

  it("the footer's Cookie settings opens the choices where the default is granted; Escape closes them, focus goes back", () => {
    const focusOpener = vi.fn();
    const focusChoices = vi.fn();
    const actor = createActor(consentBannerMachine.provide({ actions: { focusOpener, focusChoices } }), { input: US });
    const emitted: unknown[] = [];
    actor.on("*", (event) => emitted.push(event));
    actor.start();
    actor.send({ type: "ARRIVED" });
    actor.send({ type: "OPEN_SETTINGS" });
    expect(actor.getSnapshot().value).toBe("choosing");
    expect(focusChoices).toHaveBeenCalledTimes(1);
    actor.send({ type: "CLOSE", reason: "escape" });
    expect(actor.getSnapshot().value).toBe("hidden");
    expect(focusOpener).toHaveBeenCalledTimes(1);
    expect(emitted).toEqual([
      { type: "consent_choices_opened", opened_from: "footer_link" },
      { type: "consent_choices_closed", reason: "escape", banner_returned: false },
    ]);
  });

  it("after a choice the settings can be reopened and changed", () => {
    const { actor, saveChoice } = start(GERMANY);
    actor.send({ type: "ARRIVED" });
    actor.send({ type: "REJECT_ALL" });
    actor.send({ type: "OPEN_SETTINGS" });
    actor.send({ type: "ACCEPT_ALL" });
    expect(actor.getSnapshot().value).toBe("saved");
    expect(saveChoice.mock.calls.map((call) => call[1])).toEqual([allSignals("denied"), allSignals("granted")]);
    // Closing the settings now leaves the banner away: a choice is stored.
    actor.send({ type: "OPEN_SETTINGS" });
    actor.send({ type: "CLOSE", reason: "back" });
    expect(actor.getSnapshot().value).toBe("hidden");
  });

  it("consentFor maps the banner's events to Consent Mode signals", () => {
    expect(consentFor({ type: "SAVE", analytics: false, advertising: true })).toEqual({
      analytics_storage: "denied",
      ad_storage: "granted",
      ad_user_data: "granted",
      ad_personalization: "granted",
    });
    expect(consentFor({ type: "CHOOSE" })).toBeNull();
  });
});
