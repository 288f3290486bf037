import { styled } from "../../../tokens/stitches.config";
import { useT } from "../page-providers";
import { useSelector } from "@xstate/react";
import { tooltipMachine } from "../../../machines/tooltip.machine";
import { useTrackedActor } from "./use-tracked-actor";

// Copies a phone number and says "Copied"; the tooltip flag resets after 5 s (docs/requirements.md#4-behaviour, docs/requirements.md#9-constants).
// Escape hides it sooner, before it closes anything around the button: content that appears on its own
// must be dismissible without moving focus (WCAG 1.4.13).

const Wrap = styled("span", { position: "relative", display: "inline-flex" });
const Button = styled("button", {
  minHeight: "44px",
  padding: "$6 $12",
  border: "1px solid $divider",
  borderRadius: "$8",
  backgroundColor: "$surface",
  color: "$text",
  cursor: "pointer",
  "&:hover": { backgroundColor: "$grey100" },
});
const Tip = styled("span", {
  position: "absolute",
  bottom: "calc(100% + 6px)",
  left: "50%",
  transform: "translateX(-50%)",
  padding: "$4 $8",
  borderRadius: "$6",
  backgroundColor: "$nearBlack",
  color: "$white",
  fontSize: "$12",
  whiteSpace: "nowrap",
});

async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // fall through to the legacy path
  }
  // Non-secure origins have no Clipboard API; a hidden textarea and execCommand still work there.
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.opacity = "0";
  document.body.appendChild(area);
  area.select();
  const ok = document.execCommand("copy");
  area.remove();
  return ok;
}

export function CopyPhoneButton({ number, label }: { number: string; label: string }) {
  const t = useT();
  const actor = useTrackedActor(tooltipMachine, { tooltip: "phone_copied" });
  const shown = useSelector(actor, (s) => s.matches("shown"));
  return (
    <Wrap>
      <Button
        type="button"
        aria-label={`${t("copyNumber")}: ${label} ${number}`}
        onClick={async () => {
          if (await copyText(number)) actor.send({ type: "SHOW" });
        }}
        onKeyDown={(event) => {
          if (shown && event.key === "Escape") {
            event.stopPropagation();
            actor.send({ type: "HIDE" });
          }
        }}
      >
        {t("copyNumber")}
      </Button>
      <span role="status" aria-live="polite">
        {shown ? <Tip>{t("copied")}</Tip> : null}
      </span>
    </Wrap>
  );
}
