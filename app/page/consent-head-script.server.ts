import { CONSENT_WAIT_FOR_UPDATE_MS, consentDefaults } from "../../tracking/consent";
import type { consentHead } from "../../tracking/consent-head";
import { callScript } from "./head-script.server";
import { CONSENT_HEAD } from "./head-scripts.generated.server";

/**
 * The Consent Mode head script for a visitor's country: tracking/consent-head.ts, compiled, called with
 * the region's defaults. The same for every visitor of a country, so cached HTML may serve any of them.
 */
export function consentHeadScript(countryCode: string | null | undefined): string {
  return callScript<typeof consentHead>(CONSENT_HEAD, { ...consentDefaults(countryCode), wait_for_update: CONSENT_WAIT_FOR_UPDATE_MS });
}
