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

// Every behaviour's machine, for the graph-walk test and the /machines inspector page.
export const ALL_MACHINES = [
  { machine: headerMachine, behaviour: "Header: sticky, hide on scroll, shadow", spec: "§4, §9" },
  { machine: disclosureMachine, behaviour: "Mobile menu and header dropdown", spec: "§2, §4" },
  { machine: modalStackMachine, behaviour: "Modal stack", spec: "§3, §4" },
  { machine: toastsMachine, behaviour: "Toasts", spec: "§3, §4" },
  { machine: tooltipMachine, behaviour: "Tooltip reset", spec: "§4, §9" },
  { machine: videoMachine, behaviour: "Tracked YouTube video", spec: "§4, §9" },
  { machine: viewportMachine, behaviour: "Viewport: mobile or desktop", spec: "§4, §9" },
  { machine: downloadMachine, behaviour: "Download button", spec: "§4, §8" },
  { machine: imageFallbackMachine, behaviour: "Image and logo fallbacks", spec: "§4, §8" },
  { machine: jumpLinkMachine, behaviour: "Jump links", spec: "§2, §9" },
  { machine: popupMachine, behaviour: "Verification badge popup", spec: "§2" },
  { machine: consentBannerMachine, behaviour: "Consent banner and cookie settings", spec: "§9" },
] as const;
