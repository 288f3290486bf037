import type * as z from "zod/mini";
import type { EventDefinition } from "./define-event";
import { behaviourEvents } from "./events/behaviour-events";
import { commerceEvents } from "./events/commerce-events";
import { storefrontEvents } from "./events/storefront-events";
import { webVitalsEvents } from "./events/web-vitals-events";

// The catalogue: the single source of truth for event names and schemas.
export const catalogue = [...storefrontEvents, ...commerceEvents, ...behaviourEvents, ...webVitalsEvents] as const;

type AnyDefinition = (typeof catalogue)[number];
export type EventName = AnyDefinition["name"];
export type EventProperties<N extends EventName> = z.input<Extract<AnyDefinition, { name: N }>["properties"]>;

const byName = new Map<string, EventDefinition>(catalogue.map((d) => [d.name, d as EventDefinition]));
export function getEventDefinition(name: string): EventDefinition | undefined {
  return byName.get(name);
}
