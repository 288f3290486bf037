import type { AnalyticsPlugin } from "analytics";
import { getEventDefinition } from "./catalogue";
import { recordLiveEvent } from "./live-log";
import type { DeliveryEnvelope } from "./track";

// Our own data-layer destination (research notes B: @analytics/google-tag-manager adds `category`,
// has no `ecommerce: null`, and queues forever when the tag manager is already in the HTML).
// It pushes `{ event, ...properties, page, attribution? }`, honours each definition's data-layer
// policy, and loads the tag manager container only when a container id is configured.

const TAG_MANAGER_ORIGIN = "https://www.googletagmanager.com";

export interface DataLayerPluginOptions {
  /** GTM-XXXX, or null to push to window.dataLayer without loading any container. */
  containerId: string | null;
  dataLayerName?: string;
  /** The page's CSP nonce, for the injected container script. */
  nonce?: string;
}

type DataLayerWindow = Window & Record<string, unknown>;

function dataLayer(name: string): unknown[] {
  const host = window as unknown as DataLayerWindow;
  if (!Array.isArray(host[name])) host[name] = [];
  return host[name] as unknown[];
}

/** True when a tag manager container script is already on the page (e.g. the snippet in the HTML). */
function tagManagerPresent(doc: Document = document): boolean {
  return doc.querySelector(`script[src^="${TAG_MANAGER_ORIGIN}/gtm.js"]`) !== null;
}

/** The standard GTM snippet, done from code: `gtm.js` start event, then the async container script. */
function loadTagManager(containerId: string, dataLayerName = "dataLayer", nonce?: string): boolean {
  if (tagManagerPresent()) return false;
  dataLayer(dataLayerName).push({ "gtm.start": Date.now(), event: "gtm.js" });
  const script = document.createElement("script");
  script.async = true;
  const layer = dataLayerName === "dataLayer" ? "" : `&l=${encodeURIComponent(dataLayerName)}`;
  script.src = `${TAG_MANAGER_ORIGIN}/gtm.js?id=${encodeURIComponent(containerId)}${layer}`;
  if (nonce) script.nonce = nonce;
  document.head.appendChild(script);
  return true;
}

/**
 * One data-layer entry, `{ event, ...properties, page, attribution? }`: what the pipeline pushes, and
 * what the server writes into <head> for the first page view (app/page/page-view-push.server.ts).
 */
export function dataLayerEntry(event: string, properties: Record<string, unknown>, { page, attribution }: Partial<DeliveryEnvelope>): Record<string, unknown> {
  return { event, ...properties, page: { ...page }, ...(attribution ? { attribution: { ...attribution } } : {}) };
}

interface TrackArgs {
  payload: { event: string; properties: Record<string, unknown>; options?: Partial<DeliveryEnvelope> };
}

export interface DataLayerDestination {
  plugin: AnalyticsPlugin;
  /** Pushes one already validated event, honouring its definition's policy. */
  push(event: string, properties: Record<string, unknown>, envelope: Partial<DeliveryEnvelope>): void;
}

export function createDataLayerDestination(options: DataLayerPluginOptions): DataLayerDestination {
  const name = options.dataLayerName ?? "dataLayer";
  const lastPushed = new Map<string, string>();

  function push(event: string, properties: Record<string, unknown>, envelope: Partial<DeliveryEnvelope>): void {
    const definition = getEventDefinition(event);
    if (!definition) return; // unreachable: validation aborted it
    const live = { event, properties, valid: true, issues: [] };
    if (definition.dataLayer === "off") {
      recordLiveEvent({ ...live, outcome: "not pushed (policy off)" });
      return;
    }
    if (definition.dataLayer === "dedupe") {
      // Same event, same page, same properties as last time: a repeat, not news.
      const key = `${envelope.page?.uid ?? ""}\u0000${JSON.stringify(properties)}`;
      if (lastPushed.get(event) === key) {
        recordLiveEvent({ ...live, outcome: "deduplicated" });
        return;
      }
      lastPushed.set(event, key);
    }
    const layer = dataLayer(name);
    // GA4 merges ecommerce objects across pushes unless cleared (developers.google.com/tag-manager/ecommerce-ga4).
    if (definition.ecommerce) layer.push({ ecommerce: null });
    layer.push(dataLayerEntry(event, properties, envelope));
    recordLiveEvent({ ...live, outcome: "pushed" });
  }

  return {
    push,
    plugin: {
      name: "storefront-data-layer",
      initialize: () => {
        dataLayer(name);
        if (options.containerId) loadTagManager(options.containerId, name, options.nonce);
      },
      track: ({ payload }: TrackArgs) => push(payload.event, payload.properties, payload.options ?? {}),
      loaded: () => true,
    },
  };
}
