import { useActorRef } from "@xstate/react";
import { getInitialSnapshot, type ActorRefFrom, type AnyActorRef, type AnyStateMachine, type InputFrom, type SnapshotFrom } from "xstate";
import { track } from "../../../tracking/track";
import type { EventName, EventProperties } from "../../../tracking/catalogue";
import { inspectionEnabled, inspectObserver } from "~/inspector/inspect-sink";

// The one adapter between machines and tracking (docs/tracking.md, "From a click to the data layer"). Components hold
// their machine through @xstate/react's useActorRef and read it with useSelector; every event the
// machine emits (a catalogue event, typed through `types.emitted`) goes to track().

/** Every event a machine emits goes to track(); an invalid one is a developer's bug, logged, never thrown at the visitor. */
function forwardToTracking(actor: AnyActorRef): () => void {
  const subscription = actor.on("*", (emitted: { type: string }) => {
    const { type, ...properties } = emitted;
    try {
      track(type as EventName, properties as EventProperties<EventName>);
    } catch (error) {
      console.error(error);
    }
  });
  return () => subscription.unsubscribe();
}

/**
 * `machine.provide(implementations)` in the browser. On the server, which runs no action and starts no
 * actor, the machine itself: its initial snapshot is the provided machine's (decision 030), and building
 * a provided machine's state nodes on every render was a measurable part of a page's render (decision 030).
 */
export const withImplementations: <M extends AnyStateMachine>(machine: M, implementations: Parameters<M["provide"]>[0]) => M =
  typeof window === "undefined" ? (machine) => machine : (machine, implementations) => machine.provide(implementations) as typeof machine;

/** Actors whose emitted events already go to tracking (an actor lives as long as its component). */
const forwarded = new WeakSet<AnyActorRef>();

/**
 * The component's actor of `machine` (started after mount by @xstate/react, stopped on unmount), with
 * its emitted events forwarded to tracking. Events sent before it starts wait in its mailbox, in order.
 * `machine` may be `withImplementations(base, {...})` made on every render: the actor keeps its identity and takes
 * the latest implementations. On the server, where no effect runs and nothing is sent, a render makes
 * no actor: it reads the machine's initial snapshot (decision 030), the state the browser's actor
 * starts in, so hydration finds the same markup.
 */
export const useTrackedActor: <M extends AnyStateMachine>(machine: M, input?: InputFrom<M>) => ActorRefFrom<M> =
  typeof window === "undefined" ? initialSnapshotRef : useBrowserActor;

/** Whether actors are inspected: decided once per document (it reads the address), not in every render. */
let inspected: boolean | undefined;

function useBrowserActor<M extends AnyStateMachine>(machine: M, input?: InputFrom<M>): ActorRefFrom<M> {
  inspected ??= inspectionEnabled();
  const actor = useActorRef(machine, {
    ...(input === undefined ? {} : { input }),
    ...(inspected ? { inspect: inspectObserver } : {}),
  }) as ActorRefFrom<M>;
  // Subscribed while rendering, not in an effect: @xstate/react starts the actor in its own effect,
  // and an event a child sends earlier (children's effects run first) must still be tracked.
  if (!forwarded.has(actor)) {
    forwarded.add(actor);
    forwardToTracking(actor);
  }
  return actor;
}

/** Per machine definition (`provide()` keeps it), the read-only refs of its initial snapshot by input. */
const initialRefs = new WeakMap<object, Map<string, AnyActorRef>>();
/** Inputs can carry content (a file's URL, a video's title): each machine keeps this many, then starts over. */
const INPUTS_PER_MACHINE = 500;
const noop = () => {};
const noSubscription = { unsubscribe: noop };

/**
 * What a server render reads of an actor: the snapshot useSelector's server snapshot comes from. A
 * machine is pure, so its initial snapshot depends on its definition and input only, and is worked out
 * once per process (xstate's getInitialSnapshot), not once per component and render.
 */
function initialSnapshotRef<M extends AnyStateMachine>(machine: M, input?: InputFrom<M>): ActorRefFrom<M> {
  let byInput = initialRefs.get(machine.config);
  if (!byInput) initialRefs.set(machine.config, (byInput = new Map()));
  const key = input === undefined ? "" : JSON.stringify(input);
  let ref = byInput.get(key);
  if (!ref) {
    if (byInput.size >= INPUTS_PER_MACHINE) byInput.clear();
    const snapshot = getInitialSnapshot(machine as AnyStateMachine, input) as SnapshotFrom<M>;
    ref = { getSnapshot: () => snapshot, subscribe: () => noSubscription, on: () => noSubscription, send: noop } as unknown as AnyActorRef;
    byInput.set(key, ref);
  }
  return ref as ActorRefFrom<M>;
}
