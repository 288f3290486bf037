// A namespace import, not `import { z }`: that form keeps every zod locale in the browser bundle (docs/decisions/008-event-schemas-in-zod-mini.md).
import * as z from "zod/mini";
import { defineEventsOf, prop, shared } from "../define-event";
import { FLOW_TYPES } from "../flow-types";

const defineEvent = defineEventsOf({ owner: "growth", version: "1-0-0" });

// Commerce events: the contract between the prices/booking components that emit them and the
// tracking layer. GA4 ecommerce events (view_item_list, select_item) keep GA4's reserved shape.

const currency = shared(() => prop(z.string().check(z.regex(/^[A-Z]{3}$/)), "ISO 4217 currency code of the price shown"));

const ga4Item = shared(() =>
  z.object({
    item_id: prop(z.string().check(z.maxLength(40)), "Tour group id"),
    item_name: prop(z.string().check(z.maxLength(100)), "Tour group name as shown"),
    price: prop(z.optional(z.number().check(z.nonnegative())), "Listing price shown, absent when unavailable"),
    currency: z.optional(currency()),
    index: prop(z.int().check(z.nonnegative()), "Position in the list, from 0"),
    item_category: prop(z.optional(z.string().check(z.maxLength(100))), "Category display name"),
    item_list_id: prop(z.optional(z.string().check(z.maxLength(100))), "List the item was shown in"),
  }),
);

const ecommerceList = shared(() =>
  z.object({
    item_list_id: prop(z.string().check(z.maxLength(100)), "Stable id of the list (block id or source key)"),
    item_list_name: prop(z.string().check(z.maxLength(100)), "List title as shown"),
    items: prop(z.array(ga4Item()).check(z.maxLength(200)), "Items shown (GA4 allows at most 200)"),
  }),
);

export const commerceEvents = [
  defineEvent({
    name: "booking_link_clicked",
    description: "The visitor followed a booking link to the booking site.",
    category: "commerce",
    properties: () =>
      z.object({
        tgid: prop(z.int().check(z.positive()), "Tour group id being booked"),
        flow_type: prop(z.enum(FLOW_TYPES), "Booking flow the link opens"),
        price: prop(z.nullable(z.number().check(z.nonnegative())), "Listing price shown on the link, null when unavailable"),
        currency: currency(),
      }),
    components: ["ExperienceCard (book link)", "inline {cta} booking links"],
    examples: {
      valid: [
        { tgid: 17637, flow_type: "SEATMAP", price: 89, currency: "GBP" },
        { tgid: 2051, flow_type: "NORMAL", price: null, currency: "EUR" },
      ],
      invalid: [
        { tgid: 0, flow_type: "NORMAL", price: 10, currency: "EUR" },
        { tgid: 2051, flow_type: "normal", price: 10, currency: "EUR" },
        { tgid: 2051, flow_type: "NORMAL", price: 10, currency: "eur" },
      ],
    },
  }),
  defineEvent({
    name: "view_item_list",
    description: "GA4 ecommerce: an experience list came into view (once per list per page view).",
    category: "commerce",
    properties: () => z.object({ ecommerce: prop(ecommerceList(), "GA4 ecommerce payload") }),
    components: ["ExperienceList (first time 50% visible)"],
    examples: {
      valid: [
        {
          ecommerce: {
            item_list_id: "top-experiences",
            item_list_name: "Top experiences in Paris",
            items: [
              { item_id: "2051", item_name: "Eiffel Tower summit tickets", price: 69.5, currency: "EUR", index: 0 },
              { item_id: "3120", item_name: "Seine river cruise", index: 1, item_category: "Cruises" },
            ],
          },
        },
      ],
      invalid: [
        { ecommerce: { item_list_id: "top", item_list_name: "Top", items: [{ item_id: "1", item_name: "A", index: -1 }] } },
        { ecommerce: { item_list_id: "top", items: [] } },
        {
          ecommerce: {
            item_list_id: "top",
            item_list_name: "Top",
            items: Array.from({ length: 201 }, (_, i) => ({ item_id: String(i), item_name: "A", index: i })),
          },
        },
      ],
    },
  }),
  defineEvent({
    name: "select_item",
    description: "GA4 ecommerce: the visitor chose an experience from a list.",
    category: "commerce",
    properties: () => z.object({ ecommerce: prop(ecommerceList(), "GA4 ecommerce payload with the one item chosen") }),
    components: ["ExperienceCard (click)"],
    examples: {
      valid: [
        {
          ecommerce: {
            item_list_id: "top-experiences",
            item_list_name: "Top experiences in Paris",
            items: [{ item_id: "2051", item_name: "Eiffel Tower summit tickets", price: 69.5, currency: "EUR", index: 0 }],
          },
        },
      ],
      invalid: [{ ecommerce: { item_list_id: "top", item_list_name: "Top", items: [{ item_id: "2051", item_name: "A", index: 0, price: -1 }] } }, {}],
    },
  }),
  defineEvent({
    name: "price_unavailable",
    description: "A price could not be shown (upstream failed, timed out or had no price); the price shows empty.",
    category: "system",
    owner: "platform",
    properties: () =>
      z.object({
        source_kind: prop(z.enum(["collection", "category", "sub-category", "tour-group"]), "Which price call"),
        source_id: prop(z.int().check(z.positive()), "Id of the collection, category or tour group"),
      }),
    components: ["PriceTag (rendered with no price)"],
    examples: {
      valid: [
        { source_kind: "collection", source_id: 198 },
        { source_kind: "tour-group", source_id: 17637 },
      ],
      invalid: [
        { source_kind: "city", source_id: 1 },
        { source_kind: "collection", source_id: 1.5 },
      ],
    },
  }),
  defineEvent({
    name: "currency_changed",
    description: "The visitor chose another currency in the header selector.",
    category: "interaction",
    properties: () =>
      z.object({
        from_currency: prop(z.string().check(z.regex(/^[A-Z]{3}$/)), "Currency before the change"),
        to_currency: prop(z.string().check(z.regex(/^[A-Z]{3}$/)), "Currency chosen"),
      }),
    components: ["CurrencySelector"],
    examples: {
      valid: [{ from_currency: "USD", to_currency: "EUR" }],
      invalid: [{ from_currency: "USD", to_currency: "euro" }, { from_currency: "USD" }],
    },
  }),
  defineEvent({
    name: "language_changed",
    description: "The visitor chose another language in the header selector.",
    category: "interaction",
    properties: () =>
      z.object({
        from_language: prop(z.string().check(z.regex(/^[a-z]{2}$/)), "Language before the change"),
        to_language: prop(z.string().check(z.regex(/^[a-z]{2}$/)), "Language chosen"),
      }),
    components: ["LanguageSelector"],
    examples: {
      valid: [{ from_language: "en", to_language: "fr" }],
      invalid: [
        { from_language: "en", to_language: "FR" },
        { from_language: "en", to_language: "fr-FR" },
      ],
    },
  }),
] as const;
