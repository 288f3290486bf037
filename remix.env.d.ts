/// <reference types="@remix-run/node" />

declare module "@remix-run/server-runtime" {
  interface AppLoadContext {
    /** Sends a rendered document: tagged, stored when it may be kept, encoded for this client (app/server/edge/page-cache.server.ts). */
    sendDocument?: import("~/server/edge/page-cache.server").SendDocument;
  }
}
export {};
