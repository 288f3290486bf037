import type { MouseEvent, ReactNode } from "react";
import { jumpLinkMachine } from "../../../machines/jump-link.machine";
import { JUMP_SCROLL_MS } from "../../../machines/spec-values";
import { useTrackedActor, withImplementations } from "./use-tracked-actor";
import { useIsMobile } from "./viewport";

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

export function JumpLink({ targetId, children }: JumpLinkProps) {
  const isMobile = useIsMobile();
  const actor = useTrackedActor(scrollingJumpLink);

  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    if (!document.getElementById(targetId)) return;
    event.preventDefault();
    const reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    actor.send({ type: "JUMP", targetId, isMobile, reducedMotion });
  };

  return (
    // Before the app has hydrated the browser jumps at once; the replayed click then tracks it.
    <a href={`#${targetId}`} onClick={onClick} data-replay="native">
      {children}
    </a>
  );
}
