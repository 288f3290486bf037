import type { AppLoadContext, EntryContext, HandleDataRequestFunction } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToString } from "react-dom/server";
import { loadIslands } from "~/components/lazy-island";
import { renderWithDescriptionCheck } from "../tracking/described-events";
import { beginStylesheet } from "~/styles/stylesheet.server";
import { documentBytes } from "~/server/content-encoding.server";
import { inlineCodeHashes } from "~/server/inline-code-hashes.server";
import { observeRender } from "~/server/metrics.server";
import { contentSecurityPolicy } from "~/server/security-headers.server";

const DATA_POLICY = contentSecurityPolicy();
export { logServerError as handleError } from "~/server/log-server-error.server";

// Stitches cannot stream: its CSS is known only once the whole document is rendered, so the page's
// stylesheet goes into the <style id="stitches"> placeholder in <head> afterwards, and the very first
// response is fully styled. This splice is the one rewrite of rendered markup for styles (decision 029).
export const STITCHES_PLACEHOLDER = '<style id="stitches"></style>';
const DOCTYPE = "<!DOCTYPE html>";

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // The lazy islands' code, so the synchronous render below renders them rather than their fallback
  // (app/components/lazy-island.tsx); fetched once per process.
  await loadIslands();
  const started = performance.now();
  // The rules this page uses, each converted once per process (decision 029): the same CSS for a URL
  // whatever this process rendered before. renderToString is synchronous, so nothing else renders in between.
  const stylesheet = beginStylesheet();
  // Every event a control describes for the head script is checked against the catalogue as it is rendered, by
  // this server's check (made once by createServer: app/server/description-check.server.ts).
  const markup = renderWithDescriptionCheck(loadContext?.services?.descriptions, () =>
    renderToString(<RemixServer context={remixContext} url={request.url} />),
  );
  // The stylesheet spliced in at its placeholder: the document stays in parts (slices of the markup, no
  // copy) until its bytes are written, in one pass (decision 036).
  const at = markup.indexOf(STITCHES_PLACEHOLDER);
  // The sheet is its own part: the same string for every page with the same rules, never copied into a tag.
  const parts =
    at < 0
      ? [DOCTYPE, markup]
      : [DOCTYPE, markup.slice(0, at), '<style id="stitches">', stylesheet.end(), "</style>", markup.slice(at + STITCHES_PLACEHOLDER.length)];
  const body = documentBytes(parts);
  // The CSP allows exactly this document's inline scripts and styles, by the hash of their bytes (decision 042).
  responseHeaders.set("Content-Security-Policy", contentSecurityPolicy(inlineCodeHashes(body)));
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  observeRender(performance.now() - started);
  // Tagged, kept by the page cache when it may be, encoded for this client (app/edge/page-cache.server.ts).
  if (loadContext?.sendDocument) return loadContext.sendDocument(responseStatusCode, responseHeaders, body);
  return new Response(body.toString("utf8"), { status: responseStatusCode, headers: responseHeaders });
}

/**
 * A page's data request (`?_data=`: a navigation inside the app, or its prefetch) is sent as its document is:
 * tagged, kept by the page cache when a shared cache may keep it, in the encoding the client takes, or a 304
 * (app/edge/page-cache.server.ts). Its Cache-Control and Vary are the page's, from the loader; its
 * policy is the one every answer starts with (it has no inline code). docs/decisions/045-client-navigation.md
 *
 * Any other route's data (the root's holds the visitor's country and device; an empty, unknown or repeated
 * `_data`) is private: no cache, ours or a shared one, keeps it for another visitor
 * (docs/decisions/050-one-reading-of-a-request.md).
 */
export const handleDataRequest: HandleDataRequestFunction = async (response, { context }) => {
  const { answer } = context.request;
  if (answer.kind !== "data" || !answer.pageRoute) return privateAnswer(response);
  if (response.status !== 200 || !context.sendDocument) return response;
  const headers = new Headers(response.headers);
  headers.set("Content-Security-Policy", DATA_POLICY);
  return context.sendDocument(200, headers, Buffer.from(await response.arrayBuffer()));
};

/** The response, marked for its one client only. */
function privateAnswer(response: Response): Response {
  const headers = new Headers(response.headers);
  headers.set("Cache-Control", "private, no-store");
  headers.delete("Vary");
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
