import { memo } from "react";
import { useSelector } from "@xstate/react";
import { styled } from "../../../tokens/stitches.config";
import { useT } from "../page-providers";
import type { Toast } from "../../../machines/toasts.machine";
import { useOverlays } from "./overlay-context";

// The toast list (docs/requirements.md#3-data, docs/requirements.md#4-behaviour). A polite live region announces new toasts; error toasts are alerts.
// The region is in the server HTML (empty) so screen readers already watch it when a toast arrives.

const Region = styled("section", {
  position: "fixed",
  zIndex: "$toast",
  right: "$16",
  bottom: "$16",
  display: "grid",
  gap: "$8",
  width: "min(380px, calc(100vw - 32px))",
  pointerEvents: "none",
});

const Item = styled("div", {
  pointerEvents: "auto",
  display: "flex",
  alignItems: "center",
  gap: "$12",
  padding: "$12 $16",
  borderRadius: "$12",
  boxShadow: "$level2",
  backgroundColor: "$nearBlack",
  color: "$textInverse",
  variants: {
    tone: {
      info: {},
      success: { borderLeft: "4px solid $green" },
      warning: { borderLeft: "4px solid $amber" },
      error: { borderLeft: "4px solid $red" },
    },
  },
  p: { flex: 1, margin: 0 },
  button: {
    minWidth: "44px",
    minHeight: "44px",
    border: "none",
    borderRadius: "$8",
    background: "transparent",
    color: "inherit",
    cursor: "pointer",
  },
});

const NO_TOASTS: Toast[] = [];

/** Memoised: the shell renders again for every page; only the toasts (and the words) render it again. */
export const ToastList = memo(function ToastList() {
  const overlays = useOverlays();
  const t = useT();
  const toasts = useSelector(overlays?.toasts, (s) => s?.context.toasts ?? NO_TOASTS);
  return (
    <Region aria-label={t("notifications")}>
      <div aria-live="polite" style={{ display: "contents" }}>
        {toasts.map((toast) => (
          <Item key={toast.id} tone={toast.tone} role={toast.tone === "error" ? "alert" : "status"}>
            <p>{toast.message}</p>
            <button type="button" aria-label={t("dismiss")} onClick={() => overlays?.toasts.send({ type: "DISMISS", id: toast.id })}>
              <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </button>
          </Item>
        ))}
      </div>
    </Region>
  );
});
