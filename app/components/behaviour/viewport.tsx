import { useSelector } from "@xstate/react";
import { createContext, useContext, useEffect, type ReactNode } from "react";
import { viewportMachineFor, type viewportMachine } from "../../../machines/viewport.machine";
import type { ActorRefFrom } from "xstate";
import { useVisitor } from "../page-providers";
import { useTrackedActor } from "./use-tracked-actor";

// docs/requirements.md#4-behaviour: mobile first from the server-given value (context.isMobile), rechecked on load and on
// resize. One actor for the page; components ask useIsMobile(), which re-renders only them.

const ViewportContext = createContext<ActorRefFrom<typeof viewportMachine> | null>(null);

export function ViewportProvider({ children }: { children: ReactNode }) {
  const serverSaysMobile = useVisitor()?.isMobile ?? false;
  const actor = useTrackedActor(viewportMachineFor(serverSaysMobile) as typeof viewportMachine);
  useEffect(() => {
    const measure = () => actor.send({ type: "VIEWPORT_MEASURED", width: window.innerWidth });
    measure();
    window.addEventListener("resize", measure, { passive: true });
    return () => window.removeEventListener("resize", measure);
  }, [actor]);
  return <ViewportContext.Provider value={actor}>{children}</ViewportContext.Provider>;
}

/** True on mobile viewports (768 px or less). Outside a provider: the server's value. */
export function useIsMobile(): boolean {
  const actor = useContext(ViewportContext);
  const fallback = useVisitor()?.isMobile ?? false;
  const fromActor = useSelector(actor ?? undefined, (s) => (s ? s.matches("mobile") : null));
  return fromActor ?? fallback;
}
