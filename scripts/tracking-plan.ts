import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { storefrontPlanText } from "../machines/storefront-plan";

// `npm run tracking:plan`: writes tracking/plan.json. machines/storefront-plan.test.ts fails while it is stale.
const target = fileURLToPath(new URL("../tracking/plan.json", import.meta.url));
writeFileSync(target, storefrontPlanText());
console.log(`Wrote ${target}`);
