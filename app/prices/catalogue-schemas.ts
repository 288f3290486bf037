import * as z from "zod";
import { FLOW_TYPES } from "../../tracking/flow-types";

// zod schemas for the upstream answers we read (docs/requirements.md#3-data, docs/requirements.md#7-upstream-calls). Only the fields the storefront uses
// are required; everything else passes through unchecked and is dropped.

const amount = z.number().finite().nonnegative();

/** GET /api/v1/collection/ → collections[0].startingPrice.listingPrice */
export const CollectionResponseSchema = z.object({
  collections: z.array(
    z.object({
      id: z.number().int(),
      startingPrice: z.object({ listingPrice: amount.nullable(), currency: z.string().optional() }).nullable().optional(),
    }),
  ),
});

const TourGroupSchema = z.object({
  id: z.number().int().positive(),
  name: z.string().min(1).max(200),
  // An unknown flow type (a new one upstream) opens the standard flow rather than dropping the card.
  flowType: z.enum(FLOW_TYPES).catch("NORMAL"),
  imageUrl: z.string().max(2048).nullable().optional(),
  primaryCategory: z
    .object({ id: z.number().int(), displayName: z.string().max(100) })
    .nullable()
    .optional(),
  listingPrice: z.object({ finalPrice: amount.nullable(), currency: z.string().optional() }).nullable().optional(),
  reviewsSummary: z
    .object({ averageRating: z.number().min(0).max(5), ratingsCount: z.number().int().nonnegative() })
    .nullable()
    .optional(),
});
export type TourGroupPayload = z.infer<typeof TourGroupSchema>;

/** GET /api/v6/tour-groups/ → tourGroups[0].listingPrice.finalPrice */
export const TourGroupsResponseSchema = z.object({ tourGroups: z.array(TourGroupSchema) });

/** GET /api/v6/tour-groups/list-by/{category|sub-category|collection}/{id}/ → unFilteredMetaData.minPrice */
export const TourGroupListResponseSchema = z.object({
  tourGroups: z.array(TourGroupSchema),
  unFilteredMetaData: z.object({ minPrice: amount.nullable() }).optional(),
});
