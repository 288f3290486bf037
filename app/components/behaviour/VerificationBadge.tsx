import type { MouseEvent, ReactNode } from "react";
import { popupMachine } from "../../../machines/popup.machine";
import { POPUP_HEIGHT, POPUP_WIDTH, popupFeatures } from "../../../machines/spec-values";
import { describedClick } from "../../../tracking/described-events";
import { useTrackedActor } from "./use-tracked-actor";
import { isPlainClick } from "./plain-click";

// docs/requirements.md#2-pages-and-the-shell: the verification badge opens the verification page in a 560×490 popup. The plain
// new-tab link stays the no-JavaScript (and popup-blocked) behaviour.
export function VerificationBadgeLink({ href, label, className, children }: { href: string; label: string; className?: string; children: ReactNode }) {
  const actor = useTrackedActor(popupMachine);
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!isPlainClick(event)) return;
    const popup = window.open(href, "verification", popupFeatures());
    if (popup) {
      event.preventDefault();
      popup.opener = null;
      actor.send({ type: "POPUP_OPENED" });
    } else {
      actor.send({ type: "POPUP_BLOCKED" });
    }
  };
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={label}
      className={className}
      onClick={onClick}
      // Before the app runs the link opens a new tab, and the head script counts it as the machine's POPUP_BLOCKED does.
      {...describedClick([
        { name: "verification_badge_opened", properties: { presentation: "new_tab", popup_width: POPUP_WIDTH, popup_height: POPUP_HEIGHT } },
      ])}
    >
      {children}
    </a>
  );
}
