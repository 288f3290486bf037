import { useLocation } from "@remix-run/react";
import { useSelector } from "@xstate/react";
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent, type MouseEvent } from "react";
import { pagePath } from "~/page/page-query";
import { consentBannerMachine } from "../../../machines/consent-banner.machine";
import { styled } from "../../../tokens/stitches.config";
import { CONSENT_CHOSEN_ATTRIBUTE, consentDefaults } from "../../../tracking/consent";
import { getConsent, setConsent } from "../../../tracking/consent-update";
import { useT } from "../page-context";
import { useTrackedActor } from "./use-tracked-actor";

// Issue 23 §1: the consent banner and the footer's Cookie settings (decision 017).
// The HTML is the same for every visitor of a URL, country and device (the cache contract): the banner
// is in it for every visitor whose default is denied, shown by CSS, and the head script's mark on
// <html> (a stored choice) hides it before the first paint. Before and without the app the platform
// answers: the buttons post a form to /consent, Choose and Cookie settings are links to the choices
// (shown by :target). Once the app runs, the machine answers every control without a navigation.

export const CONSENT_CHOICES_ID = "consent-choices";
const TITLE_ID = "consent-title";

const Bar = styled("section", {
  // Fixed to the bottom: it overlays the page, never moves it (CLS 0), and the page stays usable above it.
  position: "fixed",
  insetInline: 0,
  bottom: 0,
  zIndex: "$overlay",
  maxHeight: "70vh",
  overflowY: "auto",
  backgroundColor: "$surface",
  color: "$text",
  borderTop: "1px solid $divider",
  boxShadow: "$top2",
  display: "none",
  "&[data-default='denied']": { display: "block" },
  [`html[${CONSENT_CHOSEN_ATTRIBUTE}] &`]: { display: "none" },
  // Without the app: the footer link and Choose are links to the choices.
  ":root &:target": { display: "block" },
  ":root &:has(:target)": { display: "block" },
  // With the app: the machine decides.
  ":root:root &[data-state='shown'], :root:root &[data-state='choosing']": { display: "block" },
  ":root:root &[data-state='hidden'], :root:root &[data-state='saved']": { display: "none" },
});

const Inner = styled("form", {
  contentColumn: true,
  py: "$16",
  display: "grid",
  gap: "$12",
  h2: { fontSize: "$18", margin: 0 },
  p: { margin: 0, fontSize: "$14", lineHeight: "$normal" },
});

const Row = styled("div", { display: "flex", flexWrap: "wrap", gap: "$8" });

// Accept all, Reject all and Choose look alike: refusing is as easy as accepting.
const choiceButton = {
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  minHeight: "44px",
  padding: "$8 $16",
  flex: "1 1 140px",
  border: "2px solid $cta",
  borderRadius: "$8",
  backgroundColor: "$surface",
  color: "$cta",
  fontSize: "$16",
  fontWeight: "$semibold",
  textDecoration: "none",
  cursor: "pointer",
  "&:hover": { backgroundColor: "$surfaceSubtle" },
} as const;
const ChoiceButton = styled("button", choiceButton);
const ChoiceLink = styled("a", choiceButton);

const Choices = styled("fieldset", {
  display: "none",
  margin: 0,
  padding: "$12 0 0",
  border: "none",
  borderTop: "1px solid $divider",
  legend: { visuallyHidden: true },
  label: { display: "grid", gridTemplateColumns: "auto 1fr", columnGap: "$12", alignItems: "start", padding: "$8 0", cursor: "pointer" },
  input: { width: "22px", height: "22px", margin: "2px 0 0", accentColor: "$cta" },
  small: { gridColumn: 2, color: "$textSubtle", fontSize: "$14" },
  "&:target": { display: "block" },
  [`[data-state='choosing'] &`]: { display: "block" },
  [`[data-state]:not([data-state='choosing']) &`]: { display: "none" },
});

/** The footer's Cookie settings: a link to the choices, answered by the banner's machine once the app runs. */
const settingsOpeners = new Set<(opener: HTMLElement) => void>();

export function CookieSettingsLink() {
  const t = useT();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (settingsOpeners.size === 0) return;
    event.preventDefault();
    for (const open of settingsOpeners) open(event.currentTarget);
  };
  return (
    <a href={`#${CONSENT_CHOICES_ID}`} onClick={onClick} data-cookie-settings="">
      {t("cookieSettings")}
    </a>
  );
}

export interface ConsentBannerProps {
  countryCode: string | null;
  isBot: boolean;
}

