import type { AnyStateMachine } from "xstate";
import { ALL_MACHINES } from "./catalogue-of-machines";
import { machineTransitions, type MachineTransition } from "./machine-graph";

// Which machine transitions emit each catalogue event, read from the actions each transition runs (emit-event.ts):
// the plan's "emitted by" column is derived here, never written beside the event definitions.

/** A state id without the machine's own id in front ("header.throttle.ready" → "throttle.ready"). */
function statePath(machine: AnyStateMachine, id: string): string {
  return id === machine.id ? "(root)" : id.startsWith(`${machine.id}.`) ? id.slice(machine.id.length + 1) : id;
}

function trigger(t: MachineTransition): string {
  if (t.delay) return `after ${t.delay}`;
  if (t.eventType === "") return "always";
  // Invoked actors report as xstate.done.actor.<id> / xstate.error.actor.<id>.
  const invoked = /^xstate\.(done|error)\.actor\.(.+)$/.exec(t.eventType);
  if (invoked) return `${invoked[2]} ${invoked[1] === "done" ? "done" : "failed"}`;
  return t.eventType;
}

/** "header: throttle.ready → throttle.cooling (SCROLLED)", with the guard when there is one. */
function describeTransition(machine: AnyStateMachine, t: MachineTransition): string {
  const source = statePath(machine, t.source);
  const when = `${trigger(t)}${t.guard ? ` [${t.guard}]` : ""}`;
  if (t.targets.length === 0) return `${machine.id}: ${source} (${when}, no state change)`;
  return `${machine.id}: ${source} → ${t.targets.map((id) => statePath(machine, id)).join(", ")} (${when})`;
}

/** Event name → the transitions, across every machine, whose actions emit it. */
export function machineEmitters(machines: ReadonlyArray<{ machine: AnyStateMachine }> = ALL_MACHINES): Record<string, string[]> {
  const emitters: Record<string, string[]> = {};
  for (const { machine } of machines) {
    for (const t of machineTransitions(machine)) if (t.emits) (emitters[t.emits] ??= []).push(describeTransition(machine, t));
  }
  return emitters;
}
