import { useEffect, useRef } from "react";
import { useT } from "../page-providers";
import type { Overlays } from "./overlay-context";

// docs/requirements.md#8-failures: a visitor whose connection drops is told so, and the notice stays
// until they dismiss it (links and prices cannot work meanwhile). When the connection returns while it
// is still shown, "back online" takes its place and closes by itself. Both are one toast id, so the
// second replaces the first (machines/toasts.machine.ts: toasts are added and removed by id).

const CONNECTION_TOAST_ID = "connection";

export function useConnectionToasts(overlays: Overlays): void {
  // The words of the latest render, read when the connection changes (useT makes a new function each render).
  const latest = useT();
  const words = useRef(latest);
  words.current = latest;
  useEffect(() => {
    const t = (key: "offline" | "backOnline") => words.current(key);
    const offline = () => overlays.showToast({ id: CONNECTION_TOAST_ID, message: t("offline"), tone: "warning", autoClose: false });
    const online = () => {
      const told = overlays.toasts.getSnapshot().context.toasts.some((toast) => toast.id === CONNECTION_TOAST_ID && !toast.autoClose);
      if (told) overlays.showToast({ id: CONNECTION_TOAST_ID, message: t("backOnline"), tone: "success" });
    };
    window.addEventListener("offline", offline);
    window.addEventListener("online", online);
    return () => {
      window.removeEventListener("offline", offline);
      window.removeEventListener("online", online);
    };
  }, [overlays]);
}
