import { storefrontPlan } from "../../machines/storefront-plan";

// GET /tracking/plan.json: the whole catalogue as JSON Schema (zod 4's z.toJSONSchema), the same
// document `npm run tracking:plan` commits to tracking/plan.json.

let cached: string | undefined;

export function loader() {
  cached ??= JSON.stringify(storefrontPlan(), null, 2);
  return new Response(cached, {
    headers: {
      "Content-Type": "application/schema+json; charset=utf-8",
      "Cache-Control": "public, max-age=300",
      "Access-Control-Allow-Origin": "*",
    },
  });
}
