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
}

/** True when a tag manager container script is already on the page (e.g. the snippet in the HTML). */
function tagManagerPresent(doc: Document = document): boolean {
  return doc.querySelector(`script[src^="${TAG_MANAGER_ORIGIN}/gtm.js"]`) !== null;
}

/**
 * What the container may not run: Custom HTML tags and Custom JavaScript variables ("customScripts"), which
 * add inline script. The page's CSP allows inline script only by the hash of its text, known when the page
 * is rendered, so such a tag could never run; the tag manager's own block list refuses it up front, with no
 * policy violation in the console. Its built-in and template tags (GA4 among them) load scripts by URL and
 * run under 'strict-dynamic' (docs/tracking.md#the-tag-manager-under-the-pages-csp).
 */
export const TAG_MANAGER_BLOCKLIST = ["customScripts"] as const;

/**
 * The standard GTM snippet, done from code (this module is trusted through the page's hashed module
 * script, so the container it adds runs under 'strict-dynamic'): the block list, then the `gtm.js` start
 * event, then the async container script.
 */
function loadTagManager(containerId: string, dataLayerName = "dataLayer"): boolean {
  if (tagManagerPresent()) return false;
  const layer = dataLayerArray(dataLayerName);
  // Read by the container when it loads, so it must be in the data layer before it.
  layer.push({ "gtm.blocklist": [...TAG_MANAGER_BLOCKLIST] });
  layer.push({ "gtm.start": Date.now(), event: "gtm.js" });
  const script = document.createElement("script");
  script.async = true;
  const layerParam = dataLayerName === "dataLayer" ? "" : `&l=${encodeURIComponent(dataLayerName)}`;
  script.src = `${TAG_MANAGER_ORIGIN}/gtm.js?id=${encodeURIComponent(containerId)}${layerParam}`;
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
        if (options.containerId) loadTagManager(options.containerId, name);
      },
      track: ({ payload }: TrackArgs) => push(payload.event, payload.properties, payload.options ?? {}),
      loaded: () => true,
    },
  };
}
