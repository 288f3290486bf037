// A namespace import of zod/mini, as tracking/ has it: `import { z } from "zod"` would put every zod locale in a
// chunk the tracking pipeline shares.
import * as z from "zod/mini";
import type { AnyStateMachine } from "xstate";
import { ALL_MACHINES } from "../../machines/catalogue-of-machines";
import { machineTransitions } from "../../machines/machine-graph";
import { initialSnapshot, scheduledEvents, stepMachine, type EmittedEvent, type PersistedSnapshot } from "../../machines/machine-step";
import type { ModelEvent } from "../../machines/transition-paths";
import { dataLayerPolicy } from "../../tracking/data-layer-policy";
import { PAGE_VIEW_EVENT } from "../../tracking/page-view";
import { REPLAY_HINTS, type PageFacts, type ReplayHint } from "./replay-hints";

// A recorded visit replayed on the machines (docs/machines.md, "Replaying a recorded visit"): a data-layer
// log (window.dataLayer as JSON, or an export of the /tracking live panel or the /machines event log)
// is read entry by entry; each event is matched to the transition that emitted it by running the
// machine itself from the state the visit had reached, with the entry's own data. Events that never
// reach the data layer (policy "off", or deduplicated) may have happened in between: the replay
// looks for the shortest such explanation. In the browser, offline; nothing is sent anywhere.

/** The most entries a log may have, and the most characters its text may have. */
const MAX_LOG_ENTRIES = 5000;
const MAX_LOG_CHARS = 5_000_000;
/** How many machine events an entry may need before its own (silent ones first). */
const MAX_EVENTS_PER_ENTRY = 3;

export interface LogEntry {
  /** Position in the log (0-based, counting every entry). */
  index: number;
  event: string;
  properties: Record<string, unknown>;
  page: PageFacts | null;
}

interface ReplayStep {
  index: number;
  event: string;
  /** The machine and actor the entry was matched to, or null. */
  machineId: string | null;
  actor: string | null;
  /** The machine events that explain the entry, in order ("after throttle", then "SCROLLED"). */
  sent: string[];
  /** The transitions they took (empty when an earlier entry's step pushed this one too). */
  transitions: string[];
  /** Why no transition explains the entry; null when one does, or when it is a page view. */
  unmatched: string | null;
  /** A page view: a new page, whose machines start afresh. */
  pageStart: boolean;
  /** Every machine's state after this entry: the value of its latest actor, which actor that is. */
  states: Record<string, { value: unknown; actor: string | null }>;
}

export interface Replay {
  steps: ReplayStep[];
  /** Entries that are not events (gtag commands, variables): read, not replayed. */
  skipped: number;
  /** Per machine, every transition the visit took. */
  taken: Record<string, string[]>;
}

const entrySchema = z.looseObject({ event: z.string().check(z.minLength(1), z.maxLength(100)) });
const entryList = z.array(z.unknown()).check(z.maxLength(MAX_LOG_ENTRIES));
const logSchema = z.union([entryList, z.looseObject({ entries: entryList }), z.looseObject({ dataLayer: entryList })]);

/** Reads a log's text: its event entries, or an Error saying what is wrong with it. */
export function parseLog(text: string): { entries: LogEntry[]; skipped: number } | Error {
  if (text.length > MAX_LOG_CHARS)
    return new Error(`The log is ${text.length.toLocaleString("en")} characters long; at most ${MAX_LOG_CHARS.toLocaleString("en")} are read.`);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return new Error(`The log is not JSON: ${(error as Error).message}`);
  }
  const parsed = logSchema.safeParse(json);
  if (!parsed.success)
    return new Error(
      `Expected a JSON array of data-layer entries (window.dataLayer), or an object with an "entries" or "dataLayer" array of at most ${MAX_LOG_ENTRIES.toLocaleString("en")}.`,
    );
  const data = parsed.data;
  const list: unknown[] = Array.isArray(data) ? data : "entries" in data ? (data.entries as unknown[]) : (data.dataLayer as unknown[]);
  const entries: LogEntry[] = [];
  let skipped = 0;
  list.forEach((item, index) => {
    const entry = entrySchema.safeParse(item);
    if (!entry.success) {
      skipped++;
      return;
    }
    const { event, page, ...properties } = entry.data;
    entries.push({ index, event, properties, page: page && typeof page === "object" ? (page as PageFacts) : null });
  });
  return { entries, skipped };
}

