import { useId, type MouseEvent } from "react";
import type { ResolvedFooter } from "~/content/resolve-shell";
import { track } from "../../../tracking/track";
import { styled } from "../../../tokens/stitches.config";
import { useOverlays } from "../overlays/overlay-context";
import { useT } from "../page-providers";
import { CopyPhoneButton } from "./CopyPhoneButton";
import { useIsMobile } from "./viewport";

// docs/requirements.md#2-pages-and-the-shell: Call us opens a drawer on mobile and a side modal on desktop, through the modal stack.
// Before the app runs, the platform answers: the button opens a server-rendered popover with the same
// numbers (tel: links), so a visitor can call from the first paint. Once the app runs, the click
// reaches the modal stack instead, and a replayed early click hands the popover over to it
// (app/components/early-input.tsx, docs/decisions/001-answer-from-first-paint.md).

type CallUs = NonNullable<ResolvedFooter["callUs"]>;

const Numbers = styled("ul", {
  listStyle: "none",
  margin: "$16 0",
  padding: 0,
  display: "grid",
  gap: "$12",
  li: { display: "flex", flexWrap: "wrap", alignItems: "center", gap: "$12" },
  a: { fontSize: "$20", fontWeight: "$semibold", color: "$link" },
});

/** The popover the platform opens before the app runs: a drawer on a phone, a side panel otherwise. */
const EarlyPanel = styled("div", {
  margin: 0,
  padding: 0,
  border: "none",
  backgroundColor: "$surface",
  color: "$text",
  boxShadow: "$level3",
  overflowY: "auto",
  inset: "auto 0 0 0",
  width: "100%",
  maxHeight: "85vh",
  borderRadius: "$16 $16 0 0",
  "@desktop": { inset: "0 0 0 auto", width: "min(440px, 100vw)", height: "100%", maxHeight: "none", borderRadius: 0 },
  "&::backdrop": { backgroundColor: "rgba(17, 17, 17, 0.6)" },
});

const EarlyBar = styled("div", {
  display: "flex",
  alignItems: "center",
  gap: "$8",
  padding: "$16 $20",
  borderBottom: "1px solid $divider",
  h2: { flex: 1, fontSize: "$20", margin: 0 },
  button: {
    minWidth: "44px",
    minHeight: "44px",
    border: "none",
    borderRadius: "$8",
    backgroundColor: "transparent",
    color: "$text",
    cursor: "pointer",
    fontSize: "$20",
  },
});

const EarlyBody = styled("div", { padding: "$20" });

type PopoverElement = HTMLElement & { hidePopover?: () => void };

/** Hides the early popover if the platform opened it (the modal stack takes over from here). */
function handOverEarlyPanel(id: string): void {
  const panel = document.getElementById(id) as PopoverElement | null;
  if (panel && typeof panel.hidePopover === "function" && panel.matches(":popover-open")) panel.hidePopover();
}

/** Each number as a tel: link; with `copyButtons`, a copy button beside it (needs the app). */
function PhoneNumbers({ callUs, copyButtons = false }: { callUs: CallUs; copyButtons?: boolean }) {
  return (
    <Numbers>
      {callUs.phoneNumbers.map((phone) => (
        <li key={phone.number}>
          <span>{phone.label}</span>
          <a href={`tel:${phone.number.replace(/[^+0-9]/g, "")}`}>{phone.number}</a>
          {copyButtons ? <CopyPhoneButton number={phone.number} label={phone.label} /> : null}
        </li>
      ))}
    </Numbers>
  );
}

/** The numbers without the app: links and text only, so it works before any script has run. */
function EarlyCallUsPanel({ id, callUs }: { id: string; callUs: CallUs }) {
  const t = useT();
  const titleId = `${id}-title`;
  return (
    <EarlyPanel id={id} role="dialog" aria-labelledby={titleId} {...{ popover: "auto" }}>
      <EarlyBar>
        <h2 id={titleId}>{callUs.title}</h2>
        <button type="button" aria-label={t("close")} {...{ popovertarget: id, popovertargetaction: "hide" }}>
          ×
        </button>
      </EarlyBar>
      <EarlyBody>
        {callUs.intro ? <p>{callUs.intro}</p> : null}
        <PhoneNumbers callUs={callUs} />
        {callUs.hours ? <p>{callUs.hours}</p> : null}
        {callUs.email ? (
          <p>
            <a href={`mailto:${callUs.email}`}>{callUs.email}</a>
          </p>
        ) : null}
      </EarlyBody>
    </EarlyPanel>
  );
}

/** A second modal on the stack: the email route, with Back to the phone numbers. */
function EmailPanel({ email, intro }: { email: string; intro: string }) {
  return (
    <div>
      <p>{intro}</p>
      <p>
        <a href={`mailto:${email}`}>{email}</a>
      </p>
    </div>
  );
}

function CallUsPanel({ callUs }: { callUs: CallUs }) {
  const overlays = useOverlays();
  const bt = useT();
  const isMobile = useIsMobile();
  return (
    <div>
      {callUs.intro ? <p>{callUs.intro}</p> : null}
      <PhoneNumbers callUs={callUs} copyButtons />
      {callUs.hours ? <p>{callUs.hours}</p> : null}
      {callUs.email ? (
        <p>
          <button
            type="button"
            aria-haspopup="dialog"
            onClick={() =>
              overlays?.openModal({
                title: bt("emailUs"),
                variant: isMobile ? "drawer" : "side",
                children: <EmailPanel email={callUs.email!} intro={bt("emailUsIntro")} />,
              })
            }
          >
            {bt("preferEmail")}
          </button>
        </p>
      ) : null}
    </div>
  );
}

export function CallUsButton({ callUs, Button }: { callUs: CallUs; Button: React.ElementType }) {
  const t = useT();
  const overlays = useOverlays();
  const isMobile = useIsMobile();
  const earlyId = `call-us-${useId().replace(/:/g, "")}`;
  return (
    <>
      <Button
        type="button"
        aria-haspopup="dialog"
        data-replay="native"
        {...{ popovertarget: earlyId }}
        onClick={(event: MouseEvent) => {
          if (!overlays) return;
          // The modal stack answers; the platform's popover would answer a second time.
          event.preventDefault();
          handOverEarlyPanel(earlyId);
          track("call_us_opened", { presentation: isMobile ? "drawer" : "side_modal" });
          overlays.openModal({ title: callUs.title, variant: isMobile ? "drawer" : "side", children: <CallUsPanel callUs={callUs} /> });
        }}
      >
        {t("callUs")}
      </Button>
      <EarlyCallUsPanel id={earlyId} callUs={callUs} />
    </>
  );
}
