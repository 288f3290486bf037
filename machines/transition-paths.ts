import type { AnyActorLogic, AnyStateMachine } from "xstate";
import { getAdjacencyMap, getShortestPaths } from "xstate/graph";
import { dataLayerPolicy } from "../tracking/data-layer-policy";
import { machineTransitions } from "./machine-graph";
import { initialSnapshot, scheduledEvents, stepMachine, type EmittedEvent, type MachineStep, type PersistedSnapshot } from "./machine-step";

// Paths through a machine that together take every transition, generated from the machine itself with
// xstate's graph utilities: getShortestPaths finds the shortest way to every state the model's events
// reach, getAdjacencyMap every (state, event) edge; each transition gets the shortest path to a state
// where some edge takes it, plus that edge. The browser path tests (tests/e2e/machine-paths.spec.ts)
// turn every path into a visit, so a new transition is a new path (docs/machines.md, "Path tests").

/** An event with its data, as a model lists it and a path step sends it. */
export type ModelEvent = { type: string; [property: string]: unknown };

/** What a model knows of a snapshot when it lists the events that can happen there. */
export interface ModelState {
  value: unknown;
  context: unknown;
}

export interface PathModel {
  machine: AnyStateMachine;
  input?: unknown;
  /** An event the page sends by itself when it loads (a banner that arrives, a measured viewport). */
  arrival?: ModelEvent;
  /**
   * The facts a visitor or the page can produce in a state, with their data. `scheduled` holds the
   * delayed (`after`) events the state has scheduled (a time-out is a fact too): return those that can
   * happen, usually all of them.
   */
  events: (state: ModelState, scheduled: ModelEvent[]) => ModelEvent[];
}

export interface PathStep {
  event: ModelEvent;
  transitions: string[];
  emitted: EmittedEvent[];
  /** Names of the emitted events that reach window.dataLayer (tracking/data-layer-policy.ts), in order. */
  pushed: string[];
  value: unknown;
  context: unknown;
}

export interface TransitionPath {
  /** Transitions this path was chosen for (its last step takes them by the shortest way found). */
  covers: string[];
  /** The page's own arrival (null without one): what loading the page did. */
  arrival: PathStep | null;
  /** Where the steps start: the first state, after the arrival. */
  start: ModelState;
  steps: PathStep[];
}

export interface MachinePaths {
  paths: TransitionPath[];
  /** Transition ids of the definition that no path takes (a fact missing from the model, or unreachable). */
  untaken: string[];
}

interface Node extends PersistedSnapshot {
  key: string;
  persisted: PersistedSnapshot;
}

/** Errors as data (a failed download's HTTP status), so two different failures are two events. */
function replacer(_key: string, value: unknown): unknown {
  if (value instanceof Error) return { error: value.name, message: value.message, ...(value as unknown as Record<string, unknown>) };
  return typeof value === "function" ? "ƒ" : value;
}

const serializeEvent = (event: ModelEvent): string => JSON.stringify(event, replacer);

function nodeOf(persisted: PersistedSnapshot): Node {
  return { ...persisted, key: JSON.stringify({ value: persisted.value, context: persisted.context }, replacer), persisted };
}

/** Which emitted events reach the data layer: "off" never, "dedupe" only when different from its last push. */
export function pushedNames(emitted: readonly EmittedEvent[], lastPushed: Map<string, string>): string[] {
  const pushed: string[] = [];
  for (const { type, ...properties } of emitted) {
    const policy = dataLayerPolicy(type);
    if (policy === "off") continue;
    if (policy === "dedupe") {
      const key = JSON.stringify(properties);
      if (lastPushed.get(type) === key) continue;
      lastPushed.set(type, key);
    }
    pushed.push(type);
  }
  return pushed;
}

