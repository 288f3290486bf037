/// <reference types="@remix-run/node" />

declare module "@remix-run/server-runtime" {
  interface AppLoadContext {
    /** Per-request CSP nonce, made by the Express server. */
    nonce: string;
    /** The rendered document (its parts, in order) as this client takes it: compressed whole, or null to leave it to the compression step. */
    encodeDocument?: (parts: readonly string[]) => import("~/server/content-encoding.server").EncodedDocument | null;
    /** On a page cache miss: keeps the rendered document when it may be kept (app/server/edge/page-cache.server.ts). */
    storePage?: (status: number, headers: Headers, html: string) => void;
  }
}
export {};
