import { useSelector } from "@xstate/react";
import { useCallback, useEffect, useMemo, useRef, useState, type MouseEvent } from "react";
import { disclosureMachine, type DisclosureEvent, type MenuName } from "../../../machines/disclosure.machine";
import { useDismissFacts } from "./use-dismiss";
import { usePageChanged } from "./use-page-changed";
import { useTrackedActor, withImplementations } from "./use-tracked-actor";

const INTERACTIVE = 'a[href], button, input, select, textarea, summary, [contenteditable="true"]';

type PopoverElement = HTMLElement & { showPopover?: () => void; hidePopover?: () => void };

/**
 * Shows or hides a `popover` panel as the machine says. Before the app runs, the platform opened it
 * from the button's `popovertarget`; the replayed click brings the machine to the same state, so this
 * only acts when they differ. Without popover support (older browsers), a class does it.
 */
function syncPopover(panel: PopoverElement | null, open: boolean): void {
  if (!panel) return;
  if (typeof panel.showPopover !== "function") {
    panel.classList.toggle("popover-open", open);
    return;
  }
  const shown = panel.matches(":popover-open");
  if (open && !shown) panel.showPopover();
  else if (!open && shown) panel.hidePopover?.();
}

/**
 * A menu's machine with its DOM facts wired: refs for the button and panel, and state. With
 * `popover`, the panel is a `popover="manual"` element the button targets, so the platform answers a
 * tap before the app's JavaScript runs (app/components/early-input.tsx).
 */
export function useDisclosure(menu: MenuName, { popover = false }: { popover?: boolean } = {}) {
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLElement>(null);
  // Made once: its action reads refs only, so the header's renders (each navigation) need no new machine.
  const [machine] = useState(() =>
    withImplementations(disclosureMachine, {
      actions: {
        // After the pointer sequence ends (a click outside moves focus on mousedown): back to the
        // button, unless the visitor clicked something that took focus itself (a link, a field).
        focusTrigger: () => {
          window.setTimeout(() => {
            const active = document.activeElement;
            const tookFocus = active?.matches(INTERACTIVE) && !panel.current?.contains(active);
            if (!tookFocus) button.current?.focus();
          }, 0);
        },
      },
    }),
  );
  const actor = useTrackedActor(machine, { menu });
  const open = useSelector(actor, (s) => s.matches("open"));
  const send = useCallback((event: DisclosureEvent) => actor.send(event), [actor]);
  const inside = useMemo(() => [button, panel] as const, []);
  useDismissFacts(open, inside, send);
  usePageChanged(send);
  useEffect(() => {
    // While the early-input catcher still owns input, the platform's state stands: the click that
    // opened the panel natively is about to be replayed, and hiding it now would make it flicker.
    if (popover && !window.__earlyInput?.open) syncPopover(panel.current, open);
  }, [popover, open]);
  const toggle = useCallback(
    (event: MouseEvent) => {
      // The machine decides; the platform's own popover toggle would answer a second time.
      event.preventDefault();
      send({ type: "TOGGLE" });
    },
    [send],
  );
  return { open, button, panel, toggle };
}
