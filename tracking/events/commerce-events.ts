import { z } from "zod";
import { defineEvent, prop } from "../define-event";

// Commerce events: the contract between the prices/booking components that emit them and the
// tracking layer. GA4 ecommerce events (view_item_list, select_item) keep GA4's reserved shape.

const currency = prop(z.string().regex(/^[A-Z]{3}$/), "ISO 4217 currency code of the price shown");

export const Ga4ItemSchema = z.object({
  item_id: prop(z.string().max(40), "Tour group id"),
  item_name: prop(z.string().max(100), "Tour group name as shown"),
  price: prop(z.number().nonnegative().optional(), "Listing price shown, absent when unavailable"),
  currency: currency.optional(),
  index: prop(z.number().int().nonnegative(), "Position in the list, from 0"),
  item_category: prop(z.string().max(100).optional(), "Category display name"),
  item_list_id: prop(z.string().max(100).optional(), "List the item was shown in"),
});

const ecommerceList = z.object({
  item_list_id: prop(z.string().max(100), "Stable id of the list (block id or source key)"),
  item_list_name: prop(z.string().max(100), "List title as shown"),
  items: prop(z.array(Ga4ItemSchema).max(200), "Items shown (GA4 allows at most 200)"),
});

export const commerceEvents = [
  defineEvent({
    name: "booking_link_clicked",
    description: "The visitor followed a booking link to the booking site.",
    category: "commerce",
    owner: "growth",
    version: "1-0-0",
    properties: z.object({
      tgid: prop(z.number().int().positive(), "Tour group id being booked"),
      flow_type: prop(
        z.enum([
          "SEATMAP", "SVG", "NORMAL", "COMBO", "RESERVE", "PRIVATE_AIRPORT_TRANSFER", "SHARED_AIRPORT_TRANSFER",
          "SEATMAP_IFRAME", "HOP_ON_HOP_OFF", "PROPERTY_SELECTION", "GUIDED_TOUR_PROPERTY_SELECTION",
        ]),
        "Booking flow the link opens",
      ),
      price: prop(z.number().nonnegative().nullable(), "Listing price shown on the link, null when unavailable"),
      currency,
    }),
    emittedBy: ["ExperienceCard (book link)", "inline {cta} booking links"],
    dataLayer: "push",
  }),
  defineEvent({
    name: "view_item_list",
    description: "GA4 ecommerce: an experience list came into view (once per list per page view).",
    category: "commerce",
    owner: "growth",
    version: "1-0-0",
    properties: z.object({ ecommerce: prop(ecommerceList, "GA4 ecommerce payload") }),
    emittedBy: ["ExperienceList (first time 50% visible)"],
    dataLayer: "push",
    ecommerce: true,
  }),
  defineEvent({
    name: "select_item",
    description: "GA4 ecommerce: the visitor chose an experience from a list.",
    category: "commerce",
    owner: "growth",
    version: "1-0-0",
    properties: z.object({ ecommerce: prop(ecommerceList, "GA4 ecommerce payload with the one item chosen") }),
    emittedBy: ["ExperienceCard (click)"],
    dataLayer: "push",
    ecommerce: true,
  }),
  defineEvent({
    name: "price_unavailable",
    description: "A price could not be shown (upstream failed, timed out or had no price); the price shows empty.",
    category: "system",
    owner: "platform",
    version: "1-0-0",
    properties: z.object({
      source_kind: prop(z.enum(["collection", "category", "sub-category", "tour-group"]), "Which price call"),
      source_id: prop(z.number().int().positive(), "Id of the collection, category or tour group"),
    }),
    emittedBy: ["PriceTag (rendered with no price)"],
    dataLayer: "dedupe",
  }),
  defineEvent({
    name: "currency_changed",
    description: "The visitor chose another currency in the header selector.",
    category: "interaction",
    owner: "growth",
    version: "1-0-0",
    properties: z.object({
      from_currency: prop(z.string().regex(/^[A-Z]{3}$/), "Currency before the change"),
      to_currency: prop(z.string().regex(/^[A-Z]{3}$/), "Currency chosen"),
    }),
    emittedBy: ["CurrencySelector"],
    dataLayer: "push",
  }),
  defineEvent({
    name: "language_changed",
    description: "The visitor chose another language in the header selector.",
    category: "interaction",
    owner: "growth",
    version: "1-0-0",
    properties: z.object({
      from_language: prop(z.string().regex(/^[a-z]{2}$/), "Language before the change"),
      to_language: prop(z.string().regex(/^[a-z]{2}$/), "Language chosen"),
    }),
    emittedBy: ["LanguageSelector"],
    dataLayer: "push",
  }),
] as const;
