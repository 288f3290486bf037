import type { EventName, EventProperties } from "../tracking/catalogue";

// What a machine emits: a catalogue event, typed by its name. The one adapter (app/components/behaviour/
// use-tracked-actor.ts) turns `{ type, ...properties }` into `track(type, properties)`.
export type TrackedEvent<N extends EventName> = { type: N } & EventProperties<N>;

/** Transition metadata: every transition names the catalogue event it emits (checked by the graph walk). */
export interface TransitionMeta {
  emits: EventName;
}
