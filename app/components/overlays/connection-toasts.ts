import { useEffect } from "react";
import { useT } from "../page-providers";
import type { Overlays } from "./overlays";

// docs/requirements.md#8-failures: a visitor whose connection drops is told so, and the notice stays
// until they dismiss it (links and prices cannot work meanwhile). When the connection returns while it
// is still shown, "back online" takes its place and closes by itself. Both are one toast id, so the
// second replaces the first (machines/toasts.machine.ts: toasts are added and removed by id).

const CONNECTION_TOAST_ID = "connection";

export function useConnectionToasts(overlays: Overlays): void {
  const t = useT();
  // Subscribed again when the words change (a render of the provider, which is rare): one listener for both events.
  useEffect(() => {
    const onChange = () => {
      if (!navigator.onLine) overlays.showToast({ id: CONNECTION_TOAST_ID, message: t("offline"), tone: "warning", autoClose: false });
      else if (overlays.toasts.getSnapshot().context.toasts.some((toast) => toast.id === CONNECTION_TOAST_ID && !toast.autoClose))
        overlays.showToast({ id: CONNECTION_TOAST_ID, message: t("backOnline"), tone: "success" });
    };
    addEventListener("offline", onChange);
    addEventListener("online", onChange);
    return () => {
      removeEventListener("offline", onChange);
      removeEventListener("online", onChange);
    };
  }, [overlays, t]);
}
