import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { sleepUntil } from "./field-visit";

// The events bench's look at the first-party collector: the event_ids its file sink (the server's own folder,
// server-process.ts) has stored, read once the visits are over, so each exit tap can be judged by whether its
// events reached the collector as well as the data layer (collectorOutcome() in events-summary.ts).

/** The event_ids in a file sink's folder (`file:<folder>`); empty for another sink or a folder not made yet. */
function collectedIds(sink: string): Set<string> {
  const ids = new Set<string>();
  if (!sink.startsWith("file:")) return ids;
  const folder = sink.slice("file:".length);
  if (!existsSync(folder)) return ids;
  for (const name of readdirSync(folder).filter((file) => /^events-\d{4}-\d{2}-\d{2}\.ndjson$/.test(file))) {
    for (const line of readFileSync(path.join(folder, name), "utf8").split("\n")) {
      if (!line) continue;
      try {
        const id = (JSON.parse(line) as { event_id?: unknown }).event_id;
        if (typeof id === "string") ids.add(id);
      } catch {
        // A line being written as the run ends: read again on the next look.
      }
    }
  }
  return ids;
}

/**
 * The sink's event_ids once every id of `wanted` is in it, or once `waitMs` has passed (a beacon the browser sent as
 * the page left arrives and is written a little after the visit ends; the file sink writes in batches).
 */
export async function collectedIdsWhenSettled(sink: string, wanted: readonly string[], waitMs = 5000): Promise<Set<string>> {
  const deadline = performance.now() + waitMs;
  for (;;) {
    const ids = collectedIds(sink);
    if (wanted.every((id) => ids.has(id)) || performance.now() >= deadline) return ids;
    await sleepUntil(performance.now() + 200);
  }
}
