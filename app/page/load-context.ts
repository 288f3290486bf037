import type { ContentStore } from "~/content/content-store.server";
import type { UrlMode } from "~/content/page-url";
import type { Env } from "~/env.server";
import type { PriceService } from "~/prices/api-runtime.server";
import type { ChosenCurrency } from "~/prices/page-currency.server";
import type { RequestDevice } from "./device.server";
import type { RequestAnswer } from "./request-answer";
import type { DescriptionCheck } from "../../tracking/described-events";

// What every loader, action and render is handed as its load context (AppLoadContext, remix.env.d.ts), as
// Hydrogen's createHydrogenContext hands its storefront's: one request's facts, read once at the edge
// (app/edge/request-context.server.ts), and the app's settings and services, made once by
// createServer (docs/decisions/047-one-request-context.md). Nothing after the edge reads a request header
// or process.env: a loader asks `context.request` and `context.services`.

export interface RequestContext {
  readonly id: string;
  /** A line folded into this request's access line (access-log.server.ts). */
  readonly log: (level: "warn" | "error", message: string, err?: unknown) => void;
  /** The URL as the loaders see it: the guard's one spelling of the host, the request target without Remix's `_data`. */
  readonly url: URL;
  /** What the request is answered with, read as Remix reads it: the document, or a route's data (`_data`). */
  readonly answer: RequestAnswer;
  readonly host: string;
  readonly urlMode: UrlMode;
  readonly device: RequestDevice;
  /** From the CDN's country header; null when absent or malformed. */
  readonly countryCode: string | null;
  /** The currency the visitor chose (the CDN's X-Currency, else the cookie), or null: the site's default then. */
  readonly currency: ChosenCurrency | null;
  /** The request carried the operator's Server-Timing key. */
  readonly operator: boolean;
  /** The request headers every document's HTML depends on besides its route (country and device), for Vary. */
  readonly vary: readonly string[];
  /** The page's variant: everything its HTML (or, for a data request, its data) depends on; the page cache's key and part of its ETag. */
  readonly variant: string;
  /** The visitor's cookies, forwarded to the catalogue API only (docs/requirements.md#6-roles). */
  readonly cookie: string | null;
  /** The page that sent a form (for the way back after a post). */
  readonly referer: string | null;
  readonly acceptEncoding: string | null;
  readonly ifNoneMatch: string | null;
}

/** The app's settings and services, made once by createServer and handed to every request with its facts. */
export interface AppServices {
  readonly env: Env;
  readonly content: ContentStore;
  readonly prices: PriceService;
  /** The catalogue check of the events controls describe for the head script, used by each render (entry.server). */
  readonly descriptions: DescriptionCheck;
}

/** What Remix hands loaders, actions and the render (remix.env.d.ts declares it as AppLoadContext). */
export interface StorefrontLoadContext {
  readonly request: RequestContext;
  readonly services: AppServices;
}
