import { assign, setup } from "xstate";
import type { ConsentState, ConsentValue } from "../tracking/consent";
import type { TrackedEvent } from "./tracked-event";
import { emitEvent } from "./emit-event";

// The consent banner. Where the visitor's Consent Mode default is denied (EEA, GB, CH or an
// unknown country) and no choice is stored, the banner shows: Accept all, Reject all, Choose. Choose
// opens the choices (analytics; advertising, which is ad_storage, ad_user_data and ad_personalization)
// with Save. Everywhere, the footer's Cookie settings opens the same choices. Bots never see it.
// `saveChoice` is provided by the component: it writes the cookie and pushes the Consent Mode update and
// consent_updated (tracking/consent-update.ts), and it runs before consent_choice_saved is emitted.

export type ConsentChoice = "accept_all" | "reject_all" | "custom";

export interface ConsentBannerInput {
  /** The region's default (tracking/consent.ts) is denied. */
  defaultDenied: boolean;
  /** The CDN sent a usable country (false: denied because unknown). */
  countryKnown: boolean;
  /** A `consent-state` cookie is already stored. */
  chosen: boolean;
  isBot: boolean;
}

interface ConsentBannerContext extends ConsentBannerInput {
  openedFrom: "banner" | "footer_link" | null;
}

export type ConsentBannerEvent =
  | { type: "ARRIVED" }
  | { type: "CHOOSE" }
  | { type: "OPEN_SETTINGS" }
  | { type: "ACCEPT_ALL" }
  | { type: "REJECT_ALL" }
  | { type: "SAVE"; analytics: boolean; advertising: boolean }
  | { type: "CLOSE"; reason: "back" | "escape" };

type ConsentBannerEmitted =
  TrackedEvent<"consent_banner_shown"> | TrackedEvent<"consent_choices_opened"> | TrackedEvent<"consent_choices_closed"> | TrackedEvent<"consent_choice_saved">;

const value = (granted: boolean): ConsentValue => (granted ? "granted" : "denied");
// Types only from tracking/consent: this machine is in a chunk of its own (fetched after hydration), and
// a value import would split consent.ts out of the initial chunks into one more file.
const allSignals = (signal: ConsentValue): ConsentState => ({
  ad_storage: signal,
  analytics_storage: signal,
  ad_user_data: signal,
  ad_personalization: signal,
});

/** The Consent Mode signals a banner event saves (null for events that save nothing). */
export function consentFor(event: ConsentBannerEvent): ConsentState | null {
  if (event.type === "ACCEPT_ALL") return allSignals("granted");
  if (event.type === "REJECT_ALL") return allSignals("denied");
  if (event.type !== "SAVE") return null;
  const advertising = value(event.advertising);
  return { analytics_storage: value(event.analytics), ad_storage: advertising, ad_user_data: advertising, ad_personalization: advertising };
}

const choiceOf = (event: ConsentBannerEvent): ConsentChoice =>
  event.type === "ACCEPT_ALL" ? "accept_all" : event.type === "REJECT_ALL" ? "reject_all" : "custom";

const needsChoice = (context: ConsentBannerContext) => context.defaultDenied && !context.chosen && !context.isBot;

export const consentBannerMachine = setup({
  types: {
    context: {} as ConsentBannerContext,
    events: {} as ConsentBannerEvent,
    input: {} as ConsentBannerInput,
    emitted: {} as ConsentBannerEmitted,
  },
  guards: {
    needsChoice: ({ context }) => needsChoice(context),
  },
  actions: {
    /** Provided by the component: store the choice (cookie, Consent Mode update, consent_updated). */
    saveChoice: (_, _state: ConsentState) => {},
    /** Provided by the component: move focus into the choices, or back to what opened them. */
    focusChoices: () => {},
    focusOpener: () => {},
    markChosen: assign({ chosen: true }),
    openFromBanner: assign({ openedFrom: "banner" as const }),
    openFromFooter: assign({ openedFrom: "footer_link" as const }),
    trackShown: emitEvent("consent_banner_shown", ({ context }) => ({ country_known: context.countryKnown })),
    trackOpened: emitEvent("consent_choices_opened", ({ context }) => ({ opened_from: context.openedFrom ?? "banner" })),
    trackClosed: emitEvent("consent_choices_closed", ({ context, event }) => ({
      reason: event.type === "CLOSE" ? event.reason : "back",
      banner_returned: needsChoice(context),
    })),
    trackSaved: emitEvent("consent_choice_saved", ({ event }, params: { from: "banner" | "choices" }) => {
      const state = consentFor(event) ?? allSignals("denied");
      return {
        choice: choiceOf(event),
        saved_from: params.from,
        analytics: state.analytics_storage,
        advertising: state.ad_storage,
      };
    }),
  },
}).createMachine({
  id: "consentBanner",
  description: "Consent banner and cookie settings",
  context: ({ input }) => ({ ...input, openedFrom: null }),
  initial: "hidden",
  states: {
    hidden: {
      on: {
        ARRIVED: { guard: "needsChoice", target: "shown", actions: "trackShown" },
        OPEN_SETTINGS: { target: "choosing", actions: ["openFromFooter", "trackOpened", "focusChoices"] },
      },
    },
    shown: {
      on: {
        ACCEPT_ALL: {
          target: "saved",
          actions: [{ type: "saveChoice", params: () => allSignals("granted") }, "markChosen", { type: "trackSaved", params: { from: "banner" } }],
        },
        REJECT_ALL: {
          target: "saved",
          actions: [{ type: "saveChoice", params: () => allSignals("denied") }, "markChosen", { type: "trackSaved", params: { from: "banner" } }],
        },
        CHOOSE: { target: "choosing", actions: ["openFromBanner", "trackOpened", "focusChoices"] },
        OPEN_SETTINGS: { target: "choosing", actions: ["openFromFooter", "trackOpened", "focusChoices"] },
      },
    },
    choosing: {
      on: {
        SAVE: {
          target: "saved",
          actions: [
            { type: "saveChoice", params: ({ event }) => consentFor(event) ?? allSignals("denied") },
            "markChosen",
            { type: "trackSaved", params: { from: "choices" } },
            "focusOpener",
          ],
        },
        ACCEPT_ALL: {
          target: "saved",
          actions: [
            { type: "saveChoice", params: () => allSignals("granted") },
            "markChosen",
            { type: "trackSaved", params: { from: "choices" } },
            "focusOpener",
          ],
        },
        REJECT_ALL: {
          target: "saved",
          actions: [
            { type: "saveChoice", params: () => allSignals("denied") },
            "markChosen",
            { type: "trackSaved", params: { from: "choices" } },
            "focusOpener",
          ],
        },
        CLOSE: [
          { guard: "needsChoice", target: "shown", actions: ["trackClosed", "focusOpener"] },
          { target: "hidden", actions: ["trackClosed", "focusOpener"] },
        ],
      },
    },
    saved: {
      on: {
        OPEN_SETTINGS: { target: "choosing", actions: ["openFromFooter", "trackOpened", "focusChoices"] },
      },
    },
  },
});
