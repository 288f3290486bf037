import { LRUCache } from "lru-cache";
import type { ContentStore } from "~/content/content-store.server";
import { toSupportedLanguage } from "~/i18n/languages";
import type { DescribedOn } from "../../tracking/described-events";
import { TrackingViolationError } from "../../tracking/validate";
import { log } from "./logger.server";

// A control's click description that the catalogue refuses while a page renders (description-check.server.ts,
// made by createServer, checks each render; tracking/described-events.ts leaves the description out). The cause is in content, not
// in the request: a link whose host the catalogue cannot take, say. So it is one warning per page and
// reason, naming the document and the field, never a stack, however often the page renders (the same
// render used to print a 19-line stack with the build's absolute paths every time). `npm run
// content:check` names such links before they are published. Any other error there is ours: logged once
// with its stack.

/** Page and reason pairs already reported (bounded: a key is a few hundred bytes). */
const reported = new LRUCache<string, true>({ max: 10_000 });

/** The content file a page's document was read from, relative to the content folder; else the page itself. */
function documentOf(on: DescribedOn | undefined, content: Pick<ContentStore, "getPage"> | null): string {
  if (!on) return "a page without a document";
  const file = content?.getPage(on.uid, toSupportedLanguage(on.lang))?.file;
  return file ?? `${on.uid} (${on.lang})`;
}

/** `content` is the store the page was rendered from (the render's load context), to name the document's file. */
export function reportDescriptionViolation(error: unknown, on: DescribedOn | undefined, content: Pick<ContentStore, "getPage"> | null): void {
  const violation = error instanceof TrackingViolationError ? error : null;
  const reason = violation ? `${violation.eventName} ${violation.issues.map((issue) => issue.path).join(", ")}` : String((error as Error)?.message ?? error);
  const key = `${on?.uid ?? ""}\n${on?.lang ?? ""}\n${reason}`;
  if (reported.has(key)) return;
  reported.set(key, true);
  const document = documentOf(on, content);
  if (!violation) {
    log.error({ err: error, document }, `[tracking] ${document}: a control's description failed: ${reason}`);
    return;
  }
  const issues = violation.issues.map((issue) => `${issue.path}: ${issue.message}`).join("; ");
  const hint = violation.eventName === "outbound_link_clicked" ? " (npm run content:check names the link)" : "";
  log.warn(
    { event: violation.eventName, document, fields: violation.issues.map((issue) => issue.path) },
    `[tracking] ${document}: the catalogue refuses a control's ${violation.eventName} (${issues}); it is rendered without data-track, so a click before the app runs is not counted${hint}`,
  );
}
