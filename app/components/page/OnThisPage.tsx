import type { ViewBlock } from "~/content/page-view";
import { styled } from "../../../tokens/stitches.config";
import { useT } from "../page-providers";
import { JumpLink } from "../behaviour/JumpLink";

// "On this page": jump links to every block that has an id and a label (docs/requirements.md#2-pages-and-the-shell in-page jump links),
// shown when a page has at least two such blocks.

const Nav = styled("nav", {
  padding: "$16 $20",
  borderRadius: "$12",
  backgroundColor: "$surfaceSubtle",
  border: "1px solid $divider",
  h2: { fontSize: "$16", marginBottom: "$8" },
  ul: { margin: 0, paddingLeft: "$20", display: "grid", gap: "$4" },
  // Each link as tall as its line (24 px), not its text (19 px): a tap target of at least 24 px (WCAG 2.5.8)
  // by its own size, not only by the spacing around it.
  a: { display: "inline-block" },
});

/** The label an "On this page" link shows for a block with an id. */
function blockLabel(block: ViewBlock): string | null {
  switch (block.type) {
    case "rich_text":
      return block.label;
    case "video":
    case "experience_list":
      return block.title;
    case "download":
    case "price":
      return block.label;
    case "image":
      return block.caption ?? (block.alt || null);
  }
}

export function OnThisPage({ blocks }: { blocks: ViewBlock[] }) {
  const t = useT();
  const links = blocks.flatMap((b) => {
    const label = b.id ? blockLabel(b) : null;
    return b.id && label ? [{ id: b.id, label }] : [];
  });
  if (links.length < 2) return null;
  return (
    <Nav aria-label={t("onThisPage")}>
      <h2>{t("onThisPage")}</h2>
      <ul>
        {links.map((l) => (
          <li key={l.id}>
            <JumpLink targetId={l.id}>{l.label}</JumpLink>
          </li>
        ))}
      </ul>
    </Nav>
  );
}
