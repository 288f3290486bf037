/// <reference types="@remix-run/node" />

declare module "@remix-run/server-runtime" {
  interface AppLoadContext {
    /** Per-request CSP nonce, made by the Express server. */
    nonce: string;
    /** On a page cache miss: keeps the rendered document when it may be kept (app/server/edge/page-cache.server.ts). */
    storePage?: (status: number, headers: Headers, html: string) => void;
  }
}
export {};
