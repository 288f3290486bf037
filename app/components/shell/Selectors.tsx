import { Form, useLocation } from "@remix-run/react";
import { createContext, useContext, useMemo, type FormEvent, type MouseEvent } from "react";
import { CURRENCIES } from "~/i18n/currencies";
import type { LanguageOption } from "~/page/page-data";
import { pagePath } from "~/page/page-query";
import { styled } from "../../../tokens/stitches.config";
import { describedClick, trackCalls, type TrackCall } from "../../../tracking/described-events";
import { useT } from "../page-providers";
import { PageLink } from "../page/PageLink";

// Currency and language selectors. <details> disclosures work before (and without) JavaScript:
// languages are real links (crawlable, hreflang'd), currencies post a form that sets the cookie.
// With JavaScript, Remix's <Form> and a page link (PageLink: a navigation inside the app) keep the page alive (no reload), so
// currency_changed and language_changed reach the data layer before the new page view.

const Disclosure = styled("details", {
  position: "relative",
  summary: {
    display: "inline-flex",
    alignItems: "center",
    gap: "$4",
    minHeight: "44px",
    padding: "$8 $12",
    borderRadius: "$8",
    cursor: "pointer",
    listStyle: "none",
    fontWeight: "$medium",
    whiteSpace: "nowrap",
  },
  "summary::-webkit-details-marker": { display: "none" },
  "summary:hover": { backgroundColor: "$grey100" },
});

const Panel = styled("div", {
  position: "absolute",
  right: 0,
  top: "calc(100% + 4px)",
  zIndex: "$dropdown",
  minWidth: "220px",
  maxHeight: "60vh",
  overflowY: "auto",
  padding: "$8",
  backgroundColor: "$surface",
  borderRadius: "$12",
  boxShadow: "$level3",
  "@mobile": { position: "static", boxShadow: "none", padding: 0 },
  ul: { listStyle: "none", margin: 0, padding: 0, display: "grid", gap: "$2" },
  "a, button": {
    display: "flex",
    justifyContent: "space-between",
    gap: "$12",
    width: "100%",
    padding: "$8 $12",
    border: 0,
    borderRadius: "$8",
    backgroundColor: "transparent",
    color: "$text",
    textAlign: "left",
    textDecoration: "none",
    cursor: "pointer",
    minHeight: "40px",
    alignItems: "center",
  },
  "a:hover, button:hover, a:focus-visible, button:focus-visible": { backgroundColor: "$purpleLight" },
  "[aria-current='true']": { fontWeight: "$bold", color: "$purpleDark" },
  // A currency's symbol: a plain span, not a styled() component of its own, since a page renders 64 of them.
  "button > span": { color: "$textSubtle" },
});

// A choice is counted in its click, from first paint: described on each choice for the head script, and
// tracked by the handler once the app runs (tracking/described-events.ts).
const currencyCalls = (from: string, to: string): TrackCall[] => [{ name: "currency_changed", properties: { from_currency: from, to_currency: to } }];
/** Each currency choice's description, made once per pair per process: a page describes 31 of them. */
const currencyDescriptions = new Map<string, ReturnType<typeof describedClick>>();
function describedCurrencyChoice(from: string, to: string): ReturnType<typeof describedClick> {
  const key = `${from}>${to}`;
  let described = currencyDescriptions.get(key);
  if (!described) {
    if (currencyDescriptions.size >= CURRENCIES.length ** 2) currencyDescriptions.clear();
    currencyDescriptions.set(key, (described = describedClick(currencyCalls(from, to))));
  }
  return described;
}
const languageCalls = (from: string, to: string): TrackCall[] => [{ name: "language_changed", properties: { from_language: from, to_language: to } }];

export function CurrencySelector({ currency, lang, idSuffix = "desktop" }: { currency: string; lang: string; idSuffix?: string }) {
  const t = useT();
  const location = useLocation();
  const current = CURRENCIES.find((c) => c.code === currency);
  // One submit button per currency, made again only when the currency changes: the form around them follows the
  // page (its returnTo), and a navigation inside the app would otherwise render all 32 again for nothing.
  const choices = useMemo(
    () => (
      <ul>
        {CURRENCIES.map((c) => (
          <li key={c.code}>
            <button
              type="submit"
              name="currency"
              value={c.code}
              aria-current={c.code === currency ? "true" : undefined}
              // Counted in the click, not the submit that follows it: a tap's events are in the data layer when its dispatch ends.
              onClick={c.code === currency ? undefined : () => trackCalls(currencyCalls(currency, c.code))}
              {...(c.code === currency ? {} : describedCurrencyChoice(currency, c.code))}
            >
              {c.code}
              <span aria-hidden="true">{c.localSymbol === c.code ? "" : c.localSymbol}</span>
            </button>
          </li>
        ))}
      </ul>
    ),
    [currency],
  );
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    // The cached HTML names only the page's own parameters; with JavaScript the visitor keeps the rest.
    const returnTo = event.currentTarget.elements.namedItem("returnTo");
    if (returnTo instanceof HTMLInputElement) returnTo.value = `${window.location.pathname}${window.location.search}`;
    event.currentTarget.closest("details")?.removeAttribute("open");
  };
  return (
    <Disclosure data-selector="currency">
      <summary aria-label={`${t("currency")}: ${currency}`}>
        <span aria-hidden="true">{current?.localSymbol === currency ? currency : `${current?.localSymbol ?? ""} ${currency}`}</span>
      </summary>
      <Panel>
        <Form method="post" action="/preferences/currency" aria-label={t("currency")} id={`currency-form-${idSuffix}`} onSubmit={onSubmit} preventScrollReset>
          <input type="hidden" name="returnTo" value={pagePath(location.pathname, location.search)} />
          <input type="hidden" name="lang" value={lang} />
          {choices}
        </Form>
      </Panel>
    </Disclosure>
  );
}

/**
 * The page's language links (its translations), for the selectors below: each page has its own, and a context
 * hands them over, so a navigation inside the app renders the selectors again, not the whole header around them.
 */
const LanguagesContext = createContext<LanguageOption[]>([]);
export const LanguagesProvider = LanguagesContext.Provider;

export function LanguageSelector({ idSuffix = "desktop" }: { idSuffix?: string }) {
  const languages = useContext(LanguagesContext);
  const t = useT();
  if (languages.length < 2) return null;
  const current = languages.find((l) => l.current);
  const onChoose = (event: MouseEvent<HTMLAnchorElement>, code: string) => {
    if (current && code !== current.code) trackCalls(languageCalls(current.code, code));
    event.currentTarget.closest("details")?.removeAttribute("open");
  };
  return (
    <Disclosure data-selector="language">
      <summary aria-label={`${t("language")}: ${current?.name ?? ""}`}>
        <span aria-hidden="true">{(current?.code ?? "en").toUpperCase()}</span>
      </summary>
      <Panel>
        <ul aria-label={t("language")} id={`language-list-${idSuffix}`}>
          {languages.map((l) => (
            <li key={l.code}>
              <PageLink
                href={l.href}
                hrefLang={l.code}
                lang={l.code}
                aria-current={l.current ? "true" : undefined}
                onClick={(event) => onChoose(event, l.code)}
                {...(current && !l.current ? describedClick(languageCalls(current.code, l.code)) : {})}
              >
                {l.name}
              </PageLink>
            </li>
          ))}
        </ul>
      </Panel>
    </Disclosure>
  );
}
