import { LRUCache } from "lru-cache";
import type { ContentStore } from "~/content/content-store.server";
import type { DescriptionCheck } from "../../tracking/described-events";
import { TrackingViolationError, validateEvent } from "../../tracking/validate";
import { reportDescriptionViolation } from "./description-violations.server";

/**
 * A server's catalogue check of every event a control describes for the head script, as the pipeline checks every
 * event it delivers (tracking/described-events.ts): made once by createServer and used by each render
 * (entry.server). The same item (the same JSON) passes or fails alike, so each passing one is checked once per
 * server. One refused is left out of the page and reported once per page and reason, naming its document in
 * `content` (description-violations.server.ts).
 */
export function createDescriptionCheck(content: Pick<ContentStore, "getPage">): DescriptionCheck {
  const passed = new LRUCache<string, true>({ max: 10_000 });
  return {
    check({ name, properties }, item) {
      if (passed.has(item)) return;
      const result = validateEvent(name, properties);
      if (!result.ok) throw new TrackingViolationError(name, result.issues);
      passed.set(item, true);
    },
    report: (error, on) => reportDescriptionViolation(error, on, content),
  };
}
