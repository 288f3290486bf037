import { useLocation } from "@remix-run/react";
import { useSelector } from "@xstate/react";
import { memo, useEffect, useMemo, useRef, useState, type FormEvent, type KeyboardEvent, type MouseEvent } from "react";
import type { UiStrings } from "~/i18n/ui-strings";
import { pagePath } from "~/page/page-query";
import { consentBannerMachine } from "../../../machines/consent-banner.machine";
import { styled } from "../../../tokens/stitches.config";
import { CONSENT_CHOSEN_ATTRIBUTE, consentDefaults } from "../../../tracking/consent";
import { getConsent, setConsent } from "../../../tracking/consent-update";
import { CONSENT_BAR_HEIGHT_VARIABLE, CONSENT_CHOICES_ID } from "./consent-banner-ids";
import { useTrackedActor, withImplementations } from "./use-tracked-actor";

// The consent banner (docs/decisions/032-one-react-tree.md). A lazy component (consent-banner-lazy.tsx):
// server-rendered with the page, hydrated when its chunk arrives. The HTML is the same for every visitor
// of a URL, country and device (the cache contract): the bar is in it for every visitor whose default is
// denied, shown by CSS, and the head script's mark on <html> (a stored choice) hides it before the first
// paint. Before and without the app the platform answers: the buttons post a form to /consent, Choose and
// Cookie settings are links to the choices (shown by :target). Once hydrated, the machine answers every
// control without a navigation and `data-state` replaces `data-default` in the CSS.

const TITLE_ID = "consent-title";
const BAR_END_ATTRIBUTE = "data-consent-end";

const Bar = styled("section", {
  // Fixed to the bottom: it overlays the page, never moves it (CLS 0), and the page stays usable above it.
  // While it is shown, the footer grows by the bar's height (CONSENT_BAR_HEIGHT_VARIABLE), so the
  // footer's last links can be scrolled above it.
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
  // Before the machine runs: shown once the whole bar is parsed (its last child is there), because on a
  // slow network the document arrives in pieces and a bar painted with only its title grew upwards
  // (decision 017). Without :has, the bar is shown as soon as it starts.
  [`:root:not([${CONSENT_CHOSEN_ATTRIBUTE}]) &[data-default='denied']:has(> [${BAR_END_ATTRIBUTE}])`]: { display: "block" },
  "@supports not selector(:has(*))": {
    [`:root:not([${CONSENT_CHOSEN_ATTRIBUTE}]) &[data-default='denied']`]: { display: "block" },
  },
  // Without the machine: the footer link and Choose are links to the choices.
  "&:not([data-state]):target, &:not([data-state]):has(:target)": { display: "block" },
  // With the machine: it decides.
  "&[data-state='shown'], &[data-state='choosing']": { display: "block" },
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
  input: { width: "22px", height: "22px", margin: "2px 0 0", accentColor: "$colors$cta" },
  small: { gridColumn: 2, color: "$textSubtle", fontSize: "$14" },
  [`${Bar}:not([data-state]) &:target, [data-state='choosing'] &`]: { display: "block" },
});

/** Back closes the choices: only with the machine, which the `data-state` attribute shows is running. */
const BackButton = styled(ChoiceButton, { display: "none", "[data-state='choosing'] &": { display: "inline-flex" } });
/** Choose opens the choices; while they are open it has nothing to do. */
const ChooseLink = styled(ChoiceLink, { "[data-state='choosing'] &": { display: "none" } });

export interface ConsentBannerProps {
  strings: UiStrings;
  /** The visitor's country from the CDN (null when unknown): the region's Consent Mode default. */
  countryCode: string | null;
  isBot: boolean;
}

/**
 * The form's way back (without JavaScript): the page shown, its path and page parameters. Read by this field, so a
 * navigation inside the app renders the field again, not the whole bar.
 */
function ReturnTo() {
  const { pathname, search } = useLocation();
  return <input type="hidden" name="returnTo" value={pagePath(pathname, search)} />;
}

