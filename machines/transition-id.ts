// The stable identity of a transition, derived from the machine definition alone: the source state's
// id, the event type and the transition's position among that state's candidates for the event
// ("header.throttle.ready|SCROLLED|0"). The /machines diagrams, the inspection bridge and the
// transition coverage files all use it, so an arrow, a log entry and a coverage record name the same thing.
// No xstate import: the bridge that storefront tabs load in development computes it from live transitions.

interface TransitionLike {
  eventType: string;
  source: { id: string; transitions: Map<string, readonly unknown[]>; always?: readonly unknown[] | undefined };
}

/** Id for a transition at a known position among its candidates (the graph walk knows the position). */
export function transitionIdAt(sourceId: string, eventType: string, index: number): string {
  return `${sourceId}|${eventType}|${index}`;
}

/** Id for a transition taken at run time (an inspection microstep): its position is looked up on its source. */
export function transitionId(transition: TransitionLike): string {
  const candidates = transition.eventType === "" ? transition.source.always : transition.source.transitions.get(transition.eventType);
  return transitionIdAt(transition.source.id, transition.eventType, Math.max(0, candidates?.indexOf(transition) ?? 0));
}

/** The machine an id belongs to: the first segment of the source state id. */
export function machineOfTransitionId(id: string): string {
  return id.slice(0, id.search(/[.|]/));
}
