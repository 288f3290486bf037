import type { PageContext } from "./page-context";
import { getEventDefinition, type EventName, type EventProperties } from "./catalogue";

// The typed tracking API. Components and the machine adapter call `track(name, properties)`;
// a misspelt name or a wrong property fails the type-check.
// (Foundation version: validates and pushes to window.dataLayer. The tracking issue puts the
// `analytics` pipeline, consent and the violation path behind this same API.)

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

let pageContext: PageContext | null = null;

export function setPageContext(context: PageContext | null): void {
  pageContext = context;
}

export function track<N extends EventName>(name: N, properties: EventProperties<N>): void {
  if (typeof window === "undefined") return;
  const definition = getEventDefinition(name);
  if (!definition) throw new Error(`Unknown tracking event "${name}"`);
  const parsed = definition.properties.safeParse(properties);
  if (!parsed.success) {
    throw new Error(`Invalid "${name}" event: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`);
  }
  if (pageContext?.isBot) return;
  window.dataLayer = window.dataLayer ?? [];
  window.dataLayer.push({ event: name, ...(parsed.data as object), page: pageContext });
}
