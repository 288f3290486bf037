import { useCallback, useMemo, useRef } from "react";
import type { MenuName } from "../../../machines/disclosure.machine";
import { useDismissFacts } from "./use-dismiss";
import { useActorSelector, useTrackedActor } from "./use-tracked-actor";

const INTERACTIVE = 'a[href], button, input, select, textarea, summary, [contenteditable="true"]';

/** A menu's machine with its DOM facts wired: returns refs for the button and panel, and state. */
export function useDisclosure(menu: MenuName) {
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLElement>(null);
  const actor = useTrackedActor(
    (m) =>
      m.disclosureMachine.provide({
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
    { menu }
  );
  const open = useActorSelector(actor, (s) => s?.matches("open") ?? false);
  const send = useCallback((event: { type: "TOGGLE" } | { type: "CLICKED_OUTSIDE" } | { type: "ESCAPE" }) => actor.send(event), [actor]);
  const inside = useMemo(() => [button, panel] as const, []);
  useDismissFacts(open, inside, send);
  return { open, button, panel, toggle: () => send({ type: "TOGGLE" }) };
}
