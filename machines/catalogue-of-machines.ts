import { consentBannerMachine } from "./consent-banner.machine";
import { disclosureMachine } from "./disclosure.machine";
import { downloadMachine } from "./download.machine";
import { headerMachine } from "./header.machine";
import { imageFallbackMachine } from "./image-fallback.machine";
import { jumpLinkMachine } from "./jump-link.machine";
import { modalStackMachine } from "./modal-stack.machine";
import { popupMachine } from "./popup.machine";
import { toastsMachine } from "./toasts.machine";
import { tooltipMachine } from "./tooltip.machine";
import { videoMachine } from "./video.machine";
import { viewportMachine } from "./viewport.machine";

// Every behaviour's machine, for the graph-walk test and the /machines inspector page, with the sections of
// docs/requirements.md it implements (their anchors; /machines shows them, a unit test checks they exist).
export const ALL_MACHINES = [
  { machine: headerMachine, behaviour: "Header: sticky, hide on scroll, shadow", requirements: ["4-behaviour", "9-constants"] },
  { machine: disclosureMachine, behaviour: "Mobile menu and header dropdown", requirements: ["2-pages-and-the-shell", "4-behaviour"] },
  { machine: modalStackMachine, behaviour: "Modal stack", requirements: ["3-data", "4-behaviour"] },
  { machine: toastsMachine, behaviour: "Toasts", requirements: ["3-data", "4-behaviour", "8-failures"] },
  { machine: tooltipMachine, behaviour: "Tooltip reset", requirements: ["4-behaviour", "9-constants"] },
  { machine: videoMachine, behaviour: "Tracked YouTube video", requirements: ["4-behaviour", "9-constants"] },
  { machine: viewportMachine, behaviour: "Viewport: mobile or desktop", requirements: ["4-behaviour", "9-constants"] },
  { machine: downloadMachine, behaviour: "Download button", requirements: ["4-behaviour", "8-failures"] },
  { machine: imageFallbackMachine, behaviour: "Image and logo fallbacks", requirements: ["4-behaviour", "8-failures"] },
  { machine: jumpLinkMachine, behaviour: "Jump links", requirements: ["2-pages-and-the-shell", "9-constants"] },
  { machine: popupMachine, behaviour: "Verification badge popup", requirements: ["2-pages-and-the-shell"] },
  { machine: consentBannerMachine, behaviour: "Consent banner and cookie settings", requirements: ["9-constants", "10-tracking"] },
] as const satisfies ReadonlyArray<{ machine: unknown; behaviour: string; requirements: readonly string[] }>;
