import type { UiStrings } from "~/i18n/ui-strings";
import { styled } from "../../../tokens/stitches.config";
import { CONSENT_CHOSEN_ATTRIBUTE } from "../../../tracking/consent";
import { CONSENT_CHOICES_ID } from "./consent-banner-ids";

// The consent banner's markup (decision 017). Rendered on the server only, by entry.server
// into the slot that ConsentBannerSlot leaves in every page, so none of it is in the initial JavaScript.
// The HTML is the same for every visitor of a URL, country and device (the cache contract): the banner
// is in it for every visitor whose default is denied, shown by CSS, and the head script's mark on
// <html> (a stored choice) hides it before the first paint. Before and without the app the platform
// answers: the buttons post a form to /consent, Choose and Cookie settings are links to the choices
// (shown by :target). Once the app runs, the machine (consent-banner.client.ts, its own chunk, fetched
// after hydration) answers every control without a navigation.

const TITLE_ID = "consent-title";
const BAR_END_ATTRIBUTE = "data-consent-end";

const Bar = styled("section", {
  // Fixed to the bottom: it overlays the page, never moves it (CLS 0), and the page stays usable above it.
  // Once the machine runs, the footer grows by the bar's height (CONSENT_BAR_HEIGHT_VARIABLE, set by
  // consent-banner.client.ts), so the footer's last links can be scrolled above it.
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
  // Shown once the whole bar is parsed (its last child is there): on a slow network the document
  // arrives in pieces, and a bar painted with only its title grew upwards by 246 px when the rest came
  // (0.109 of layout shift in bench:field). Without :has, the bar is shown as soon as it starts.
  // :where keeps the rule as weak as a plain attribute selector, below the rules that follow.
  [`:where(:root:not([${CONSENT_CHOSEN_ATTRIBUTE}])) &[data-default='denied']:where(:has(> [${BAR_END_ATTRIBUTE}]))`]: { display: "block" },
  "@supports not selector(:has(*))": {
    "&[data-default='denied']": { display: "block" },
    [`html[${CONSENT_CHOSEN_ATTRIBUTE}] &`]: { display: "none" },
  },
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
  input: { width: "22px", height: "22px", margin: "2px 0 0", accentColor: "$colors$cta" },
  small: { gridColumn: 2, color: "$textSubtle", fontSize: "$14" },
  "&:target": { display: "block" },
  [`[data-state='choosing'] &`]: { display: "block" },
  [`[data-state]:not([data-state='choosing']) &`]: { display: "none" },
});

/** Back closes the choices: only with the machine, which the `data-state` attribute shows is running. */
const BackButton = styled(ChoiceButton, { display: "none", "[data-state='choosing'] &": { display: "inline-flex" } });
/** Choose opens the choices; while they are open it has nothing to do. */
const ChooseLink = styled(ChoiceLink, { "[data-state='choosing'] &": { display: "none" } });

export interface ConsentBannerMarkupProps {
  strings: UiStrings;
  /** The region's Consent Mode default is denied. */
  defaultDenied: boolean;
  isBot: boolean;
  /** The page's path and page parameters, for the form's way back. */
  returnTo: string;
}

export function ConsentBannerMarkup({ strings, defaultDenied, isBot, returnTo }: ConsentBannerMarkupProps) {
  const t = (key: keyof UiStrings) => strings[key];
  return (
    <Bar aria-labelledby={TITLE_ID} data-consent-banner="" data-default={defaultDenied && !isBot ? "denied" : "granted"}>
      <Inner method="post" action="/consent">
        <input type="hidden" name="returnTo" value={returnTo} />
        <h2 id={TITLE_ID}>{t("consentTitle")}</h2>
        <p>{t("consentText")}</p>
        <Row>
          <ChoiceButton type="submit" name="choice" value="accept_all">
            {t("consentAcceptAll")}
          </ChoiceButton>
          <ChoiceButton type="submit" name="choice" value="reject_all">
            {t("consentRejectAll")}
          </ChoiceButton>
          <ChooseLink href={`#${CONSENT_CHOICES_ID}`} data-consent-control="choose" aria-controls={CONSENT_CHOICES_ID}>
            {t("consentChoose")}
          </ChooseLink>
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
            <BackButton type="button" data-consent-control="back">
              {t("back")}
            </BackButton>
          </Row>
        </Choices>
      </Inner>
      <span {...{ [BAR_END_ATTRIBUTE]: "" }} hidden />
    </Bar>
  );
}
