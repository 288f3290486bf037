// A namespace import, not `import { z }`: that form keeps every zod locale in the browser bundle (docs/decisions/008-event-schemas-in-zod-mini.md).
import * as z from "zod/mini";
import { defineEventsOf, prop } from "../define-event";
import { NAVIGATION_TYPES } from "../page-view";

const defineEvent = defineEventsOf({ owner: "analytics", version: "1-0-0" });

// Events the tracking layer and the page shell emit directly: page views, consent, violations.

const consentValue = (signal: string) => prop(z.enum(["granted", "denied"]), `Consent Mode v2 \`${signal}\` after the change`);

export const storefrontEvents = [
  defineEvent({
    name: "page_viewed",
    version: "1-0-1",
    description:
      "A storefront page was shown to the visitor: once per document load (a prerendered one when it is shown), once per client-side navigation to another path or query, and once per return from the back/forward cache. Named page_viewed because GA4 reserves page_view.",
    category: "page",
    properties: () =>
      z.object({
        page_title: prop(z.string().check(z.maxLength(100)), "The document title, truncated to 100 characters"),
        page_path: prop(z.string().check(z.startsWith("/"), z.maxLength(100)), "Path and query of the page, truncated to 100 characters"),
        page_referrer: prop(
          z.optional(z.string().check(z.maxLength(100))),
          "Origin and path (no query, which may carry personal data) of the previous page: the last route on client-side navigations, document.referrer on the first page; truncated to 100 characters",
        ),
        navigation_type: prop(
          z.optional(z.enum(NAVIGATION_TYPES)),
          "How the visitor reached the page: navigate (a document load), reload, back_forward (a document from history, or a page restored from the back/forward cache), prerender (a document prerendered by the browser, counted when shown), client (a navigation inside the app, no new document)",
        ),
      }),
    components: [
      "The server, in <head> (document load: app/page/page-view-push.server.ts)",
      "useTracking() in app/root.tsx (each client-side route change, and a page restored from the back/forward cache)",
    ],
    examples: {
      valid: [
        { page_title: "Things to do in Paris", page_path: "/?uid=www.paris-experiences.example&lang=en" },
        { page_title: "Eiffel Tower tickets", page_path: "/eiffel-tower/", page_referrer: "https://www.google.com/", navigation_type: "navigate" },
        {
          page_title: "Les Misérables tickets",
          page_path: "/shows/les-miserables/",
          page_referrer: "https://www.london-theatre-tickets.example/",
          navigation_type: "client",
        },
      ],
      invalid: [
        { page_title: "No path" },
        { page_title: "Relative path", page_path: "eiffel-tower/" },
        { page_title: "x".repeat(101), page_path: "/" },
        { page_title: "Soft", page_path: "/", navigation_type: "soft" },
      ],
    },
  }),
  defineEvent({
    name: "consent_updated",
    description: "The visitor's consent choice changed (a consent banner or setConsent()); a Consent Mode `update` command is pushed with it.",
    category: "system",
    owner: "privacy",
    properties: () =>
      z.object({
        ad_storage: consentValue("ad_storage"),
        analytics_storage: consentValue("analytics_storage"),
        ad_user_data: consentValue("ad_user_data"),
        ad_personalization: consentValue("ad_personalization"),
      }),
    components: ["setConsent() (tracking/consent-update.ts)", "window.storefrontConsent.set() for a consent banner"],
    examples: {
      valid: [{ ad_storage: "denied", analytics_storage: "granted", ad_user_data: "denied", ad_personalization: "denied" }],
      invalid: [{ ad_storage: "yes", analytics_storage: "granted", ad_user_data: "denied", ad_personalization: "denied" }, { analytics_storage: "granted" }],
    },
  }),
  defineEvent({
    name: "tracking_violation",
    description:
      "Production only: an event failed its schema and was dropped; this reports which event and why, so the plan and the code can be fixed. In development and tests invalid events throw instead.",
    category: "system",
    properties: () =>
      z.object({
        violated_event: prop(z.string().check(z.minLength(1), z.maxLength(40)), "Name of the dropped event (as called, truncated to 40 characters)"),
        issue_paths: prop(z.string().check(z.maxLength(100)), "Comma-separated zod issue paths, e.g. properties.to_currency,page.lang"),
        issues: prop(z.string().check(z.maxLength(100)), "The issues as `path: message; …`, truncated to 100 characters"),
        issue_count: prop(z.int().check(z.minimum(1)), "How many issues the event had"),
      }),
    components: ["validation plugin (trackStart) in tracking/validation-plugin.ts"],
    examples: {
      valid: [{ violated_event: "currency_changed", issue_paths: "properties.to_currency", issues: "properties.to_currency: Invalid string", issue_count: 1 }],
      invalid: [
        { violated_event: "", issue_paths: "", issues: "", issue_count: 1 },
        { violated_event: "currency_changed", issue_paths: "x", issues: "x", issue_count: 0 },
      ],
    },
  }),
] as const;
