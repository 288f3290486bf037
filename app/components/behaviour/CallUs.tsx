import type { ResolvedFooter } from "~/content/resolve-shell";
import { track } from "../../../tracking/track";
import { styled } from "../../../tokens/stitches.config";
import { useOverlays } from "../overlays/overlay-context";
import { useT } from "../page-context";
import { useBehaviourT } from "./behaviour-strings";
import { CopyPhoneButton } from "./CopyPhoneButton";
import { useIsMobile } from "./viewport";

// spec §2: Call us opens a drawer on mobile and a side modal on desktop, through the modal stack.

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
  const bt = useBehaviourT();
  const isMobile = useIsMobile();
  return (
    <div>
      {callUs.intro ? <p>{callUs.intro}</p> : null}
      <Numbers>
        {callUs.phoneNumbers.map((phone) => (
          <li key={phone.number}>
            <span>{phone.label}</span>
            <a href={`tel:${phone.number.replace(/[^+0-9]/g, "")}`}>{phone.number}</a>
            <CopyPhoneButton number={phone.number} label={phone.label} />
          </li>
        ))}
      </Numbers>
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
  return (
    <Button
      type="button"
      aria-haspopup="dialog"
      data-replay=""
      onClick={() => {
        if (!overlays) return;
        track("call_us_opened", { presentation: isMobile ? "drawer" : "side_modal" });
        overlays.openModal({ title: callUs.title, variant: isMobile ? "drawer" : "side", children: <CallUsPanel callUs={callUs} /> });
      }}
    >
      {t("callUs")}
    </Button>
  );
}
