import { memo, useEffect, useLayoutEffect, useRef, useState, type ComponentType } from "react";
import { showsBackButton, topModal, type ModalEntry } from "../../../machines/modal-stack.model";
import { useSelector } from "@xstate/react";
import { whenIdle } from "../../../tracking/when-idle";
import type { ModalDialogProps } from "./ModalDialog";
import { useOverlays } from "./overlay-context";

// The modal stack's host (docs/requirements.md#3-data, docs/requirements.md#4-behaviour): shows the top entry, and gives focus back to what had it when
// that entry closes. The dialog itself (./ModalDialog) is imported the first time a modal opens, or
// when the browser is idle, whichever comes first: no server render ever contains an open modal. The document
// fetches its chunk ahead at low priority (app/server/lazy-preloads.server.ts), so neither waits for the network.
//
// Not React.lazy: a Suspense boundary that has just shown its fallback reveals the content through a
// timer (React throttles reveals by up to 500 ms), so the first dialog came late, and never under a
// test's paused clock. A plain state update once the module is here renders on the next task.

type Dialog = ComponentType<ModalDialogProps>;
let loadedDialog: Dialog | null = null;
let loadingDialog: Promise<Dialog> | null = null;
const loadDialog = () => (loadingDialog ??= import("./ModalDialog").then((m) => (loadedDialog = m.default)));

const NO_MODALS: ModalEntry[] = [];
// A layout effect runs before the dialog's own (passive) effect moves focus into it, so what had focus
// is still known. The server runs neither.
const useBeforeChildEffects = typeof document === "undefined" ? useEffect : useLayoutEffect;

/** Memoised: the shell renders again for every page; only the modal stack renders it again. */
export const ModalHost = memo(function ModalHost() {
  const overlays = useOverlays();
  const stack = useSelector(overlays?.modalStack, (s) => s?.context.stack ?? NO_MODALS);
  const top = topModal({ stack });
  const returnFocus = useRef(new Map<string, Element | null>());
  const [ModalDialog, setModalDialog] = useState<Dialog | null>(() => loadedDialog);

  useEffect(() => whenIdle(() => void loadDialog()), []);

  useEffect(() => {
    if (!top || ModalDialog) return;
    let current = true;
    loadDialog().then(
      (dialog) => current && setModalDialog(() => dialog),
      (error: unknown) => console.warn("the dialog could not load", error),
    );
    return () => {
      current = false;
    };
  }, [top, ModalDialog]);

  // Remember what had focus when each modal opened; give it back when that modal closes.
  useBeforeChildEffects(() => {
    const ids = new Set(stack.map((m) => m.id));
    for (const [id, element] of returnFocus.current) {
      if (!ids.has(id)) {
        returnFocus.current.delete(id);
        if (element instanceof HTMLElement && element.isConnected) element.focus();
      }
    }
    if (top && !returnFocus.current.has(top.id)) {
      returnFocus.current.set(top.id, document.activeElement);
    }
    document.body.style.overflow = top ? "hidden" : "";
  }, [stack, top]);

  if (!overlays || !top || !ModalDialog) return null;
  return <ModalDialog top={top} canGoBack={showsBackButton({ stack })} send={overlays.modalStack.send} />;
});
