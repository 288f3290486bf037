import { useActorRef } from "@xstate/react";
import type { ActorRefFrom, AnyActorRef, AnyStateMachine, InputFrom } from "xstate";
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

/** Actors whose emitted events already go to tracking (an actor lives as long as its component). */
const forwarded = new WeakSet<AnyActorRef>();

/**
 * The component's actor of `machine` (started after mount by @xstate/react, stopped on unmount), with
 * its emitted events forwarded to tracking. Events sent before it starts wait in its mailbox, in order.
 * `machine` may be `base.provide({...})` made on every render: the actor keeps its identity and takes
 * the latest implementations.
 */
export function useTrackedActor<M extends AnyStateMachine>(machine: M, input?: InputFrom<M>): ActorRefFrom<M> {
  const actor = useActorRef(machine, {
    ...(input === undefined ? {} : { input }),
    ...(inspectionEnabled() ? { inspect: inspectObserver } : {}),
  }) as ActorRefFrom<M>;
  // Subscribed while rendering, not in an effect: @xstate/react starts the actor in its own effect,
  // and an event a child sends earlier (children's effects run first) must still be tracked.
  if (typeof window !== "undefined" && !forwarded.has(actor)) {
    forwarded.add(actor);
    forwardToTracking(actor);
  }
  return actor;
}
