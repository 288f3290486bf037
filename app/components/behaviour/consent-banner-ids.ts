// The consent banner's element ids, shared by its markup (server), its slot and its behaviour (browser).
export const CONSENT_SLOT_ID = "consent-banner-slot";
export const CONSENT_CHOICES_ID = "consent-choices";
/** The bar's height while it is shown (set by its behaviour), which the footer adds below its links. */
export const CONSENT_BAR_HEIGHT_VARIABLE = "--consent-bar-height";
