import { useSelector } from "@xstate/react";
import { useCallback, useMemo, useRef, useState } from "react";
import { disclosureMachine, type MenuName } from "../../../machines/disclosure.machine";
import { useDismissFacts } from "./use-dismiss";
import { useTrackedActor } from "./use-tracked-actor";

/** A menu's machine with its DOM facts wired: returns refs for the button and panel, and state. */
export function useDisclosure(menu: MenuName) {
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLElement>(null);
  const [machine] = useState(() => disclosureMachine.provide({ actions: { focusTrigger: () => button.current?.focus() } }));
  const actor = useTrackedActor(machine, { menu });
  const open = useSelector(actor, (s) => s.matches("open"));
  const send = useCallback((event: { type: "TOGGLE" } | { type: "CLICKED_OUTSIDE" } | { type: "ESCAPE" }) => actor.send(event), [actor]);
  const inside = useMemo(() => [button, panel] as const, []);
  useDismissFacts(open, inside, send);
  return { open, button, panel, toggle: () => send({ type: "TOGGLE" }) };
}
