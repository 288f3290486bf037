// How each catalogue event reaches the data layer, in the one place both delivery paths read it: the
// main bundle's synchronous push (tracking/data-layer.ts) and the plan. No zod here: this is in the
// main bundle, so an event never waits for the catalogue's schemas to be pushed (docs/tracking.md,
// "Delivery guarantee"). Every other event is "push"; tracking/catalogue.test.ts checks these names.

/**
 * - push:   every occurrence is pushed;
 * - dedupe: pushed only when its properties differ from the last push of the same event
 *           (for facts that repeat many times a second, e.g. scroll-driven state);
 * - off:    validated and shown in the live panel, never pushed (developer-only noise).
 */
export type DataLayerPolicy = "push" | "dedupe" | "off";

const OFF: ReadonlySet<string> = new Set([
  "header_scroll_sampled",
  "header_scroll_throttled",
  "tooltip_reset",
  "video_progress_checked",
  "jump_link_settled",
  "consent_banner_shown",
  "consent_choices_opened",
  "consent_choices_closed",
]);

const DEDUPE: ReadonlySet<string> = new Set([
  "price_unavailable",
  "header_shadow_changed",
  "header_visibility_changed",
  "header_sticky_changed",
  "viewport_changed",
]);

/** GA4 ecommerce events: an `{ ecommerce: null }` push goes before each, or GA4 merges them. */
const ECOMMERCE: ReadonlySet<string> = new Set(["view_item_list", "select_item"]);

export const POLICY_NAMES: readonly string[] = [...OFF, ...DEDUPE, ...ECOMMERCE];

export function dataLayerPolicy(event: string): DataLayerPolicy {
  if (OFF.has(event)) return "off";
  return DEDUPE.has(event) ? "dedupe" : "push";
}

export function isEcommerceEvent(event: string): boolean {
  return ECOMMERCE.has(event);
}
