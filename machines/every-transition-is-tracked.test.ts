import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { fromPromise, type AnyStateMachine } from "xstate";
import { getEventDefinition } from "../tracking/catalogue";
import { ALL_MACHINES } from "./catalogue-of-machines";
import { headerMachine } from "./header.machine";
import { machineTransitions } from "./machine-graph";
import { initialSnapshot, scheduledEvents, stepMachine, type PersistedSnapshot } from "./machine-step";
import { parseCoverageFile, UNIT_COVERAGE_FILE, type CoverageFile } from "./transition-coverage";
import type { ModalEntry } from "./modal-stack.model";
import type { Toast } from "./toasts.machine";
import { mobileFirstViewportMachine } from "./viewport.machine";

// The rule of the machines issue: every transition of every machine emits a valid catalogue event.
// This walks every reachable snapshot of every machine (breadth first, with sample facts for each
// machine plus every delayed event the snapshot schedules), records each transition taken (from the
// inspection microsteps) and what it emitted. It fails if a transition emits nothing, emits an event
// that is not in the catalogue or does not validate, emits something other than the event its action names (emit-event.ts), or
// if any transition in the definition (toDirectedGraph plus `always`) was never reached, so a new
// transition without tracking, or without sample facts to reach it, fails CI.

const modal = (id: string, extra: Partial<ModalEntry> = {}): ModalEntry => ({
  id,
  title: `Modal ${id}`,
  variant: "side",
  closeOnOutsideClick: true,
  hasBack: true,
  ...extra,
});
const toast = (id: string, autoClose: boolean): Toast => ({ id, message: "Saved", tone: "info", autoClose, duration: 3000 });

interface WalkSpec {
  machine: AnyStateMachine;
  input?: unknown;
  events: Array<{ type: string; [key: string]: unknown }>;
}

const WALKS: Record<string, WalkSpec[]> = {
  header: [
    {
      machine: headerMachine,
      input: { sticky: false },
      events: [
        { type: "SCROLLED", y: 0 },
        { type: "SCROLLED", y: 79 },
        { type: "SCROLLED", y: 81 },
        { type: "SCROLLED", y: 600 },
        { type: "STICKY_CHANGED", sticky: true },
        { type: "STICKY_CHANGED", sticky: false },
      ],
    },
  ],
  disclosure: [
    {
      machine: ALL_MACHINES[1].machine,
      input: { menu: "mobile_menu" },
      events: [{ type: "TOGGLE" }, { type: "CLICKED_OUTSIDE" }, { type: "ESCAPE" }, { type: "PAGE_CHANGED" }],
    },
  ],
  modalStack: [
    {
      machine: ALL_MACHINES[2].machine,
      events: [
        { type: "OPEN", modal: modal("a") },
        { type: "OPEN", modal: modal("b", { closeOnOutsideClick: false }) },
        { type: "BACK" },
        { type: "CLOSE", reason: "button" },
        { type: "CLOSE", reason: "outside_click" },
        { type: "PAGE_CHANGED" },
      ],
    },
  ],
  toasts: [
    {
      machine: ALL_MACHINES[3].machine,
      events: [
        { type: "ADD", toast: toast("a", true) },
        { type: "ADD", toast: toast("b", false) },
        { type: "DISMISS", id: "a" },
        { type: "DISMISS", id: "b" },
        { type: "EXPIRED", id: "a" },
        { type: "PAGE_CHANGED" },
      ],
    },
  ],
  tooltip: [{ machine: ALL_MACHINES[4].machine, input: { tooltip: "phone_copied" }, events: [{ type: "SHOW" }, { type: "HIDE" }] }],
  video: [
    {
      machine: ALL_MACHINES[5].machine,
      input: { videoId: "abcdefghijk", title: "Paris in a weekend" },
      events: [
        { type: "PLAYING", currentTime: 0, duration: 100 },
        { type: "PROGRESS", currentTime: 5, duration: 100 },
        { type: "PROGRESS", currentTime: 30, duration: 100 },
        { type: "PAUSED", currentTime: 30 },
        { type: "ENDED" },
      ],
    },
  ],
  viewport: [
    {
      machine: ALL_MACHINES[6].machine,
      events: [
        { type: "VIEWPORT_MEASURED", width: 375 },
        { type: "VIEWPORT_MEASURED", width: 1280 },
      ],
    },
    { machine: mobileFirstViewportMachine, events: [{ type: "VIEWPORT_MEASURED", width: 1280 }] },
  ],
  download: [
    {
      machine: ALL_MACHINES[7].machine,
      input: { url: "/media/downloads/plan.pdf", fileName: "plan.pdf" },
      events: [
        { type: "CLICKED" },
        { type: "xstate.done.actor.fetchFile", output: { objectUrl: "blob:x", size: 12 } },
        { type: "xstate.error.actor.fetchFile", error: new Error("offline") },
      ],
    },
  ],
  imageFallback: [
    { machine: ALL_MACHINES[8].machine, input: { kind: "content_image", hasFallback: true }, events: [{ type: "FAILED" }] },
    { machine: ALL_MACHINES[8].machine, input: { kind: "logo", hasFallback: false }, events: [{ type: "FAILED" }] },
  ],
  jumpLink: [
    {
      machine: ALL_MACHINES[9].machine,
      events: [
        { type: "JUMP", targetId: "day-one", isMobile: false, reducedMotion: false },
        { type: "JUMP", targetId: "day-two", isMobile: true, reducedMotion: true },
      ],
    },
  ],
  popup: [{ machine: ALL_MACHINES[10].machine, events: [{ type: "POPUP_OPENED" }, { type: "POPUP_BLOCKED" }] }],
  consentBanner: [
    {
      machine: ALL_MACHINES[11].machine,
      input: { defaultDenied: true, countryKnown: false, chosen: false, isBot: false },
      events: [
        { type: "ARRIVED" },
        { type: "CHOOSE" },
        { type: "OPEN_SETTINGS" },
        { type: "ACCEPT_ALL" },
        { type: "REJECT_ALL" },
        { type: "SAVE", analytics: true, advertising: false },
        { type: "CLOSE", reason: "back" },
        { type: "CLOSE", reason: "escape" },
      ],
    },
  ],
};

