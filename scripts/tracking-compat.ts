import { storefrontPlan } from "../machines/storefront-plan";
import { comparePlans } from "../tracking/compat";
import { readReleasedPlan } from "../tracking/plan-release";

// `npm run tracking:compat`: every event's changes since the released plan and whether its version says
// so. Exit 1 on an incompatible change; tracking/compat.test.ts runs the same check in `npm test`.
const verdicts = comparePlans(readReleasedPlan(), storefrontPlan());
for (const verdict of verdicts.filter((v) => v.changes.length > 0)) {
  console.log(`${verdict.event} ${verdict.from ?? "new"} → ${verdict.to ?? "removed"} (needs ${verdict.needs})`);
  for (const change of verdict.changes) console.log(`  ${change.path || "(event)"}: ${change.what} [${change.level}]`);
}
const problems = verdicts.flatMap((verdict) => verdict.problems);
if (problems.length > 0) {
  console.error(`\nIncompatible with the released plan:\n  ${problems.join("\n  ")}`);
  process.exit(1);
}
console.log(`${verdicts.length} events compatible with the released plan.`);
