import { styled } from "../../../tokens/stitches.config";
import { Icon } from "../icons/Icon";
import { useT } from "../page-providers";
import type { CalloutTone } from "~/content/inline-props";

// Callout: one highlighted message (info, tip or warning). Notes: a short "good to know" list.
// Both are complementary asides with an accessible name.

const Box = styled("aside", {
  display: "grid",
  gridTemplateColumns: "auto 1fr",
  gap: "$12",
  alignItems: "start",
  padding: "$16",
  my: "$16",
  borderRadius: "$12",
  borderLeft: "4px solid",
  maxWidth: "75ch",
  "> svg": { marginTop: "$2", fontSize: "$20" },
  "& p": { margin: 0 },
  "& strong": { display: "block", marginBottom: "$4" },
  variants: {
    tone: {
      info: { backgroundColor: "$purpleLight", borderColor: "$purple", color: "$text", "> svg": { color: "$purpleDark" } },
      tip: { backgroundColor: "$surfaceSuccess", borderColor: "$borderSuccess", color: "$text", "> svg": { color: "$iconSuccess" } },
      warning: { backgroundColor: "$surfaceWarning", borderColor: "$borderWarning", color: "$text", "> svg": { color: "$iconWarning" } },
      notes: { backgroundColor: "$surfaceSubtle", borderColor: "$divider", color: "$text", "> svg": { color: "$icon" } },
    },
  },
});

const List = styled("ul", { margin: 0, paddingLeft: "$20", display: "grid", gap: "$4" });

// The content icon set has no "i"; a map reads as "orientation", a check as "tip", a cross as "careful".
const TONE_ICON = { info: "Map", tip: "Check", warning: "Cross" } as const;
const TONE_LABEL = { info: "calloutInfo", tip: "calloutTip", warning: "calloutWarning" } as const;

export function Callout({ tone, title, text }: { tone: CalloutTone; title?: string; text: string }) {
  const t = useT();
  const name = title ?? t(TONE_LABEL[tone]);
  return (
    <Box tone={tone} aria-label={name} data-callout={tone}>
      <Icon type={TONE_ICON[tone]} />
      <div>
        {title ? <strong>{title}</strong> : null}
        <p>{text}</p>
      </div>
    </Box>
  );
}

export function Notes({ title, items }: { title?: string; items: string[] }) {
  const t = useT();
  const name = title ?? t("goodToKnow");
  return (
    <Box tone="notes" aria-label={name} data-notes="">
      <Icon type="Check" />
      <div>
        <strong>{name}</strong>
        <List>
          {items.map((item, i) => (
            <li key={i}>{item}</li>
          ))}
        </List>
      </div>
    </Box>
  );
}
