import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { EventVerdict } from "./compat";
import type { PlanEnvelope, TrackingPlan } from "./plan";

// The released plan and its history: what tag manager containers and reports were built against.
// `npm run tracking:release` moves both forward (scripts/tracking-release.ts); `npm run tracking:compat` and
// tracking/compat.test.ts (in `npm test`) check the catalogue against them.

export const RELEASED_PLAN_FILE = fileURLToPath(new URL("./plan.released.json", import.meta.url));
export const PLAN_HISTORY_FILE = fileURLToPath(new URL("./plan-history.json", import.meta.url));

export interface HistoryEntry {
  event: string;
  /** null: the release removed the event. */
  version: string | null;
  date: string;
  changes: string[];
}

export function readReleasedPlan(): Pick<TrackingPlan, "events"> & { envelope?: PlanEnvelope } {
  return JSON.parse(readFileSync(RELEASED_PLAN_FILE, "utf8")) as Pick<TrackingPlan, "events"> & { envelope?: PlanEnvelope };
}

export function readPlanHistory(): HistoryEntry[] {
  return JSON.parse(readFileSync(PLAN_HISTORY_FILE, "utf8")) as HistoryEntry[];
}

/** The history entries a release adds: new, removed and re-versioned events. */
export function historyEntries(verdicts: readonly EventVerdict[], date: string): HistoryEntry[] {
  return verdicts
    .filter((verdict) => verdict.from !== verdict.to)
    .map((verdict) => ({
      event: verdict.event,
      version: verdict.to,
      date,
      changes:
        verdict.from === null
          ? ["first released"]
          : verdict.to === null
            ? ["removed"]
            : verdict.changes.filter((c) => c.level !== "NONE").map((c) => `${c.path || "(event)"}: ${c.what}`),
    }));
}
