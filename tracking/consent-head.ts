import { CONSENT_CHOSEN_ATTRIBUTE, type ConsentState } from "./consent";
import { getConsent } from "./consent-update";

// The Consent Mode head script, as a typed function: compiled for the browser by scripts/head-scripts.ts
// and written inline in <head> by app/page/consent-head-script.server.ts (docs/decisions/032-one-react-tree.md).
// It reads the stored choice with the app's own getConsent(), so the two cannot disagree.

/** The `default` command: the region's signals and how long tags wait for an update. */
export type ConsentDefaultsCommand = ConsentState & { wait_for_update: number };

interface GtagWindow {
  dataLayer?: unknown[];
  gtag?: (...args: unknown[]) => void;
}

/**
 * Consent Mode defaults for this visitor's country, then the stored choice from the cookie as an
 * `update`, both before the tag manager can load. The cookie is read in the browser so that cached HTML
 * never carries one visitor's choice to another; with a stored choice <html> is marked, so the consent
 * banner (in the HTML for every denied-default visitor) stays hidden from the first paint.
 */
export function consentHead(defaults: ConsentDefaultsCommand): void {
  const w = window as unknown as GtagWindow;
  w.dataLayer = w.dataLayer || [];
  // gtag() pushes its `arguments` object; the tag manager only treats that shape as a command.
  const gtag = (w.gtag = function (..._args: unknown[]) {
    // eslint-disable-next-line prefer-rest-params
    w.dataLayer!.push(arguments);
  });
  gtag("consent", "default", defaults);
  const stored = getConsent();
  if (!stored) return;
  gtag("consent", "update", stored);
  document.documentElement.setAttribute(CONSENT_CHOSEN_ATTRIBUTE, "");
}
