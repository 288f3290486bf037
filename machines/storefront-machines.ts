// Everything the storefront's pages need from XState, as ONE module the browser loads after
// hydration (app/components/behaviour/use-tracked-actor.ts): the runtime and every behaviour's
// machine. Server render and hydration only need each machine's starting point, which components
// know without it, so none of this is on the critical path of a page.

export { createActor, fromPromise } from "xstate";
export { disclosureMachine } from "./disclosure.machine";
export { DownloadHttpError, downloadMachine } from "./download.machine";
export { headerMachine } from "./header.machine";
export { imageFallbackMachine } from "./image-fallback.machine";
export { jumpLinkMachine } from "./jump-link.machine";
export { modalStackMachine } from "./modal-stack.machine";
export { popupMachine } from "./popup.machine";
export { toastsMachine } from "./toasts.machine";
export { tooltipMachine } from "./tooltip.machine";
export { videoMachine } from "./video.machine";
export { viewportMachineFor } from "./viewport.machine";
