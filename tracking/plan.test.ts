import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";
import { planText } from "./plan";

// CI runs the unit tests, so a catalogue change without `npm run tracking:plan` fails the build.
it("tracking/plan.json is up to date with the catalogue (run `npm run tracking:plan`)", () => {
  const committed = readFileSync(fileURLToPath(new URL("./plan.json", import.meta.url)), "utf8");
  expect(committed === planText(), "tracking/plan.json is stale: run `npm run tracking:plan` and commit it").toBe(true);
});
