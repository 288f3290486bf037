import { and, not, or, type AnyStateMachine, type AnyStateNode, type AnyTransitionDefinition } from "xstate";
import { toDirectedGraph, type DirectedGraphNode } from "xstate/graph";
import { eventEmittedBy } from "./emit-event";
import { transitionIdAt } from "./transition-id";

// The static shape of a machine, from xstate's graph utilities (toDirectedGraph) plus eventless
// (`always`) transitions, which toDirectedGraph leaves out. Used by the graph-walk test and by the
// /machines inspector page, so both read the same definition.

export interface MachineTransition {
  /** Stable id (transition-id.ts): source state id, event type and position among that event's candidates. */
  key: string;
  source: string;
  targets: string[];
  eventType: string;
  guard: string | null;
  actions: string[];
  /** The catalogue event this transition emits: named by the first of its actions that emits one (emit-event.ts). */
  emits: string | null;
  /** For `after` transitions: the named delay (e.g. "throttle") or milliseconds. */
  delay: string | null;
  reenter: boolean;
  definition: AnyTransitionDefinition;
}

// Higher-order guards are recognised by their `check` function, not by function names, which a
// minifier changes (the /machines page must render the same text on the server and the client).
const COMBINATORS = new Map<unknown, string>([
  [(and([]) as unknown as { check: unknown }).check, "and"],
  [(or([]) as unknown as { check: unknown }).check, "or"],
  [(not("x") as unknown as { check: unknown }).check, "not"],
]);

function describeGuard(guard: unknown): string | null {
  if (!guard) return null;
  if (typeof guard === "string") return guard;
  if (typeof guard === "object" && guard !== null && "type" in guard) return String((guard as { type: unknown }).type);
  if (typeof guard === "function") {
    const { check, guards } = guard as { check?: unknown; guards?: unknown };
    const combinator = COMBINATORS.get(check);
    if (combinator === "not") return `not(${describeGuard(Array.isArray(guards) ? guards[0] : guards)})`;
    if (combinator && Array.isArray(guards)) return `${combinator}(${guards.map(describeGuard).join(", ")})`;
    return "inline guard";
  }
  return "guard";
}

function describeAction(action: unknown): string {
  if (typeof action === "string") return action;
  if (typeof action === "object" && action !== null && "type" in action) return String((action as { type: unknown }).type);
  if (typeof action === "function") return (action as { type?: string }).type ?? "inline action";
  return "action";
}

function delayOf(eventType: string, machine: AnyStateMachine): string | null {
  // "xstate.after.<delay>.<state id>"
  const match = /^xstate\.after\.([^.]+)\./.exec(eventType);
  if (!match?.[1]) return null;
  const delay = match[1];
  const delays = (machine.implementations.delays ?? {}) as Record<string, unknown>;
  const value = delays[delay];
  if (/^\d+$/.test(delay)) return `${delay} ms`;
  return typeof value === "number" ? `${delay} (${value} ms)` : delay;
}

function toTransition(t: AnyTransitionDefinition, index: number, machine: AnyStateMachine): MachineTransition {
  const implementations = (machine.implementations.actions ?? {}) as Record<string, unknown>;
  const actions = t.actions ?? [];
  return {
    key: transitionIdAt(t.source.id, t.eventType, index),
    source: t.source.id,
    targets: (t.target ?? []).map((n: AnyStateNode) => n.id),
    eventType: t.eventType,
    guard: describeGuard(t.guard),
    actions: actions.map(describeAction),
    emits: actions.map((action) => eventEmittedBy(action, implementations)).find((name) => name !== null) ?? null,
    delay: delayOf(t.eventType, machine),
    reenter: Boolean(t.reenter),
    definition: t,
  };
}

export function machineTransitions(machine: AnyStateMachine): MachineTransition[] {
  const out: MachineTransition[] = [];
  const visit = (graph: DirectedGraphNode) => {
    const node = graph.stateNode;
    const seen = new Set<AnyTransitionDefinition>();
    for (const candidates of node.transitions.values()) {
      candidates.forEach((t, i) => {
        if (seen.has(t)) return;
        seen.add(t);
        out.push(toTransition(t, i, machine));
      });
    }
    (node.always ?? []).forEach((t, i) => out.push(toTransition(t, i, machine)));
    graph.children.forEach(visit);
  };
  visit(toDirectedGraph(machine));
  return out;
}

export interface MachineStateNode {
  id: string;
  key: string;
  type: string;
  initial: string | null;
  children: MachineStateNode[];
}

export function machineStates(machine: AnyStateMachine): MachineStateNode {
  const visit = (node: AnyStateNode): MachineStateNode => ({
    id: node.id,
    key: node.key,
    type: node.type,
    initial: node.initial?.target?.[0]?.key ?? null,
    children: Object.values(node.states as Record<string, AnyStateNode>).map(visit),
  });
  return visit(machine.root);
}