/** Side effects stubbed: component-provided actions do nothing, the fetch never settles on its own. */
function quiet(machine: AnyStateMachine): AnyStateMachine {
  const actions = Object.fromEntries(
    ["focusTrigger", "requestProgress", "saveFile", "notifyFailure", "startScroll", "jumpInstantly", "saveChoice", "focusChoices", "focusOpener"].map(
      (name) => [name, () => {}],
    ),
  );
  return machine.provide({ actions, actors: { fetchFile: fromPromise(() => new Promise(() => {})) } } as never);
}

function snapshotKey(snapshot: { value: unknown; context: unknown }): string {
  return JSON.stringify({ value: snapshot.value, context: snapshot.context }, (_k, v) => (typeof v === "function" ? "fn" : v));
}

beforeAll(() => vi.useFakeTimers());
afterAll(() => vi.useRealTimers());

// The walk's own transition coverage, for /machines?coverage ("taken only by the unit tests"): the
// transitions each machine's walk reached, merged into what an earlier run wrote for machines not walked now.
const reached = new Map<string, Set<string>>();
afterAll(() => {
  if (reached.size === 0) return;
  let earlier: CoverageFile | Error | null = null;
  try {
    earlier = parseCoverageFile(readFileSync(UNIT_COVERAGE_FILE, "utf8"), UNIT_COVERAGE_FILE);
  } catch {
    earlier = null;
  }
  const machines: CoverageFile["machines"] = earlier instanceof Error || earlier === null ? {} : earlier.machines;
  for (const [id, keys] of reached) machines[id] = { takenIds: [...keys].sort() };
  const file: CoverageFile = { source: "vitest", generatedAt: new Date().toISOString(), machines };
  mkdirSync(dirname(UNIT_COVERAGE_FILE), { recursive: true });
  writeFileSync(UNIT_COVERAGE_FILE, `${JSON.stringify(file, null, 2)}\n`);
});

describe("every transition of every machine emits a valid catalogue event", () => {
  it("covers every machine in the inspector's list", () => {
    expect(Object.keys(WALKS).sort()).toEqual(ALL_MACHINES.map((m) => m.machine.id).sort());
  });

  for (const [id, walks] of Object.entries(WALKS)) {
    it(`${id}: every transition is reached and tracked`, () => {
      const all = machineTransitions(walks[0]!.machine);
      const covered = new Set<string>();
      const problems: string[] = [];
      for (const walk of walks) {
        const machine = quiet(walk.machine);
        const byKey = new Map(machineTransitions(machine).map((t) => [t.key, t]));
        const queue: PersistedSnapshot[] = [initialSnapshot(machine, walk.input)];
        const seen = new Set<string>();
        while (queue.length && seen.size < 150) {
          const persisted = queue.shift()!;
          const key = snapshotKey(persisted);
          if (seen.has(key) || persisted.status !== "active") continue;
          seen.add(key);
          for (const event of [...walk.events, ...scheduledEvents(machine, persisted)]) {
            const result = stepMachine(machine, persisted, event, walk.input);
            for (const id of result.transitions) {
              const info = byKey.get(id);
              if (!info) {
                problems.push(`${id}: not found in the machine's graph`);
                continue;
              }
              covered.add(info.key);
              const label = `${info.source} --${info.eventType}-->`;
              if (!info.emits) problems.push(`${label}: no action names a catalogue event (emitEvent)`);
              else if (!result.emitted.some((e) => e.type === info.emits)) problems.push(`${label}: did not emit ${info.emits}`);
            }
            for (const { type, ...properties } of result.emitted) {
              const definition = getEventDefinition(type);
              if (!definition) problems.push(`${type}: not in the catalogue`);
              else {
                const parsed = definition.properties.safeParse(properties);
                if (!parsed.success) problems.push(`${type}: ${parsed.error.message}`);
              }
            }
            if (result.transitions.length) queue.push(result.snapshot);
          }
        }
      }
      reached.set(id, covered);
      const missing = all.filter((t) => !covered.has(t.key)).map((t) => `${t.source} --${t.eventType}[${t.guard ?? ""}]--> never reached`);
      expect([...new Set(problems)]).toEqual([]);
      expect(missing).toEqual([]);
      expect(covered.size).toBe(all.length);
    });
  }
});
