// @vitest-environment happy-dom
import { bench, describe } from "vitest";
import { createPipeline } from "./pipeline";
import { SAMPLE_CONTEXT } from "./test-fixtures";
import { connectPipeline, resetTracking, setPageContext, track } from "./track";
import { validateEvent } from "./validate";

// `npm run bench:tracking`: the cost of one track() call. Production settings (not strict: no
// call-site validation), a real analytics instance, a real window.dataLayer (happy-dom).

process.env.NODE_ENV = "production";
resetTracking();
connectPipeline(createPipeline({ containerId: null }));
setPageContext(SAMPLE_CONTEXT);

const currency = { from_currency: "USD", to_currency: "EUR" } as const;
const list = {
  ecommerce: {
    item_list_id: "top-experiences",
    item_list_name: "Top experiences in Paris",
    items: Array.from({ length: 12 }, (_, index) => ({
      item_id: String(2000 + index),
      item_name: `Experience ${index}`,
      price: 49 + index,
      currency: "EUR",
      index,
    })),
  },
};

/** Resolves when the next entry reaches the data layer. */
function nextPush(): Promise<void> {
  return new Promise((resolve) => {
    const layer = (window.dataLayer ??= []);
    const push = layer.push;
    layer.push = (...items: unknown[]) => {
      layer.push = push;
      layer.length = 0; // keep memory flat across iterations
      resolve();
      return items.length;
    };
  });
}

describe("validation only (zod, jitless as in the browser)", () => {
  bench("validateEvent: currency_changed + page context", () => {
    validateEvent("currency_changed", currency, { page: SAMPLE_CONTEXT });
  });
  bench("validateEvent: view_item_list with 12 items + page context", () => {
    validateEvent("view_item_list", list, { page: SAMPLE_CONTEXT });
  });
});

describe("track()", () => {
  bench("track(): synchronous cost to the caller", () => {
    track("currency_changed", currency);
    window.dataLayer = [];
  });
  bench("track() → window.dataLayer: whole pipeline (analytics + validation + push)", async () => {
    const pushed = nextPush();
    track("currency_changed", currency);
    await pushed;
  });
});
