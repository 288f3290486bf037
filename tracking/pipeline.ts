import { Analytics } from "analytics";
import { collectorPlugin } from "./collector-plugin";
import { createDataLayerDestination, type DataLayerPluginOptions } from "./data-layer-plugin";
import type { Pipeline } from "./delivery-queue";
import { TrackingViolationError, validateEvent } from "./validate";
import { reportViolation, validationPlugin } from "./validation-plugin";
import * as z from "zod/mini";
import en from "zod/v4/locales/en.js";

/** Loaded with the pipeline, after hydration (app/components/tracking/use-tracking.ts). */
export { warmValidation } from "./validate";

// The one analytics instance: the verdict (trackStart) → our data-layer plugin. Loaded in the browser
// by the tracking bootstrap (module-preloaded with the page, evaluated after hydration) and connected
// to the delivery queue with connectPipeline(). From then on the queue validates each event once
// (validate() below) and hands analytics the verdict with it; what was pushed before is checked
// afterwards (report()). analytics runs its plugins in microtasks, so a push still lands in the task
// of the interaction that caused it.

// Zod's fast path compiles validators with `new Function`, which our CSP (no 'unsafe-eval') refuses
// with a console error; the interpreted path costs a few microseconds per event.
z.config({ jitless: true });
// zod/mini ships no messages ("Invalid input"); a violation should say what was wrong.
z.config(en());

/** analytics keeps an anonymous id in localStorage and cookies by default; we keep nothing before consent. */
function memoryStorage() {
  const values = new Map<string, unknown>();
  return {
    getItem: (key: string) => values.get(key),
    setItem: (key: string, value: unknown) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
  };
}

export type PipelineOptions = DataLayerPluginOptions & {
  /** Where the first-party collector takes events (COLLECT_PATH); by default the page's public settings' (window.__ENV), none without them. */
  collectPath?: string | null;
};

function pageCollectPath(): string | null {
  const env = (window as { __ENV?: { collectPath?: unknown } }).__ENV;
  return typeof env?.collectPath === "string" ? env.collectPath : null;
}

export function createPipeline(options: PipelineOptions): Pipeline {
  const destination = createDataLayerDestination(options);
  const collectPath = options.collectPath === undefined ? pageCollectPath() : options.collectPath;
  const reporting = { report: destination.push };
  const analytics = Analytics({
    app: "storefront",
    // The collector after the data layer: it sends what the data layer holds (tracking/collector-plugin.ts).
    plugins: [validationPlugin(reporting), destination.plugin, collectorPlugin(collectPath ? { path: collectPath, layerName: options.dataLayerName } : null)],
    storage: memoryStorage(),
  } as Parameters<typeof Analytics>[0]);
  return {
    validate: (event, envelope) => validateEvent(event.name, event.properties, envelope),
    deliver(event, envelope, verdict) {
      void analytics.track(event.name, event.properties, { ...envelope, verdict });
    },
    report: (event, envelope, verdict) => reportViolation(reporting, event.name, verdict.issues, envelope),
    violation: (event, verdict) => new TrackingViolationError(event.name, verdict.issues),
  };
}
