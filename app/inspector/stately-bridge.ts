import type { InspectionEvent } from "xstate";

// ?inspect=stately: Stately's hosted inspector (it opens stately.ai in a popup). Loaded with a
// dynamic import only when the flag is set, so @statelyai/inspect never ships with storefront pages.
export async function createStatelySink(): Promise<(event: InspectionEvent) => void> {
  const { createBrowserInspector } = await import("@statelyai/inspect");
  const inspector = createBrowserInspector();
  return (event) => inspector.inspect.next?.(event);
}
