import { useEffect, type RefObject } from "react";

// Facts for a disclosure machine while it is open: a pointer press outside its panel and button,
// and the Escape key. Listeners exist only while open.
export function useDismissFacts(
  open: boolean,
  insideRefs: ReadonlyArray<RefObject<HTMLElement | null>>,
  send: (event: { type: "CLICKED_OUTSIDE" } | { type: "ESCAPE" }) => void,
): void {
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node | null;
      if (target && insideRefs.some((ref) => ref.current?.contains(target))) return;
      send({ type: "CLICKED_OUTSIDE" });
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") send({ type: "ESCAPE" });
    };
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("keydown", onKeyDown);
    };
  }, [open, insideRefs, send]);
}
