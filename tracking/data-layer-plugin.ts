import type { AnalyticsPlugin } from "analytics";
import { dataLayerArray, pushToDataLayer, type DeliveryEnvelope } from "./data-layer";

// Our own data-layer destination for the analytics instance (@analytics/google-tag-manager adds
// `category`, has no `ecommerce: null`, and queues forever when the tag manager is already in the
// HTML). It pushes through tracking/data-layer.ts, the same function delivery uses before the pipeline
// has loaded, so an entry is the same whichever path pushed it; and it loads the tag manager container
// only when a container id is configured.

const TAG_MANAGER_ORIGIN = "https://www.googletagmanager.com";

export interface DataLayerPluginOptions {
  /** GTM-XXXX, or null to push to window.dataLayer without loading any container. */
  containerId: string | null;
  dataLayerName?: string;
  /** The page's CSP nonce, for the injected container script. */
  nonce?: string;
}

/** True when a tag manager container script is already on the page (e.g. the snippet in the HTML). */
function tagManagerPresent(doc: Document = document): boolean {
  return doc.querySelector(`script[src^="${TAG_MANAGER_ORIGIN}/gtm.js"]`) !== null;
}

/** The standard GTM snippet, done from code: `gtm.js` start event, then the async container script. */
function loadTagManager(containerId: string, dataLayerName = "dataLayer", nonce?: string): boolean {
  if (tagManagerPresent()) return false;
  dataLayerArray(dataLayerName).push({ "gtm.start": Date.now(), event: "gtm.js" });
  const script = document.createElement("script");
  script.async = true;
  const layer = dataLayerName === "dataLayer" ? "" : `&l=${encodeURIComponent(dataLayerName)}`;
  script.src = `${TAG_MANAGER_ORIGIN}/gtm.js?id=${encodeURIComponent(containerId)}${layer}`;
  if (nonce) script.nonce = nonce;
  document.head.appendChild(script);
  return true;
}

interface TrackArgs {
  payload: { event: string; properties: Record<string, unknown>; options?: Partial<DeliveryEnvelope> };
}

export interface DataLayerDestination {
  plugin: AnalyticsPlugin;
  /** Pushes one already checked event, honouring its policy. */
  push(event: string, properties: Record<string, unknown>, envelope: Partial<DeliveryEnvelope>): void;
}

export function createDataLayerDestination(options: DataLayerPluginOptions): DataLayerDestination {
  const name = options.dataLayerName ?? "dataLayer";
  const push = (event: string, properties: Record<string, unknown>, envelope: Partial<DeliveryEnvelope>) => pushToDataLayer(event, properties, envelope, name);
  return {
    push,
    plugin: {
      name: "storefront-data-layer",
      initialize: () => {
        dataLayerArray(name);
        if (options.containerId) loadTagManager(options.containerId, name, options.nonce);
      },
      track: ({ payload }: TrackArgs) => push(payload.event, payload.properties, payload.options ?? {}),
      loaded: () => true,
    },
  };
}
