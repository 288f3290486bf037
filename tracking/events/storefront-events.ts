import { z } from "zod";
import { defineEvent, prop } from "../define-event";

// Events that components emit directly (tracking issue fills in the vocabulary).
export const storefrontEvents = [
  defineEvent({
    name: "page_viewed",
    description: "A storefront page was shown to the visitor (once per navigation).",
    category: "page",
    owner: "analytics",
    version: "1-0-0",
    properties: z.object({
      page_title: prop(z.string().max(100), "The document title"),
      page_path: prop(z.string().max(100), "Path and query of the page, truncated to 100 characters"),
    }),
    emittedBy: ["PageViewTracker (route change)"],
    dataLayer: "push",
  }),
] as const;
