import { createContext, useContext, useEffect, useState, useSyncExternalStore, type ReactNode } from "react";
import { isMobileWidth } from "../../../machines/spec-values";
import type { viewportMachine } from "../../../machines/viewport.machine";
import { usePageContext } from "../page-context";
import { noSubscription, useActorSelector, useTrackedActor, type DeferredActor } from "./use-tracked-actor";

// spec §4: mobile first from the server-given value (context.isMobile), rechecked on load and on
// resize. One actor for the page; components ask useIsMobile().
//
// The machine's code arrives after hydration. Between hydration and then, the page's own first
// measurement answers (with the machine's own rule, isMobileWidth), so a visitor who clicks at once in
// a narrow desktop window already gets the mobile drawer and the mobile jump offset. Both answers live
// outside React context, so a change re-renders only the components that ask.

type ViewportActor = DeferredActor<typeof viewportMachine>;

/** The page's measurement while the machine is still on its way: null until measured. */
class FirstMeasurement {
  mobile: boolean | null = null;
  private listeners = new Set<() => void>();
  set(mobile: boolean) {
    if (this.mobile === mobile) return;
    this.mobile = mobile;
    for (const listener of this.listeners) listener();
  }
  subscribe = (onChange: () => void) => {
    this.listeners.add(onChange);
    return () => void this.listeners.delete(onChange);
  };
}

const ViewportContext = createContext<{ actor: ViewportActor; measured: FirstMeasurement } | null>(null);

export function ViewportProvider({ children }: { children: ReactNode }) {
  const serverSaysMobile = usePageContext()?.isMobile ?? false;
  const actor = useTrackedActor((m) => m.viewportMachineFor(serverSaysMobile) as typeof viewportMachine);
  const [value] = useState(() => ({ actor, measured: new FirstMeasurement() }));
  useEffect(() => {
    const measure = () => {
      const width = window.innerWidth;
      if (!actor.getSnapshot()) value.measured.set(isMobileWidth(width));
      actor.sendWhenReady({ type: "VIEWPORT_MEASURED", width });
    };
    measure();
    window.addEventListener("resize", measure, { passive: true });
    return () => window.removeEventListener("resize", measure);
  }, [actor, value]);
  return <ViewportContext.Provider value={value}>{children}</ViewportContext.Provider>;
}

/** True on mobile viewports (768 px or less). Outside a provider: the server's value. */
export function useIsMobile(): boolean {
  const viewport = useContext(ViewportContext);
  const fallback = usePageContext()?.isMobile ?? false;
  const fromActor = useActorSelector(viewport?.actor, (s) => (s ? s.matches("mobile") : null));
  const measured = useSyncExternalStore(
    viewport ? viewport.measured.subscribe : noSubscription,
    () => viewport?.measured.mobile ?? null,
    () => null,
  );
  return fromActor ?? measured ?? fallback;
}
