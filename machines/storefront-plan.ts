import { buildPlan, planText, type TrackingPlan } from "../tracking/plan";
import { machineEmitters } from "./emitted-by";

// The storefront's tracking plan as analysts get it (/tracking, /tracking/plan.json, the tag manager
// export): the catalogue from tracking/, with each event's emitting transitions read from the machines.

let plan: TrackingPlan | undefined;

/** Built once per process (it walks every machine's transitions, decision 034); the machines and the catalogue do not change while it runs. */
export function storefrontPlan(): TrackingPlan {
  return (plan ??= buildPlan(machineEmitters()));
}

/** tracking/plan.json's text. */
export function storefrontPlanText(): string {
  return planText(storefrontPlan());
}
