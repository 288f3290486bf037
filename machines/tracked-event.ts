import type { EventName, EventProperties } from "../tracking/catalogue";

// What a machine emits: a catalogue event, typed by its name. The one adapter (app/components/behaviour/
// use-tracked-actor.ts) turns `{ type, ...properties }` into `track(type, properties)`.
export type TrackedEvent<N extends EventName> = { type: N } & EventProperties<N>;
