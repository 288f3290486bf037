/// <reference types="@remix-run/node" />
import type { SendDocument } from "~/edge/page-cache.server";
import type { StorefrontLoadContext } from "~/page/load-context";

declare module "@remix-run/server-runtime" {
  /** The request's facts and the app's services, made once at the edge (app/edge/request-context.server.ts). */
  interface AppLoadContext extends StorefrontLoadContext {
    /** Sends a rendered document: tagged, stored when it may be kept, encoded for this client (app/edge/page-cache.server.ts). */
    sendDocument?: SendDocument;
  }
}
export {};