interface ReplayActor {
  machineId: string;
  key: string;
  machine: AnyStateMachine;
  input: unknown;
  snapshot: PersistedSnapshot;
  /** Events its last step pushed after the one it was matched to: the next entries, in order. */
  queued: EmittedEvent[];
}

interface Explanation {
  sent: ModelEvent[];
  transitions: string[];
  snapshot: PersistedSnapshot;
  queued: EmittedEvent[];
  lastPushed: Map<string, string>;
}

const sameValue = (a: unknown, b: unknown): boolean => {
  if (typeof a === "number" && typeof b === "number") return Math.abs(a - b) <= 1e-6 * Math.max(1, Math.abs(a), Math.abs(b));
  return JSON.stringify(a) === JSON.stringify(b);
};

/** An emitted event is the entry when the names agree and so does every property both have (and the replay can know). */
function isEntry(emitted: EmittedEvent, entry: LogEntry, unknown: readonly string[] = []): boolean {
  if (emitted.type !== entry.event) return false;
  return Object.entries(emitted).every(
    ([key, value]) => key === "type" || unknown.includes(key) || !(key in entry.properties) || sameValue(value, entry.properties[key]),
  );
}

/** What of `emitted` reaches the data layer, given what was last pushed (tracking/data-layer-policy.ts). */
function pushedOf(emitted: readonly EmittedEvent[], lastPushed: Map<string, string>): EmittedEvent[] {
  return emitted.filter(({ type, ...properties }) => {
    const policy = dataLayerPolicy(type);
    if (policy === "off") return false;
    if (policy === "push") return true;
    const key = JSON.stringify(properties);
    if (lastPushed.get(type) === key) return false;
    lastPushed.set(type, key);
    return true;
  });
}

const describeEvent = (event: ModelEvent): string => {
  const after = /^xstate\.after\.([^.]+)\./.exec(event.type);
  if (after) return `after ${after[1]}`;
  const invoked = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type);
  return invoked ? `${invoked[2]} ${invoked[1] === "done" ? "done" : "failed"}` : event.type;
};

const snapshotKey = (snapshot: PersistedSnapshot) => JSON.stringify([snapshot.value, snapshot.context]);

/** The shortest run of machine events from `actor`'s state whose only push is the entry (then its step's others). */
function explain(actor: ReplayActor, hint: ReplayHint, entry: LogEntry, lastPushed: Map<string, string>): Explanation | null {
  let frontier: Array<{ snapshot: PersistedSnapshot; sent: ModelEvent[]; transitions: string[]; lastPushed: Map<string, string> }> = [
    { snapshot: actor.snapshot, sent: [], transitions: [], lastPushed },
  ];
  const seen = new Set([snapshotKey(actor.snapshot)]);
  for (let depth = 0; depth < MAX_EVENTS_PER_ENTRY && frontier.length; depth++) {
    const next: typeof frontier = [];
    for (const node of frontier) {
      if (node.snapshot.status !== "active") continue;
      const events = [...hint.events(entry.event, entry.properties, node.snapshot.context), ...scheduledEvents(actor.machine, node.snapshot)];
      for (const event of events) {
        const step = stepMachine(actor.machine, node.snapshot, event, actor.input);
        if (step.transitions.length === 0) continue;
        const pushedSoFar = new Map(node.lastPushed);
        const pushed = pushedOf(step.emitted, pushedSoFar);
        const sent = [...node.sent, event];
        const transitions = [...node.transitions, ...step.transitions];
        if (pushed.length === 0) {
          const key = snapshotKey(step.snapshot);
          if (!seen.has(key)) {
            seen.add(key);
            next.push({ snapshot: step.snapshot, sent, transitions, lastPushed: pushedSoFar });
          }
        } else if (isEntry(pushed[0]!, entry, hint.unknown)) {
          return { sent, transitions, snapshot: step.snapshot, queued: pushed.slice(1), lastPushed: pushedSoFar };
        }
      }
    }
    frontier = next;
  }
  return null;
}

function stateLabel(value: unknown): string {
  if (typeof value === "string") return value;
  return Object.entries(value as Record<string, unknown>)
    .map(([region, child]) => `${region}: ${stateLabel(child)}`)
    .join(", ");
}

/** Which machines emit each catalogue event, from their transitions. */
function emittersByEvent(): Map<string, string[]> {
  const byEvent = new Map<string, string[]>();
  for (const { machine } of ALL_MACHINES)
    for (const t of machineTransitions(machine))
      if (t.emits && !byEvent.get(t.emits)?.includes(machine.id)) byEvent.set(t.emits, [...(byEvent.get(t.emits) ?? []), machine.id]);
  return byEvent;
}

