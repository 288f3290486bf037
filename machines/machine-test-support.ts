import { createActor, type Actor, type AnyStateMachine, type InputFrom } from "xstate";

// Test support: start a machine's actor and collect everything it emits.
export function startCollecting<M extends AnyStateMachine>(machine: M, ...[input]: undefined extends InputFrom<M> ? [InputFrom<M>?] : [InputFrom<M>]) {
  const emitted: Array<{ type: string } & Record<string, unknown>> = [];
  const actor = createActor(machine as AnyStateMachine, input === undefined ? {} : { input }) as unknown as Actor<M>;
  actor.on("*", (event) => emitted.push(event as { type: string } & Record<string, unknown>));
  actor.start();
  return { actor, emitted, types: () => emitted.map((e) => e.type) };
}
