// The consent banner's element ids, shared by the banner and the footer's Cookie settings link.
export const CONSENT_CHOICES_ID = "consent-choices";
/** The bar's height while it is shown (set by ConsentBanner), which the footer adds below its links. */
export const CONSENT_BAR_HEIGHT_VARIABLE = "--consent-bar-height";
