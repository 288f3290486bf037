import { useActorRef } from "@xstate/react";
import { useEffect } from "react";
import type { Actor, AnyActorRef, AnyStateMachine, InputFrom } from "xstate";
import { track } from "../../../tracking/track";
import type { EventName, EventProperties } from "../../../tracking/catalogue";
import { inspectionEnabled, inspectObserver } from "~/inspector/inspect-sink";

// The one adapter between machines and tracking: every event a machine emits (a catalogue event,
// typed through `types.emitted`) goes to track(name, properties). Also gives each actor the
// inspector observer where inspection can be enabled.

export function forwardToTracking(actor: AnyActorRef): () => void {
  const subscription = actor.on("*", (emitted: { type: string }) => {
    const { type, ...properties } = emitted;
    try {
      track(type as EventName, properties as EventProperties<EventName>);
    } catch (error) {
      // An invalid event is a bug for developers; the visitor's page keeps working.
      console.error(error);
    }
  });
  return () => subscription.unsubscribe();
}

export function useTrackedActor<M extends AnyStateMachine>(machine: M, input?: InputFrom<M>): Actor<M> {
  const actor = useActorRef(machine as AnyStateMachine, {
    ...(input === undefined ? {} : { input }),
    ...(inspectionEnabled() ? { inspect: inspectObserver } : {}),
  }) as unknown as Actor<M>;
  useEffect(() => forwardToTracking(actor), [actor]);
  return actor;
}
