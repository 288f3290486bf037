import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from "express";
import type { Env } from "~/env.server";
import { isCurrencyCode, type CurrencyCode } from "~/i18n/currencies";
import { readCountryCode } from "~/page/build-page-context.server";
import { deviceVary, requestDevice } from "~/page/device.server";
import type { RequestContext } from "~/page/load-context";
import { pageVariant } from "~/edge/cached-page.server";
import { requestAnswer } from "~/page/request-answer";
import { CURRENCY_KEY_HEADER, type ChosenCurrency } from "~/prices/page-currency.server";
import { logForRequest } from "~/server/access-log.server";
import { cookieValue } from "../../tracking/cookie-value";
import { isOperatorRequest } from "~/server/server-timing.server";

// One request's facts, read once at the edge (app/page/load-context.ts says what they are; decision 047):
// nothing after this step reads a request header. The object is frozen. The page cache's key (the page's
// variant) is made here from the same facts the loaders read, so the cache and the loader agree by
// construction.

/** What the context is read from: an Express request, or its shape in a test. */
export type IncomingRequest = Pick<ExpressRequest, "headers" | "protocol" | "originalUrl">;

/** Reads a request's facts. Its Host is the guard's canonical spelling by now (guard.server.ts). */
export function readRequestContext(req: IncomingRequest, env: Pick<Env, "COUNTRY_HEADER" | "SERVER_TIMING_KEY" | "URL_MODE">): RequestContext {
  const header = (name: string): string | null => {
    const value = req.headers[name];
    return (Array.isArray(value) ? value.join(", ") : value) ?? null;
  };
  const headers = { get: header };
  const id = header("x-request-id") ?? "";
  const host = (req.headers.host ?? "localhost").toLowerCase();
  const url = new URL(`${req.protocol}://${host}${req.originalUrl}`);
  // The one reading of what the request is answered with, Remix's own (request-answer.ts).
  const answer = requestAnswer(url.searchParams);
  url.searchParams.delete("_data");
  const device = requestDevice(headers);
  const countryCode = readCountryCode(headers, env.COUNTRY_HEADER);
  const currency = chosenCurrency(header(CURRENCY_KEY_HEADER), cookieValue(header("cookie"), "currency"));
  return Object.freeze({
    id,
    log: (level: "warn" | "error", message: string, err?: unknown) => logForRequest(id, level, message, err),
    url,
    answer,
    host,
    urlMode: env.URL_MODE,
    device,
    countryCode,
    currency,
    operator: isOperatorRequest(headers, env.SERVER_TIMING_KEY),
    vary: Object.freeze([env.COUNTRY_HEADER, ...deviceVary(device.decidedBy)]),
    variant: pageVariant({ url, currencyKey: currency ? `${currency.source}:${currency.currency}` : "", countryCode, device, answer }),
    cookie: header("cookie"),
    referer: header("referer"),
    acceptEncoding: header("accept-encoding"),
    ifNoneMatch: header("if-none-match"),
  });
}

/** The CDN's X-Currency when valid (what it keyed its copy on), else the visitor's cookie when valid. */
function chosenCurrency(sentHeader: string | null, cookie: string | null | undefined): ChosenCurrency | null {
  const header = (sentHeader ?? "").trim().toUpperCase();
  if (isCurrencyCode(header)) return { currency: header as CurrencyCode, source: "header" };
  const fromCookie = (cookie ?? "").trim().toUpperCase();
  if (isCurrencyCode(fromCookie)) return { currency: fromCookie as CurrencyCode, source: "cookie" };
  return null;
}

const contexts = new WeakMap<ExpressResponse, RequestContext>();

/** The edge step that reads the facts, once, for the steps after it and for Remix. */
export function requestContextStep(env: Pick<Env, "COUNTRY_HEADER" | "SERVER_TIMING_KEY" | "URL_MODE">): RequestHandler {
  return (req, res, next) => {
    contexts.set(res, readRequestContext(req, env));
    next();
  };
}

/** The facts the context step read for this response's request. */
export function requestContextOf(res: ExpressResponse): RequestContext {
  const context = contexts.get(res);
  if (!context) throw new Error("the request context step has not run for this request");
  return context;
}