/** Memoised: its props (the words, the country, the bot rule) are the document's; a new page renders only its way back. */
export const ConsentBanner = memo(function ConsentBanner({ strings, countryCode, isBot }: ConsentBannerProps) {
  const t = (key: keyof UiStrings) => strings[key];
  const defaults = useMemo(() => consentDefaults(countryCode), [countryCode]);
  const defaultDenied = defaults.analytics_storage === "denied";
  const bar = useRef<HTMLElement>(null);
  const analytics = useRef<HTMLInputElement>(null);
  const advertising = useRef<HTMLInputElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const pendingFocus = useRef<"choices" | "opener" | null>(null);
  // Made once: its actions read refs and the cookie only, so a render needs no new machine.
  const [machine] = useState(() =>
    withImplementations(consentBannerMachine, {
      actions: {
        saveChoice: (_, state) => void setConsent(state),
        focusChoices: () => (pendingFocus.current = "choices"),
        focusOpener: () => (pendingFocus.current = "opener"),
      },
    }),
  );
  const actor = useTrackedActor(
    machine,
    // getConsent() reads the cookie in the browser only (null on the server, where nothing is started).
    { defaultDenied, countryKnown: countryCode !== null, chosen: getConsent() !== null, isBot },
  );
  const state = useSelector(actor, (snapshot) => String(snapshot.value));
  // The server's HTML has no machine state: CSS decides until the first effect (the same HTML hydrates).
  const [running, setRunning] = useState(false);

  useEffect(() => {
    setRunning(true);
    actor.send({ type: "ARRIVED" });
    // The footer link or Choose was followed before this ran: carry the open choices over.
    if (window.location.hash === `#${CONSENT_CHOICES_ID}`) actor.send({ type: "OPEN_SETTINGS" });
    // The footer's Cookie settings lives outside the bar (and outside this lazy component).
    const onClick = (event: globalThis.MouseEvent) => {
      const link = event.target instanceof Element ? event.target.closest<HTMLElement>("[data-consent-control='settings']") : null;
      if (!link) return;
      event.preventDefault();
      opener.current = link;
      actor.send({ type: "OPEN_SETTINGS" });
    };
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, [actor]);

  // Focus follows the machine once the bar shows what it decided.
  useEffect(() => {
    const focus = pendingFocus.current;
    pendingFocus.current = null;
    if (focus === "choices" && analytics.current && advertising.current) {
      // The choices show what is in force: the stored choice, else the region's default.
      const current = getConsent() ?? defaults;
      analytics.current.checked = current.analytics_storage === "granted";
      advertising.current.checked = current.ad_storage === "granted";
      analytics.current.focus();
    } else if (focus === "opener" && opener.current?.isConnected && opener.current.offsetParent !== null) {
      opener.current.focus();
    }
  }, [state, defaults]);

  // While the bar is shown the footer grows by its height, so a visitor can scroll the footer's last
  // links above it; a fixed bar otherwise hides them until a choice is made.
  useEffect(() => {
    const element = bar.current;
    if (!element) return;
    const root = document.documentElement;
    const padFooter = () => {
      const height = element.checkVisibility() ? element.getBoundingClientRect().height : 0;
      if (height > 0) root.style.setProperty(CONSENT_BAR_HEIGHT_VARIABLE, `${Math.ceil(height)}px`);
      else root.style.removeProperty(CONSENT_BAR_HEIGHT_VARIABLE);
    };
    const resizes = new ResizeObserver(padFooter);
    resizes.observe(element);
    return () => {
      resizes.disconnect();
      root.style.removeProperty(CONSENT_BAR_HEIGHT_VARIABLE);
    };
  }, []);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const choice = (event.nativeEvent as SubmitEvent).submitter?.getAttribute("value");
    if (choice === "accept_all") actor.send({ type: "ACCEPT_ALL" });
    else if (choice === "reject_all") actor.send({ type: "REJECT_ALL" });
    else actor.send({ type: "SAVE", analytics: !!analytics.current?.checked, advertising: !!advertising.current?.checked });
  };
  const onChoose = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    opener.current = event.currentTarget;
    actor.send({ type: "CHOOSE" });
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Escape" && actor.getSnapshot().matches("choosing")) actor.send({ type: "CLOSE", reason: "escape" });
  };

  return (
    <Bar
      ref={bar}
      aria-labelledby={TITLE_ID}
      data-consent-banner=""
      {...(running ? { "data-state": state } : { "data-default": defaultDenied && !isBot ? "denied" : "granted" })}
      onKeyDown={onKeyDown}
    >
      <Inner method="post" action="/consent" onSubmit={onSubmit}>
        <ReturnTo />
        <h2 id={TITLE_ID}>{t("consentTitle")}</h2>
        <p>{t("consentText")}</p>
        <Row>
          <ChoiceButton type="submit" name="choice" value="accept_all">
            {t("consentAcceptAll")}
          </ChoiceButton>
          <ChoiceButton type="submit" name="choice" value="reject_all">
            {t("consentRejectAll")}
          </ChoiceButton>
          <ChooseLink href={`#${CONSENT_CHOICES_ID}`} aria-controls={CONSENT_CHOICES_ID} onClick={onChoose}>
            {t("consentChoose")}
          </ChooseLink>
        </Row>
        <Choices id={CONSENT_CHOICES_ID}>
          <legend>{t("consentChoose")}</legend>
          <label>
            <input ref={analytics} type="checkbox" name="analytics" value="granted" />
            <span>{t("consentAnalytics")}</span>
            <small>{t("consentAnalyticsText")}</small>
          </label>
          <label>
            <input ref={advertising} type="checkbox" name="advertising" value="granted" />
            <span>{t("consentAdvertising")}</span>
            <small>{t("consentAdvertisingText")}</small>
          </label>
          <Row>
            <ChoiceButton type="submit" name="choice" value="custom">
              {t("consentSave")}
            </ChoiceButton>
            <BackButton type="button" onClick={() => actor.send({ type: "CLOSE", reason: "back" })}>
              {t("back")}
            </BackButton>
          </Row>
        </Choices>
      </Inner>
      <span {...{ [BAR_END_ATTRIBUTE]: "" }} hidden />
    </Bar>
  );
});
