/// <reference types="@remix-run/node" />

declare module "@remix-run/server-runtime" {
  interface AppLoadContext {
    /** Per-request CSP nonce, made by the Express server. */
    nonce: string;
  }
}
export {};
