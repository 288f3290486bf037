import { Analytics } from "analytics";
import { createDataLayerDestination, type DataLayerPluginOptions } from "./data-layer-plugin";
import { deliveriesInOrder } from "./delivery-order";
import { isStrictTracking, type Pipeline } from "./track";
import { TrackingViolationError, validateEvent } from "./validate";
import { validationPlugin } from "./validation-plugin";
import * as z from "zod/mini";
import en from "zod/v4/locales/en.js";

// The one analytics instance: validation (trackStart) → our data-layer plugin. Loaded lazily in the
// browser by the tracking bootstrap, and connected to track() with connectPipeline().

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

export interface PipelineOptions extends DataLayerPluginOptions {
  strict?: () => boolean;
}

export function createPipeline(options: PipelineOptions): Pipeline {
  const deliverInOrder = deliveriesInOrder();
  const strict = options.strict ?? isStrictTracking;
  const destination = createDataLayerDestination(options);
  const analytics = Analytics({
    app: "storefront",
    plugins: [validationPlugin({ strict, report: destination.push }), destination.plugin],
    storage: memoryStorage(),
  } as Parameters<typeof Analytics>[0]);
  return {
    assertValid(name, properties) {
      const result = validateEvent(name, properties);
      if (!result.ok) throw new TrackingViolationError(name, result.issues);
    },
    deliver(event, envelope) {
      deliverInOrder(() => void analytics.track(event.name, event.properties, envelope));
    },
  };
}
