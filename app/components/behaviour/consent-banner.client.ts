import { createActor, type AnyActorRef, type InspectionEvent, type Observer } from "xstate";
import { consentBannerMachine } from "../../../machines/consent-banner.machine";
import type { ConsentState } from "../../../tracking/consent";

// The consent banner's behaviour, fetched after hydration (its own chunk, outside the initial JavaScript
// budget). Until it runs the platform answers the banner (a form post, links to the choices). From
// here the machine answers every control in the page: the bar's `data-state` follows the machine and
// its CSS shows or hides the bar and the choices. React renders the markup once and never touches it
// again, so the two do not compete for these attributes.

/**
 * What the banner needs from the initial chunks, handed in rather than imported: an import shared with
 * them would make the bundler split those modules into more initial files (decision 017).
 */
export interface ConsentBannerSetup {
  countryCode: string | null;
  isBot: boolean;
  /** The region's default (consentDefaults of the country). */
  defaults: ConsentState;
  getConsent: () => ConsentState | null;
  setConsent: (state: ConsentState) => boolean;
  forwardToTracking: (actor: AnyActorRef) => () => void;
  /** The CSS variable on <html> that carries the bar's height while it is shown (the footer pads by it). */
  barHeightVariable: string;
  /** The inspection observer, where inspection is enabled (app/inspector/inspect-sink.ts). */
  inspect?: Observer<InspectionEvent>;
}

/** Starts the machine on the server-rendered bar; returns the function that stops it. */
export function startConsentBanner(bar: HTMLElement, setup: ConsentBannerSetup): () => void {
  const { countryCode, isBot, defaults, getConsent, setConsent, forwardToTracking, barHeightVariable, inspect } = setup;
  const form = bar.querySelector("form")!;
  const choicesId = bar.querySelector("fieldset")!.id;
  const box = (name: string) => form.elements.namedItem(name) as HTMLInputElement;
  let opener: HTMLElement | null = null;
  let pendingFocus: "choices" | "opener" | null = null;

  const actor = createActor(
    consentBannerMachine.provide({
      actions: {
        saveChoice: (_, state) => void setConsent(state),
        focusChoices: () => (pendingFocus = "choices"),
        focusOpener: () => (pendingFocus = "opener"),
      },
    }),
    {
      input: {
        defaultDenied: defaults.analytics_storage === "denied",
        countryKnown: countryCode !== null,
        chosen: getConsent() !== null,
        isBot,
      },
      ...(inspect ? { inspect } : {}),
    },
  );
  const stopTracking = forwardToTracking(actor);
  const subscription = actor.subscribe((snapshot) => {
    bar.dataset.state = String(snapshot.value);
    const focus = pendingFocus;
    pendingFocus = null;
    if (focus === "choices") {
      // The choices show what is in force: the stored choice, else the region's default.
      const current = getConsent() ?? defaults;
      box("analytics").checked = current.analytics_storage === "granted";
      box("advertising").checked = current.ad_storage === "granted";
      box("analytics").focus();
    } else if (focus === "opener" && opener?.isConnected && opener.offsetParent !== null) {
      opener.focus();
    }
  });

  const onSubmit = (event: SubmitEvent) => {
    event.preventDefault();
    const choice = event.submitter?.getAttribute("value");
    if (choice === "accept_all") actor.send({ type: "ACCEPT_ALL" });
    else if (choice === "reject_all") actor.send({ type: "REJECT_ALL" });
    else actor.send({ type: "SAVE", analytics: box("analytics").checked, advertising: box("advertising").checked });
  };
  const onClick = (event: MouseEvent) => {
    const target = event.target instanceof Element ? event.target : null;
    const control = target?.closest<HTMLElement>("[data-consent-control]");
    if (!control) return;
    event.preventDefault();
    const kind = control.dataset.consentControl;
    if (kind === "back") actor.send({ type: "CLOSE", reason: "back" });
    else {
      opener = control;
      actor.send({ type: kind === "choose" ? "CHOOSE" : "OPEN_SETTINGS" });
    }
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Escape" && actor.getSnapshot().matches("choosing")) actor.send({ type: "CLOSE", reason: "escape" });
  };

  // While the bar is shown the footer grows by its height, so a visitor can scroll the footer's last
  // links above it; a fixed bar otherwise hid them until a choice was made.
  const root = document.documentElement;
  const padFooter = () => {
    const height = bar.checkVisibility() ? bar.getBoundingClientRect().height : 0;
    if (height > 0) root.style.setProperty(barHeightVariable, `${Math.ceil(height)}px`);
    else root.style.removeProperty(barHeightVariable);
  };
  const resizes = new ResizeObserver(padFooter);
  resizes.observe(bar);

  form.addEventListener("submit", onSubmit);
  // Delegated from the document: the footer's Cookie settings lives outside the bar.
  document.addEventListener("click", onClick);
  bar.addEventListener("keydown", onKeyDown);
  actor.start();
  actor.send({ type: "ARRIVED" });
  // The footer link or Choose was followed before this ran: carry the open choices over.
  if (window.location.hash === `#${choicesId}`) actor.send({ type: "OPEN_SETTINGS" });

  return () => {
    form.removeEventListener("submit", onSubmit);
    document.removeEventListener("click", onClick);
    bar.removeEventListener("keydown", onKeyDown);
    subscription.unsubscribe();
    resizes.disconnect();
    root.style.removeProperty(barHeightVariable);
    stopTracking();
    actor.stop();
    delete bar.dataset.state;
  };
}
