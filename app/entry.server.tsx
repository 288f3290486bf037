import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToString } from "react-dom/server";
import { getCssText, reset as resetStitches } from "../tokens/stitches.config";
import { loadConsentBanner } from "~/components/behaviour/consent-banner-lazy";
import { NonceContext } from "~/components/nonce";
import { setDescriptionCheck } from "../tracking/described-events";
import { TrackingViolationError, validateEvent } from "../tracking/validate";
import { FONT_FACE_CSS } from "~/styles/font-faces.server";
import { withEveryStitchesGroup } from "~/styles/stitches-groups.server";
import { observeRender } from "~/server/metrics.server";
export { logServerError as handleError } from "~/server/log-server-error.server";

// Every event a control describes for the head script is checked against the catalogue as it is
// rendered, as the pipeline checks every event it delivers (tracking/described-events.ts).
setDescriptionCheck(({ name, properties }) => {
  const result = validateEvent(name, properties);
  if (!result.ok) throw new TrackingViolationError(name, result.issues);
});

// Stitches cannot stream: the whole document is rendered to a string first, then the CSS it
// collected goes into the <style id="stitches"> placeholder in <head>, so the very first response
// is fully styled.
export const STITCHES_PLACEHOLDER = '<style id="stitches"></style>';
// The same for the @font-face rules, which are server-only text (app/styles/font-faces.server.ts).
export const FONT_FACES_PLACEHOLDER = '<style id="font-faces"></style>';

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // The lazy components' code, so the synchronous render below renders them rather than their fallback
  // (docs/decisions/032-one-react-tree.md); fetched once per process.
  await loadConsentBanner();
  const started = performance.now();
  const nonce = typeof loadContext?.nonce === "string" ? loadContext.nonce : "";
  // Stitches keeps one stylesheet per process and only ever adds to it: without a reset, a page's CSS
  // would hold every rule of every page this process rendered before (the same URL gave different
  // HTML on each instance). renderToString is synchronous, so nothing else renders in between.
  resetStitches();
  const markup = renderToString(
    <NonceContext.Provider value={nonce}>
      <RemixServer context={remixContext} url={request.url} nonce={nonce} />
    </NonceContext.Provider>,
  );
  const nonceAttr = nonce ? ` nonce="${nonce}"` : "";
  const html = markup
    .replace(FONT_FACES_PLACEHOLDER, `<style id="font-faces"${nonceAttr}>${FONT_FACE_CSS}</style>`)
    .replace(STITCHES_PLACEHOLDER, `<style id="stitches"${nonceAttr}>${withEveryStitchesGroup(getCssText())}</style>`);
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  observeRender(performance.now() - started);
  return new Response(`<!DOCTYPE html>${html}`, { status: responseStatusCode, headers: responseHeaders });
}
