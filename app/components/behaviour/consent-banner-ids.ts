// The consent banner's element ids, shared by its markup (server), its slot and its behaviour (browser).
export const CONSENT_SLOT_ID = "consent-banner-slot";
export const CONSENT_CHOICES_ID = "consent-choices";
