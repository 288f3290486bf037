import { createContext, useCallback, useContext, useEffect, useRef, type MouseEvent, type ReactNode } from "react";
import { jumpLinkMachine } from "../../../machines/jump-link.machine";
import { JUMP_SCROLL_MS } from "../../../machines/spec-values";
import { useTrackedActor, withImplementations } from "./use-tracked-actor";
import { useIsMobile } from "./viewport";
import { isPlainClick } from "./plain-click";

// CONTRACT (machines issue implements): smooth scroll to a block id over 1200 ms, offset -30 on
// mobile and -100 on desktop (docs/requirements.md#9-constants), tracked as jump_link_used.
export interface JumpLinkProps {
  targetId: string;
  children: ReactNode;
}

/** Where the page must scroll so the target lands `offset` px from the top (offset is negative). */
function destination(target: Element, offset: number): number {
  const max = document.documentElement.scrollHeight - window.innerHeight;
  return Math.max(0, Math.min(max, target.getBoundingClientRect().top + window.scrollY + offset));
}

const easeInOutCubic = (t: number) => (t < 0.5 ? 4 * t * t * t : 1 - (-2 * t + 2) ** 3 / 2);

let animation = 0;

/** The animation over JUMP_SCROLL_MS; a new jump cancels the one in progress. */
function animateScroll(to: number) {
  const from = window.scrollY;
  const started = performance.now();
  const id = ++animation;
  const frame = (now: number) => {
    if (id !== animation) return;
    const progress = Math.min(1, (now - started) / JUMP_SCROLL_MS);
    window.scrollTo(0, from + (to - from) * easeInOutCubic(progress));
    if (progress < 1) requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

function settleOnTarget(target: HTMLElement, targetId: string) {
  if (window.location.hash !== `#${targetId}`) history.replaceState(history.state, "", `#${targetId}`);
  // Move keyboard focus with the view (without a second scroll).
  if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
  target.focus({ preventScroll: true });
}

/** The machine with the page's scrolling: it needs nothing of a component, so it is made once, not per render. */
const scrollingJumpLink = withImplementations(jumpLinkMachine, {
  actions: {
    startScroll: ({ context }) => {
      const target = context.targetId ? document.getElementById(context.targetId) : null;
      if (!target) return;
      animateScroll(destination(target, context.offset));
      settleOnTarget(target, context.targetId!);
    },
    jumpInstantly: ({ context }) => {
      const target = context.targetId ? document.getElementById(context.targetId) : null;
      if (!target) return;
      animation++;
      window.scrollTo(0, destination(target, context.offset));
      settleOnTarget(target, context.targetId!);
    },
  },
});

/** Jumps to a block of the page: the page's one jump-link actor, told where and how. */
type Jump = (targetId: string) => void;
const JumpContext = createContext<Jump | null>(null);

/**
 * One jump-link actor for the page, shared by its links (the "On this page" list and links in the text): the page
 * scrolls to one place at a time, so a jump started while another is under way re-targets the same actor (which
 * then reports one settled jump, not one per link tapped), and a page with fifteen links starts one actor, not
 * fifteen, when it is drawn. It stops with the page (docs/requirements.md#11-moving-between-pages).
 */
export function JumpLinksProvider({ children }: { children: ReactNode }) {
  const actor = useTrackedActor(scrollingJumpLink);
  // The viewport as measured when a jump starts: the value the links read keeps its identity when the viewport
  // crosses the phone's width (as on the first measure after hydration), so no context change reaches the page's
  // lazy islands before they have hydrated (app/components/lazy-island.tsx).
  const viewportIsMobile = useIsMobile();
  const isMobile = useRef(viewportIsMobile);
  useEffect(() => void (isMobile.current = viewportIsMobile), [viewportIsMobile]);
  const jump = useCallback<Jump>(
    (targetId) => {
      const reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
      actor.send({ type: "JUMP", targetId, isMobile: isMobile.current, reducedMotion });
    },
    [actor],
  );
  return <JumpContext.Provider value={jump}>{children}</JumpContext.Provider>;
}

export function JumpLink({ targetId, children }: JumpLinkProps) {
  const jump = useContext(JumpContext);

  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!isPlainClick(event)) return;
    // Outside a page (no actor) or to a block that is not there, the browser follows the fragment itself.
    if (!jump || !document.getElementById(targetId)) return;
    event.preventDefault();
    jump(targetId);
  };

  return (
    // Before the app has hydrated the browser jumps at once; the replayed click then tracks it.
    <a href={`#${targetId}`} onClick={onClick} data-replay="native">
      {children}
    </a>
  );
}