/**
 * Replays a visit's entries on every machine, entry by entry. `assumed` stands in for what entries
 * without a page context do not say (an export of the live panel has none): a phone's page or not.
 */
export function replayVisit(entries: readonly LogEntry[], skipped = 0, assumed: PageFacts = {}): Replay {
  const emitters = emittersByEvent();
  const actors = new Map<string, ReplayActor>();
  const latest = new Map<string, string>();
  const taken: Record<string, string[]> = {};
  let lastPushed = new Map<string, string>();
  let page: PageFacts = { ...assumed };
  let pageUid: string | undefined;

  const newActor = (machineId: string, key: string, entry: LogEntry): ReplayActor => {
    const hint = REPLAY_HINTS[machineId]!;
    const machine = hint.machine(page);
    const input = hint.input?.(entry.properties, page, entry.event);
    return { machineId, key, machine, input, snapshot: initialSnapshot(machine, input), queued: [] };
  };
  const states = (): ReplayStep["states"] => {
    const out: ReplayStep["states"] = {};
    for (const { machine } of ALL_MACHINES) {
      const key = latest.get(machine.id);
      const actor = key === undefined ? undefined : actors.get(`${machine.id}\u0000${key}`);
      if (actor) out[machine.id] = { value: actor.snapshot.value, actor: actor.key };
      else {
        const hint = REPLAY_HINTS[machine.id]!;
        const start = hint.machine(page);
        // An actor nothing has been heard from is where the page started it (its input is not known yet).
        const input = hint.input?.({}, page, "");
        out[machine.id] = { value: initialSnapshot(start, input).value, actor: null };
      }
    }
    return out;
  };

  const steps: ReplayStep[] = entries.map((entry) => {
    // A new page starts its machines afresh: its page view, or entries from another page.
    const uid = typeof entry.page?.uid === "string" ? entry.page.uid : undefined;
    const pageStart = entry.event === PAGE_VIEW_EVENT;
    if (pageStart || (uid !== undefined && uid !== pageUid)) {
      actors.clear();
      latest.clear();
      lastPushed = new Map();
      page = { ...assumed, ...entry.page };
      pageUid = uid;
    }
    const base = { index: entry.index, event: entry.event, machineId: null, actor: null, sent: [], transitions: [], pageStart };
    if (pageStart) return { ...base, unmatched: null, states: states() };
    const machineIds = emitters.get(entry.event) ?? [];
    if (machineIds.length === 0)
      return { ...base, unmatched: `No machine emits ${entry.event}: it is pushed by the page, not by a transition.`, states: states() };

    let reason = "";
    for (const machineId of machineIds) {
      const hint = REPLAY_HINTS[machineId]!;
      const key = hint.actor?.(entry.properties) ?? machineId;
      const id = `${machineId}\u0000${key}`;
      const current = actors.get(id);
      // A step that pushed several events (a scroll that raised the shadow and hid the header) explains the next entries too.
      if (current?.queued[0] && isEntry(current.queued[0], entry, hint.unknown)) {
        current.queued.shift();
        latest.set(machineId, key);
        return { ...base, machineId, actor: key, unmatched: null, states: states() };
      }
      for (const actor of current ? [current, newActor(machineId, key, entry)] : [newActor(machineId, key, entry)]) {
        const found = explain(actor, hint, entry, lastPushed);
        if (!found) continue;
        actor.snapshot = found.snapshot;
        actor.queued = found.queued;
        actors.set(id, actor);
        latest.set(machineId, key);
        lastPushed = found.lastPushed;
        taken[machineId] = [...new Set([...(taken[machineId] ?? []), ...found.transitions])];
        return { ...base, machineId, actor: key, sent: found.sent.map(describeEvent), transitions: found.transitions, unmatched: null, states: states() };
      }
      const where = current
        ? `${machineId}${key === machineId ? "" : ` (${key})`} is in ${stateLabel(current.snapshot.value)}`
        : `${machineId} has not started`;
      reason ||= `${where}: no transition from there emits ${entry.event}${Object.keys(entry.properties).length ? ` with ${JSON.stringify(entry.properties)}` : ""}, even after events that push nothing.`;
    }
    return { ...base, unmatched: reason, states: states() };
  });
  return { steps, skipped, taken };
}
