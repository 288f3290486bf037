import { existsSync, writeFileSync } from "node:fs";
import { storefrontPlan } from "../machines/storefront-plan";
import { comparePlans } from "../tracking/compat";
import { planText } from "../tracking/plan";
import { historyEntries, PLAN_HISTORY_FILE, readPlanHistory, readReleasedPlan, RELEASED_PLAN_FILE } from "../tracking/plan-release";

// `npm run tracking:release [-- --remove <event> …]`: makes the current catalogue the released plan
// (tracking/plan.released.json) and adds what changed to tracking/plan-history.json, which the /tracking
// page shows. Refused while a version does not match its changes (npm run tracking:compat says which).
const removals = new Set<string>();
for (let i = 2; i < process.argv.length; i++) if (process.argv[i] === "--remove" && process.argv[i + 1]) removals.add(process.argv[++i]!);

const date = new Date().toISOString().slice(0, 10);
const current = storefrontPlan();
const first = !existsSync(RELEASED_PLAN_FILE);
const verdicts = comparePlans(first ? { events: [] } : readReleasedPlan(), current, removals);
const problems = verdicts.flatMap((verdict) => verdict.problems);
if (problems.length > 0) {
  console.error(`Not released: ${problems.length} event(s) need a version change first:\n  ${problems.join("\n  ")}`);
  process.exit(1);
}
const added = historyEntries(verdicts, date);
writeFileSync(RELEASED_PLAN_FILE, planText(current));
writeFileSync(PLAN_HISTORY_FILE, `${JSON.stringify([...(first ? [] : readPlanHistory()), ...added], null, 2)}\n`);
console.log(`Released the tracking plan (${current.events.length} events); ${added.length} history entr${added.length === 1 ? "y" : "ies"} added.`);
