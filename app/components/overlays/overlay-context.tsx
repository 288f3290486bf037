import { createContext, useCallback, useContext, useMemo, type ReactNode } from "react";
import { modalStackMachine } from "../../../machines/modal-stack.machine";
import { DEFAULT_TOAST_DURATION_MS } from "../../../machines/spec-values";
import { toastsMachine } from "../../../machines/toasts.machine";
import { usePageChanged } from "../behaviour/use-page-changed";
import { useTrackedActor } from "../behaviour/use-tracked-actor";
import { useConnectionToasts } from "./connection-toasts";
import type { Overlays } from "./overlays";

// The app-level overlay actors: one modal stack and one toast list per
// page, provided by PageShell, so any component can push a modal or show a toast (and the page says when
// the connection drops: connection-toasts.ts). What they can do with them: overlays.ts.

const OverlayContext = createContext<Overlays | null>(null);
let nextId = 0;
const newId = (prefix: string) => `${prefix}-${++nextId}`;

export function OverlayProvider({ children }: { children: ReactNode }) {
  const modalStack = useTrackedActor(modalStackMachine);
  const toasts = useTrackedActor(toastsMachine);
  // The modals and toasts of a page go with it (docs/requirements.md#11-moving-between-pages).
  usePageChanged(
    useCallback(
      (event: { type: "PAGE_CHANGED" }) => {
        modalStack.send(event);
        toasts.send(event);
      },
      [modalStack, toasts],
    ),
  );
  const value = useMemo<Overlays>(
    () => ({
      modalStack,
      toasts,
      openModal: (modal) => {
        const id = newId("modal");
        modalStack.send({ type: "OPEN", modal: { closeOnOutsideClick: true, hasBack: true, ...modal, id } });
        return id;
      },
      showToast: (toast) => {
        const id = toast.id ?? newId("toast");
        toasts.send({ type: "ADD", toast: { tone: "info", autoClose: true, duration: DEFAULT_TOAST_DURATION_MS, ...toast, id } });
        return id;
      },
    }),
    [modalStack, toasts],
  );
  useConnectionToasts(value);
  return <OverlayContext.Provider value={value}>{children}</OverlayContext.Provider>;
}

/** The overlays, or null outside a PageShell (components then degrade to their plain behaviour). */
export function useOverlays(): Overlays | null {
  return useContext(OverlayContext);
}
