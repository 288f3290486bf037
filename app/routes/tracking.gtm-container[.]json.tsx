import { buildGtmContainer } from "../../tracking/gtm-container";
import { storefrontPlan } from "../../machines/storefront-plan";

// GET /tracking/gtm-container.json: the tracking plan as a Google Tag Manager container export, for
// Admin → Import Container (tracking/gtm-container.ts). A download, so the browser saves it.

export function loader() {
  return new Response(`${JSON.stringify(buildGtmContainer(storefrontPlan()), null, 2)}\n`, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": 'attachment; filename="storefront-gtm-container.json"',
      "Cache-Control": "public, max-age=300",
    },
  });
}
