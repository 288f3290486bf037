import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToString } from "react-dom/server";
import { ConsentBannerMarkup } from "~/components/behaviour/ConsentBannerMarkup";
import { CONSENT_SLOT_ID } from "~/components/behaviour/consent-banner-ids";
import { NonceContext } from "~/components/nonce";
import { SiteDirectory } from "~/components/page/SiteDirectory";
import { SITE_DIRECTORY_SLOT_ID } from "~/components/page/SiteDirectorySlot";
import type { DirectoryData } from "~/page/page-data";
import type { UiStrings } from "~/i18n/ui-strings";
import { pagePath } from "~/page/page-query";
import { consentDefaults, consentHeadScript } from "../tracking/consent";
import { setDescriptionCheck } from "../tracking/described-events";
import { TrackingViolationError, validateEvent } from "../tracking/validate";
import { FONT_FACE_CSS } from "~/styles/font-faces.server";
import { beginStylesheet } from "~/styles/stylesheet.server";
import { observeRender } from "~/server/metrics.server";
export { logServerError as handleError } from "~/server/log-server-error.server";

// Every event a control describes for the head script is checked against the catalogue as it is
// rendered, as the pipeline checks every event it delivers (tracking/described-events.ts).
setDescriptionCheck(({ name, properties }) => {
  const result = validateEvent(name, properties);
  if (!result.ok) throw new TrackingViolationError(name, result.issues);
});

// Stitches cannot stream: its CSS is known only once the whole document is rendered, so the page's
// stylesheet goes into the <style id="stitches"> placeholder in <head> afterwards, and the very first
// response is fully styled. This replace is the one rewrite of rendered markup for styles (decision 029).
export const STITCHES_PLACEHOLDER = '<style id="stitches"></style>';
// The same for the @font-face rules, which are server-only text (app/styles/font-faces.server.ts).
export const FONT_FACES_PLACEHOLDER = '<style id="font-faces"></style>';

// The consent banner's markup (decision 017): server-only, written into the slot every page shell leaves.
export const CONSENT_SLOT_PLACEHOLDER = `<div id="${CONSENT_SLOT_ID}"></div>`;
// The Consent Mode defaults' inline script (root.tsx leaves it empty; none for bots).
const CONSENT_DEFAULTS_PLACEHOLDER = 'data-consent-defaults=""></script>';

/** The banner for this page, from what the loaders found (the root's country and bot rule, the shell's words); "" without a shell. */
function consentBannerHtml(request: Request, remixContext: EntryContext): string {
  const loaderData = remixContext.staticHandlerContext.loaderData as Record<string, unknown>;
  const tracking = (loaderData.root as { tracking?: { countryCode: string | null; isBot: boolean } } | undefined)?.tracking;
  const strings = Object.values(loaderData)
    .map((data) => (data as { shell?: { strings?: UiStrings } } | null)?.shell?.strings)
    .find((found) => found !== undefined);
  if (!tracking || !strings) return "";
  const url = new URL(request.url);
  return renderToString(
    <ConsentBannerMarkup
      strings={strings}
      defaultDenied={consentDefaults(tracking.countryCode).analytics_storage === "denied"}
      isBot={tracking.isBot}
      returnTo={pagePath(url.pathname, url.search)}
    />,
  );
}

// The site directory's markup (development URL mode), server-only like the banner: written into its slot.
const SITE_DIRECTORY_PLACEHOLDER = `<div id="${SITE_DIRECTORY_SLOT_ID}"></div>`;

function siteDirectoryHtml(remixContext: EntryContext): string {
  const loaderData = remixContext.staticHandlerContext.loaderData as Record<string, unknown>;
  const directory = Object.values(loaderData).find((data) => (data as { kind?: unknown } | null)?.kind === "directory") as DirectoryData | undefined;
  return directory ? renderToString(<SiteDirectory data={directory} />) : "";
}

function consentDefaultsScript(remixContext: EntryContext): string {
  const root = remixContext.staticHandlerContext.loaderData.root as { tracking?: { countryCode: string | null } } | undefined;
  return consentHeadScript(root?.tracking?.countryCode ?? null);
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const started = performance.now();
  const nonce = typeof loadContext?.nonce === "string" ? loadContext.nonce : "";
  // The rules this page uses, each converted once per process (decision 029): the same CSS for a URL
  // whatever this process rendered before. renderToString is synchronous, so nothing else renders in between.
  const stylesheet = beginStylesheet();
  const markup = renderToString(
    <NonceContext.Provider value={nonce}>
      <RemixServer context={remixContext} url={request.url} nonce={nonce} />
    </NonceContext.Provider>,
  );
  // Before the CSS is collected: the banner's rules are in the page's stylesheet with the rest.
  const banner = consentBannerHtml(request, remixContext);
  const directory = siteDirectoryHtml(remixContext);
  const nonceAttr = nonce ? ` nonce="${nonce}"` : "";
  const html = markup
    .replace(CONSENT_DEFAULTS_PLACEHOLDER, () => `data-consent-defaults="">${consentDefaultsScript(remixContext)}</script>`)
    .replace(CONSENT_SLOT_PLACEHOLDER, () => `<div id="${CONSENT_SLOT_ID}">${banner}</div>`)
    .replace(SITE_DIRECTORY_PLACEHOLDER, () => `<div id="${SITE_DIRECTORY_SLOT_ID}">${directory}</div>`)
    .replace(FONT_FACES_PLACEHOLDER, `<style id="font-faces"${nonceAttr}>${FONT_FACE_CSS}</style>`)
    .replace(STITCHES_PLACEHOLDER, `<style id="stitches"${nonceAttr}>${stylesheet.end()}</style>`);
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  observeRender(performance.now() - started);
  const document = `<!DOCTYPE html>${html}`;
  // A page cache miss keeps the page when it may be kept (app/server/edge/page-cache.server.ts, decision 027).
  loadContext?.storePage?.(responseStatusCode, responseHeaders, document);
  return new Response(document, { status: responseStatusCode, headers: responseHeaders });
}
