import type { ReactNode } from "react";
import type { ActorRefFrom } from "xstate";
import type { modalStackMachine } from "../../../machines/modal-stack.machine";
import type { ModalEntry } from "../../../machines/modal-stack.model";
import type { Toast, toastsMachine } from "../../../machines/toasts.machine";

// What a component can do with the page's overlays (docs/requirements.md#2-pages-and-the-shell): the modal stack and
// the toast list, and a request to open or show one. Provided by OverlayProvider (overlay-context.tsx);
// the connection notices (connection-toasts.ts) use it as any component does.

type ModalRequest = Omit<ModalEntry, "id" | "children" | "closeOnOutsideClick" | "hasBack"> &
  Partial<Pick<ModalEntry, "closeOnOutsideClick" | "hasBack">> & { children: ReactNode };
type ToastRequest = Pick<Toast, "message"> & Partial<Omit<Toast, "message">>;

export interface Overlays {
  modalStack: ActorRefFrom<typeof modalStackMachine>;
  toasts: ActorRefFrom<typeof toastsMachine>;
  openModal: (modal: ModalRequest) => string;
  showToast: (toast: ToastRequest) => string;
}
