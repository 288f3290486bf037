import type { BridgeMessage } from "./bridge-protocol";

// What /machines knows of the storefront tabs it follows, from the messages on the bridge's channel
// (bridge-protocol.ts): each running actor's latest snapshot, the event log (one entry per event, with what it
// emitted and the transitions it took), and the transitions each actor just took (its flash). A pure reducer,
// so the view only forwards messages to it; the one timer (a flash ends on its own) stays in the view, which
// sends `flash-ended` when it runs out.

export type LiveActor = Extract<BridgeMessage, { kind: "snapshot" }>;

export interface LogEntry {
  n: number;
  tabId: string;
  page: string;
  actorId: string;
  machineId: string;
  event: string;
  emitted: string[];
  transitions: string[];
}

/** The transitions an actor just took; `key` is new for each microstep, so the view restarts its flash. */
interface Flash {
  ids: Set<string>;
  key: number;
}

export interface ChannelState {
  /** Running actors by id, each its latest snapshot. */
  live: Record<string, LiveActor>;
  /** Newest first, at most LOG_LIMIT entries. */
  log: LogEntry[];
  flashes: Record<string, Flash>;
  /** Numbers log entries and flashes, in the order they came. */
  seq: number;
}

export type ChannelAction = BridgeMessage | { kind: "flash-ended"; actorId: string };

/** Entries the event log keeps (the oldest go first). */
export const LOG_LIMIT = 200;

export const initialChannelState: ChannelState = { live: {}, log: [], flashes: {}, seq: 0 };

const typeOf = (event: unknown) => String((event as { type?: string } | null)?.type ?? "?");

/** Adds to the latest log entry of the same actor: one entry per event, with everything it caused. */
function joinLatest(log: LogEntry[], actorId: string, change: (entry: LogEntry) => LogEntry): LogEntry[] {
  const i = log.findIndex((e) => e.actorId === actorId);
  const entry = log[i];
  if (!entry) return log;
  return [...log.slice(0, i), change(entry), ...log.slice(i + 1)];
}

export function reduceChannel(state: ChannelState, action: ChannelAction): ChannelState {
  switch (action.kind) {
    case "snapshot":
      return { ...state, live: { ...state.live, [action.actorId]: action } };
    case "stopped": {
      const { [action.actorId]: _gone, ...live } = state.live;
      return { ...state, live };
    }
    case "event": {
      const seq = state.seq + 1;
      const entry: LogEntry = {
        n: seq,
        tabId: action.tabId,
        page: action.page,
        actorId: action.actorId,
        machineId: action.machineId,
        event: typeOf(action.event),
        emitted: [],
        transitions: [],
      };
      return { ...state, seq, log: [entry, ...state.log].slice(0, LOG_LIMIT) };
    }
    case "emitted":
      return { ...state, log: joinLatest(state.log, action.actorId, (entry) => ({ ...entry, emitted: [...entry.emitted, typeOf(action.event)] })) };
    case "transitions": {
      const seq = state.seq + 1;
      const ids = new Set([...(state.flashes[action.actorId]?.ids ?? []), ...action.transitions]);
      return {
        ...state,
        seq,
        log: joinLatest(state.log, action.actorId, (entry) => ({ ...entry, transitions: [...new Set([...entry.transitions, ...action.transitions])] })),
        flashes: { ...state.flashes, [action.actorId]: { ids, key: seq } },
      };
    }
    case "flash-ended": {
      const { [action.actorId]: _done, ...flashes } = state.flashes;
      return { ...state, flashes };
    }
    default:
      // The channel's other messages (hello, exports) are between tabs, not about actors.
      return state;
  }
}

/** "header.throttle.ready" ids for a snapshot value, plus every ancestor. */
export function activeIds(machineId: string, value: unknown): Set<string> {
  const ids = new Set<string>([machineId]);
  const walk = (v: unknown, prefix: string) => {
    if (typeof v === "string") ids.add(`${prefix}.${v}`);
    else if (v && typeof v === "object")
      for (const [k, child] of Object.entries(v)) {
        ids.add(`${prefix}.${k}`);
        walk(child, `${prefix}.${k}`);
      }
  };
  walk(value, machineId);
  return ids;
}
