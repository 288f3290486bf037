// Messages on the "storefront-machines" BroadcastChannel, between storefront tabs and /machines.
export const INSPECT_CHANNEL = "storefront-machines";

export type BridgeMessage =
  | { kind: "snapshot"; tabId: string; page: string; actorId: string; machineId: string; value: unknown; context: unknown; status: string; at: number }
  | { kind: "event"; tabId: string; page: string; actorId: string; machineId: string; event: unknown; at: number }
  | { kind: "emitted"; tabId: string; page: string; actorId: string; machineId: string; event: unknown; at: number }
  /** One microstep: the transitions it took, by their ids (machines/transition-id.ts). */
  | { kind: "transitions"; tabId: string; page: string; actorId: string; machineId: string; eventType: string; transitions: string[]; at: number }
  | { kind: "stopped"; tabId: string; actorId: string; at: number }
  /** Sent by /machines when it opens: every tab answers with its actors' latest snapshots. */
  | { kind: "hello" }
  /** Sent by /machines to export a tab's log: that tab answers with its window.dataLayer, as JSON data. */
  | { kind: "export-request"; tabId: string }
  | { kind: "data-layer"; tabId: string; page: string; entries: unknown[] };

/** Structured-clone-safe copy: functions, DOM nodes and React elements are summarised, cycles cut. */
export function toTransferable(value: unknown, depth = 0, seen = new WeakSet<object>()): unknown {
  if (value === null || typeof value === "number" || typeof value === "string" || typeof value === "boolean") return value;
  if (typeof value === "undefined") return undefined;
  if (typeof value === "function") return "ƒ()";
  if (typeof value !== "object") return String(value);
  if (seen.has(value) || depth > 6) return "…";
  seen.add(value);
  if ("$$typeof" in (value as object)) return "<ReactNode>";
  if (typeof Node !== "undefined" && value instanceof Node) return `<${value.nodeName.toLowerCase()}>`;
  if (value instanceof Error) return { name: value.name, message: value.message };
  if (Array.isArray(value)) return value.slice(0, 50).map((v) => toTransferable(v, depth + 1, seen));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value as Record<string, unknown>).slice(0, 50)) {
    if (k.startsWith("_")) continue;
    out[k] = toTransferable(v, depth + 1, seen);
  }
  return out;
}