export function transitionPaths(model: PathModel): MachinePaths {
  const { machine, input } = model;
  const steps = new Map<string, MachineStep>();
  const stepKey = (node: Node, event: ModelEvent) => `${node.key}\u0000${serializeEvent(event)}`;
  const step = (node: Node, event: ModelEvent): MachineStep => {
    const key = stepKey(node, event);
    let result = steps.get(key);
    if (!result) steps.set(key, (result = stepMachine(machine, node.persisted, event, input)));
    return result;
  };

  const start = nodeOf(initialSnapshot(machine, input));
  const arrival = model.arrival ? step(start, model.arrival) : null;
  const from = arrival ? nodeOf(arrival.snapshot) : start;

  // The machine as xstate/graph walks it: one step per event, through stepMachine, keyed by value and context.
  const logic = {
    transition: (node: Node, event: ModelEvent) => nodeOf(step(node, event).snapshot),
    getInitialSnapshot: () => from,
    getPersistedSnapshot: (node: Node) => node,
  } as unknown as AnyActorLogic;
  const options = {
    fromState: from,
    serializeState: (node: Node) => node.key,
    serializeEvent,
    events: (node: Node) => (node.status === "active" ? model.events(node, scheduledEvents(machine, node.persisted)) : []),
    // A model whose facts never stop making new states is a mistake in its events, not a reason to hang.
    limit: 5000,
  };
  const shortest = getShortestPaths(logic, options as never) as unknown as Array<{ state: Node; steps: Array<{ event: ModelEvent }> }>;
  const adjacency = getAdjacencyMap(logic, options as never) as unknown as Record<string, { transitions: Record<string, { event: ModelEvent }> }>;
  const wayTo = new Map(shortest.map((path) => [path.state.key, path.steps.slice(1).map((s) => s.event)]));

  // For every transition, the shortest known way to take it: a way to a state, then one edge from it.
  const best = new Map<string, ModelEvent[]>();
  for (const id of arrival?.transitions ?? []) best.set(id, []);
  for (const [key, { transitions }] of Object.entries(adjacency)) {
    const prefix = wayTo.get(key);
    if (!prefix) continue;
    for (const { event } of Object.values(transitions)) {
      const taken = steps.get(`${key}\u0000${serializeEvent(event)}`)?.transitions ?? [];
      for (const id of taken) {
        const known = best.get(id);
        if (!known || known.length > prefix.length + 1) best.set(id, [...prefix, event]);
      }
    }
  }

  // One path per distinct event sequence; a sequence that begins another is part of it.
  const sequences = new Map<string, { events: ModelEvent[]; covers: string[] }>();
  for (const [id, events] of best) {
    const key = events.map(serializeEvent).join("\n");
    const entry = sequences.get(key) ?? { events, covers: [] };
    entry.covers.push(id);
    sequences.set(key, entry);
  }
  const all = [...sequences.entries()].sort(([a], [b]) => b.length - a.length);
  const kept: Array<{ key: string; events: ModelEvent[]; covers: string[] }> = [];
  for (const [key, entry] of all) {
    const longer = kept.find((k) => k.key === key || (key === "" ? true : k.key.startsWith(`${key}\n`)));
    if (longer) longer.covers.push(...entry.covers);
    else kept.push({ key, ...entry });
  }

  const order = machineTransitions(machine).map((t) => t.key);
  const rank = (path: { covers: string[] }) => Math.min(...path.covers.map((id) => order.indexOf(id)));
  const paths = kept
    .map(({ events, covers }): TransitionPath => {
      const lastPushed = new Map<string, string>();
      const asStep = (event: ModelEvent, result: MachineStep): PathStep => ({
        event,
        transitions: result.transitions,
        emitted: result.emitted,
        pushed: pushedNames(result.emitted, lastPushed),
        value: result.snapshot.value,
        context: result.snapshot.context,
      });
      const first = arrival && model.arrival ? asStep(model.arrival, arrival) : null;
      let node = from;
      const pathSteps = events.map((event) => {
        const result = step(node, event);
        node = nodeOf(result.snapshot);
        return asStep(event, result);
      });
      return {
        covers: [...new Set(covers)].sort((a, b) => order.indexOf(a) - order.indexOf(b)),
        arrival: first,
        start: { value: from.value, context: from.context },
        steps: pathSteps,
      };
    })
    .sort((a, b) => rank(a) - rank(b));

  const taken = new Set(paths.flatMap((p) => [...(p.arrival?.transitions ?? []), ...p.steps.flatMap((s) => s.transitions)]));
  return { paths, untaken: order.filter((id) => !taken.has(id)) };
}
