import { consentHeadScript } from "~/page/consent-head-script.server";

/**
 * Google Consent Mode v2 defaults for the visitor's country, and a stored choice as an update, before any
 * tag can run (app/page/consent-head-script.server.ts). Written by the server render only: the browser renders
 * no text, so hydration keeps the server's and the script's builder is not in the browser's bundle.
 */
export function ConsentDefaultsScript({ countryCode }: { countryCode: string | null }) {
  const html = typeof document === "undefined" ? consentHeadScript(countryCode) : "";
  return <script suppressHydrationWarning dangerouslySetInnerHTML={{ __html: html }} />;
}
