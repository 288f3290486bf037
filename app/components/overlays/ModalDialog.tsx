import { useEffect, useRef, type KeyboardEvent, type ReactNode } from "react";
import type { ModalEntry } from "../../../machines/modal-stack.model";
import type { ModalStackEvent } from "../../../machines/modal-stack.machine";
import { keyframes, styled } from "../../../tokens/stitches.config";
import { useT } from "../page-providers";

// The look and keyboard of the top modal (docs/requirements.md#3-data, docs/requirements.md#4-behaviour): it overlays the page, traps focus, Escape closes
// it, a click outside closes it when the entry allows; Back shows only with more than one stacked.
// Loaded the first time a modal opens (ModalHost), so pages without an open modal never ship it.

const fadeIn = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } });

const Backdrop = styled("div", {
  position: "fixed",
  inset: 0,
  zIndex: "$modal",
  backgroundColor: "$overlay",
  display: "flex",
  animation: `${fadeIn} 150ms $functional`,
  variants: {
    variant: {
      center: { alignItems: "center", justifyContent: "center", padding: "$16" },
      side: { justifyContent: "flex-end" },
      drawer: { alignItems: "flex-end" },
    },
  },
});

const Dialog = styled("div", {
  backgroundColor: "$surface",
  color: "$text",
  boxShadow: "$level3",
  display: "flex",
  flexDirection: "column",
  overflowY: "auto",
  "&:focus": { outline: "none" },
  variants: {
    variant: {
      center: { width: "min(560px, 100%)", maxHeight: "90vh", borderRadius: "$16" },
      side: { width: "min(440px, 100vw)", height: "100%" },
      drawer: { width: "100%", maxHeight: "85vh", borderRadius: "$16 $16 0 0" },
    },
  },
});

const Bar = styled("div", {
  display: "flex",
  alignItems: "center",
  gap: "$8",
  padding: "$16 $20",
  borderBottom: "1px solid $divider",
  h2: { flex: 1, fontSize: "$20", margin: 0 },
});

const IconButton = styled("button", {
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  minWidth: "44px",
  minHeight: "44px",
  border: "none",
  borderRadius: "$8",
  backgroundColor: "transparent",
  color: "$text",
  cursor: "pointer",
  "&:hover": { backgroundColor: "$grey100" },
});

const Body = styled("div", { padding: "$20" });

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

function focusables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => !el.hasAttribute("hidden"));
}

export interface ModalDialogProps {
  top: ModalEntry;
  canGoBack: boolean;
  send: (event: ModalStackEvent) => void;
}

export default function ModalDialog({ top, canGoBack, send }: ModalDialogProps) {
  const t = useT();
  const dialogRef = useRef<HTMLDivElement>(null);
  const titleId = `${top.id}-title`;

  // Focus goes into the dialog whenever a new entry is on top.
  useEffect(() => {
    if (!dialogRef.current) return;
    const [first] = focusables(dialogRef.current);
    (first ?? dialogRef.current).focus();
  }, [top.id]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === "Escape") {
      event.stopPropagation();
      send({ type: "CLOSE", reason: "escape" });
      return;
    }
    if (event.key !== "Tab" || !dialogRef.current) return;
    const items = focusables(dialogRef.current);
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <Backdrop
      variant={top.variant}
      data-testid="modal-backdrop"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) send({ type: "CLOSE", reason: "outside_click" });
      }}
    >
      <Dialog
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        data-variant={top.variant}
        tabIndex={-1}
        variant={top.variant}
        onKeyDown={onKeyDown}
      >
        <Bar>
          {canGoBack ? (
            <IconButton type="button" aria-label={t("back")} onClick={() => send({ type: "BACK" })}>
              <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                <path d="M15 5l-7 7 7 7" stroke="currentColor" strokeWidth="2" fill="none" strokeLinecap="round" />
              </svg>
            </IconButton>
          ) : null}
          <h2 id={titleId}>{top.title}</h2>
          <IconButton type="button" aria-label={t("close")} onClick={() => send({ type: "CLOSE", reason: "button" })}>
            <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </IconButton>
        </Bar>
        <Body>{top.children as ReactNode}</Body>
      </Dialog>
    </Backdrop>
  );
}