export function ConsentBanner({ countryCode, isBot }: ConsentBannerProps) {
  const t = useT();
  const location = useLocation();
  const defaultDenied = consentDefaults(countryCode).analytics_storage === "denied";
  const barRef = useRef<HTMLElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const pendingFocus = useRef<"choices" | "opener" | null>(null);
  const actor = useTrackedActor(
    consentBannerMachine.provide({
      actions: {
        saveChoice: (_, state) => void setConsent(state),
        focusChoices: () => (pendingFocus.current = "choices"),
        focusOpener: () => (pendingFocus.current = "opener"),
      },
    }),
    { defaultDenied, countryKnown: countryCode !== null, chosen: getConsent() !== null, isBot },
  );
  const state = useSelector(actor, (snapshot) => snapshot.value);
  // The first client render matches the server's HTML; from the next one the machine decides.
  const [mounted, setMounted] = useState(false);

  useEffect(() => {
    actor.send({ type: "ARRIVED" });
    // The footer link or Choose was followed before the app ran: carry the open choices over.
    if (window.location.hash === `#${CONSENT_CHOICES_ID}`) actor.send({ type: "OPEN_SETTINGS" });
    const open = (from: HTMLElement) => {
      opener.current = from;
      actor.send({ type: "OPEN_SETTINGS" });
    };
    settingsOpeners.add(open);
    setMounted(true);
    return () => void settingsOpeners.delete(open);
  }, [actor]);

  useEffect(() => {
    const bar = barRef.current;
    const request = pendingFocus.current;
    pendingFocus.current = null;
    if (!bar || !request) return;
    if (request === "choices") {
      // The choices show what is in force: the stored choice, else the region's default.
      const current = getConsent() ?? consentDefaults(countryCode);
      const form = bar.querySelector("form")!;
      (form.elements.namedItem("analytics") as HTMLInputElement).checked = current.analytics_storage === "granted";
      (form.elements.namedItem("advertising") as HTMLInputElement).checked = current.ad_storage === "granted";
      bar.querySelector<HTMLElement>(`#${CONSENT_CHOICES_ID} input`)?.focus();
    } else if (opener.current?.isConnected && opener.current.offsetParent !== null) {
      opener.current.focus();
    }
  }, [state, countryCode]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const choice = (event.nativeEvent as SubmitEvent).submitter?.getAttribute("value");
    const form = event.currentTarget;
    if (choice === "accept_all") actor.send({ type: "ACCEPT_ALL" });
    else if (choice === "reject_all") actor.send({ type: "REJECT_ALL" });
    else {
      const checked = (name: string) => (form.elements.namedItem(name) as HTMLInputElement).checked;
      actor.send({ type: "SAVE", analytics: checked("analytics"), advertising: checked("advertising") });
    }
  };
  const onChoose = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    opener.current = event.currentTarget;
    actor.send({ type: "CHOOSE" });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === "Escape" && state === "choosing") actor.send({ type: "CLOSE", reason: "escape" });
  };

  return (
    <Bar
      ref={barRef}
      aria-labelledby={TITLE_ID}
      data-consent-banner=""
      data-default={defaultDenied && !isBot ? "denied" : "granted"}
      data-state={mounted ? String(state) : undefined}
      onKeyDown={onKeyDown}
    >
      <Inner method="post" action="/consent" onSubmit={onSubmit}>
        <input type="hidden" name="returnTo" value={pagePath(location.pathname, location.search)} />
        <h2 id={TITLE_ID}>{t("consentTitle")}</h2>
        <p>{t("consentText")}</p>
        <Row>
          <ChoiceButton type="submit" name="choice" value="accept_all">
            {t("consentAcceptAll")}
          </ChoiceButton>
          <ChoiceButton type="submit" name="choice" value="reject_all">
            {t("consentRejectAll")}
          </ChoiceButton>
          {state === "choosing" && mounted ? null : (
            <ChoiceLink href={`#${CONSENT_CHOICES_ID}`} onClick={onChoose} aria-controls={CONSENT_CHOICES_ID}>
              {t("consentChoose")}
            </ChoiceLink>
          )}
        </Row>
        <Choices id={CONSENT_CHOICES_ID}>
          <legend>{t("consentChoose")}</legend>
          <label>
            <input type="checkbox" name="analytics" value="granted" />
            <span>{t("consentAnalytics")}</span>
            <small>{t("consentAnalyticsText")}</small>
          </label>
          <label>
            <input type="checkbox" name="advertising" value="granted" />
            <span>{t("consentAdvertising")}</span>
            <small>{t("consentAdvertisingText")}</small>
          </label>
          <Row>
            <ChoiceButton type="submit" name="choice" value="custom">
              {t("consentSave")}
            </ChoiceButton>
            {mounted ? (
              <ChoiceButton type="button" onClick={() => actor.send({ type: "CLOSE", reason: "back" })}>
                {t("back")}
              </ChoiceButton>
            ) : null}
          </Row>
        </Choices>
      </Inner>
    </Bar>
  );
}
