import { writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { storefrontPlan } from "../machines/storefront-plan";
import { buildGtmContainer } from "../tracking/gtm-container";

// `npm run tracking:gtm [file]`: writes the tag manager container export (default
// storefront-gtm-container.json here), the same document GET /tracking/gtm-container.json serves.
const target = resolve(process.argv[2] ?? "storefront-gtm-container.json");
const container = buildGtmContainer(storefrontPlan());
writeFileSync(target, `${JSON.stringify(container, null, 2)}\n`);
const version = container.containerVersion;
console.log(
  `Wrote ${target}: ${version.tag.length} GA4 Event tags, ${version.trigger.length} triggers, ${version.variable.length} variables, ${version.folder.length} folders`,
);
