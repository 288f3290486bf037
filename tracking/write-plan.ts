import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { planText } from "./plan";

// `npm run tracking:plan`: writes tracking/plan.json. tracking/plan.test.ts fails while it is stale.
const target = fileURLToPath(new URL("./plan.json", import.meta.url));
writeFileSync(target, planText());
console.log(`Wrote ${target}`);
