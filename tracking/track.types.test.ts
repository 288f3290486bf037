import { expect, it } from "vitest";
import { track } from "./track";

// Type-level tests: `npx tsc --noEmit` checks this file, and each @ts-expect-error line must be an
// error, or the type-check fails. (At run time track() is a no-op here: no window.)
function typeChecks() {
  track("currency_changed", { from_currency: "USD", to_currency: "EUR" });
  track("page_viewed", { page_title: "Paris", page_path: "/" });

  // @ts-expect-error -- misspelt event name
  track("currency_chnged", { from_currency: "USD", to_currency: "EUR" });
  // @ts-expect-error -- GA4 reserved name, not in the catalogue
  track("page_view", { page_title: "Paris", page_path: "/" });
  // @ts-expect-error -- misspelt property
  track("currency_changed", { from_currency: "USD", to_curency: "EUR" });
  // @ts-expect-error -- missing property
  track("language_changed", { from_language: "en" });
  // @ts-expect-error -- wrong property type
  track("booking_link_clicked", { tgid: "17637", flow_type: "NORMAL", price: 10, currency: "EUR" });
  // @ts-expect-error -- value outside the enum
  track("booking_link_clicked", { tgid: 17637, flow_type: "CHECKOUT", price: 10, currency: "EUR" });
  // @ts-expect-error -- another event's properties
  track("price_unavailable", { from_currency: "USD", to_currency: "EUR" });
}

it("the typed API is checked by tsc (see the @ts-expect-error lines)", () => {
  expect(typeof typeChecks).toBe("function");
});
