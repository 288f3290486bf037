import { createActor, getNextTransitions, type AnyStateMachine, type EventObject } from "xstate";
import { transitionId } from "./transition-id";

// One step of a machine, outside any page: restore a snapshot, send one event, and read what it did
// (the transitions it took, by their transition-id.ts ids, what it emitted, where it ended). The path
// generator (transition-paths.ts) walks machines with it, and /machines replays a recorded visit with it.

/** A catalogue event as a machine emits it: `{ type, ...properties }`. */
export interface EmittedEvent {
  type: string;
  [property: string]: unknown;
}

/** A machine snapshot as xstate persists it (plain data: value, context, status). */
export interface PersistedSnapshot {
  value: unknown;
  context: unknown;
  status: string;
}

export interface MachineStep {
  /** Every transition the event took, microstep by microstep (raised and answered events included). */
  transitions: string[];
  emitted: EmittedEvent[];
  snapshot: PersistedSnapshot;
}

/** The machine's first snapshot for an input, before anything happens. */
export function initialSnapshot(machine: AnyStateMachine, input?: unknown): PersistedSnapshot {
  const actor = createActor(machine, input === undefined ? {} : { input });
  return actor.getPersistedSnapshot() as unknown as PersistedSnapshot;
}

/**
 * Sends `event` to an actor restored from `from` and reports what happened. Events the machine's own
 * actions send back (a component's answer, provided with `machine.provide`) are part of the step.
 */
export function stepMachine(machine: AnyStateMachine, from: PersistedSnapshot, event: EventObject, input?: unknown): MachineStep {
  const transitions: string[] = [];
  const emitted: EmittedEvent[] = [];
  let recording = false;
  const actor = createActor(machine, {
    ...(input === undefined ? {} : { input }),
    snapshot: from as never,
    inspect: (inspection) => {
      if (!recording || inspection.type !== "@xstate.microstep") return;
      const taken = (inspection as unknown as { _transitions: Array<Parameters<typeof transitionId>[0]> })._transitions;
      transitions.push(...taken.map(transitionId));
    },
  });
  actor.on("*", (e) => {
    if (recording) emitted.push(e as EmittedEvent);
  });
  actor.start();
  recording = true;
  actor.send(event);
  recording = false;
  const snapshot = actor.getPersistedSnapshot() as unknown as PersistedSnapshot;
  actor.stop();
  return { transitions, emitted, snapshot };
}

/** The delayed (`after`) events a snapshot has scheduled: sending one is that delay running out. */
export function scheduledEvents(machine: AnyStateMachine, snapshot: PersistedSnapshot): Array<{ type: string }> {
  if (snapshot.status !== "active") return [];
  const types = getNextTransitions(machine.resolveState(snapshot as never))
    .map((t) => t.eventType)
    .filter((type) => type.startsWith("xstate.after."));
  return [...new Set(types)].map((type) => ({ type }));
}
