import { emit, type ActionArgs, type ActionFunction, type EventObject, type MachineContext, type ParameterizedObject, type ProvidedActor } from "xstate";
import type { EventName, EventProperties } from "../tracking/catalogue";
import type { TrackedEvent } from "./tracked-event";

// A machine names each catalogue event once: in the action that emits it. The action carries the name,
// and the graph (machine-graph.ts) reads each transition's event from its actions, so the inspector,
// the plan's "emitted by" and the coverage report need no second list (docs/decisions/034-one-event-vocabulary.md).

type Params = ParameterizedObject["params"] | undefined;

/** An action that emits the catalogue event it names. */
type EmittingAction<N extends EventName = EventName> = { readonly emits: N };

/** What a named action emits, or null: a string or `{ type }` reference is looked up in the machine's actions. */
export function eventEmittedBy(action: unknown, implementations: Record<string, unknown>): EventName | null {
  const implementation =
    typeof action === "string"
      ? implementations[action]
      : typeof action === "object" && action !== null && "type" in action
        ? implementations[String((action as { type: unknown }).type)]
        : action;
  const emits = (implementation as Partial<EmittingAction> | undefined)?.emits;
  return typeof emits === "string" ? emits : null;
}

/**
 * Marks an action that emits `name` itself (e.g. `enqueueActions` emitting one event per milestone
 * passed). Generic over the action's xstate types, so `setup({ actions })` types it as it would the action.
 */
export const emitsEvent = <
  N extends EventName,
  TContext extends MachineContext,
  TExpressionEvent extends EventObject,
  TEvent extends EventObject,
  TParams extends Params,
  TActor extends ProvidedActor,
  TAction extends ParameterizedObject,
  TGuard extends ParameterizedObject,
  TDelay extends string,
  TEmitted extends EventObject,
>(
  name: N,
  action: ActionFunction<TContext, TExpressionEvent, TEvent, TParams, TActor, TAction, TGuard, TDelay, TEmitted>,
): ActionFunction<TContext, TExpressionEvent, TEvent, TParams, TActor, TAction, TGuard, TDelay, TEmitted> => Object.assign(action, { emits: name });

/**
 * xstate's `emit()` of the catalogue event `name`, its properties typed by the catalogue: use it in
 * `setup({ actions })` and the transitions that run the action emit `name`.
 */
export const emitEvent = <
  const N extends EventName,
  TContext extends MachineContext,
  TExpressionEvent extends EventObject,
  TEvent extends EventObject,
  TParams extends Params,
>(
  name: N,
  properties: (args: ActionArgs<TContext, TExpressionEvent, TEvent>, params: TParams) => EventProperties<N>,
): ActionFunction<TContext, TExpressionEvent, TEvent, TParams, never, never, never, never, TrackedEvent<N>> =>
  emitsEvent(
    name,
    emit<TContext, TExpressionEvent, TParams, TEvent, TrackedEvent<N>>((args, params) => ({ type: name, ...properties(args, params) }) as TrackedEvent<N>),
  );
