import { Fragment } from "react";
import type { InlineView, RichTextView } from "~/content/rich-text-view";
import { styled } from "../../../tokens/stitches.config";
import { InlineBlock } from "./InlineBlock";

// A rich_text block: headings, paragraphs, lists and **bold**, with inline blocks (docs/requirements.md#3-data), parsed and
// checked by the server (content/rich-text-view.server.ts); this only turns the tree into elements.
// A paragraph that holds a box-like block (card, frame, aside) is a <div>, never a <p>, so the server
// HTML is what the browser keeps and hydration matches.

const Prose = styled("div", {
  maxWidth: "75ch",
  h2: { fontSize: "$28", lineHeight: "$snug", marginTop: "$32", marginBottom: "$12", "@mobile": { fontSize: "$24" } },
  h3: { fontSize: "$20", lineHeight: "$snug", marginTop: "$24", marginBottom: "$8" },
  "> h2:first-child, > h3:first-child": { marginTop: 0 },
  "p, .para": { lineHeight: "$relaxed", marginTop: 0, marginBottom: "$16" },
  ul: { paddingLeft: "$24", marginBottom: "$16", display: "grid", gap: "$8", lineHeight: "$relaxed" },
});

function Inline({ nodes }: { nodes: readonly InlineView[] }) {
  return (
    <>
      {nodes.map((node, i) => {
        if (node.kind === "text") return <Fragment key={i}>{node.text}</Fragment>;
        if (node.kind === "strong")
          return (
            <strong key={i}>
              <Inline nodes={node.children} />
            </strong>
          );
        return <InlineBlock key={i} props={node.props} />;
      })}
    </>
  );
}

export function RichText({ nodes }: { nodes: readonly RichTextView[] }) {
  return (
    <Prose data-rich-text="">
      {nodes.map((node, i) => {
        switch (node.kind) {
          case "heading":
            return node.level === 2 ? (
              <h2 key={i}>
                <Inline nodes={node.children} />
              </h2>
            ) : (
              <h3 key={i}>
                <Inline nodes={node.children} />
              </h3>
            );
          case "list":
            return (
              <ul key={i}>
                {node.items.map((item, j) => (
                  <li key={j}>
                    <Inline nodes={item} />
                  </li>
                ))}
              </ul>
            );
          case "paragraph":
            return node.boxed ? (
              <div key={i} className="para">
                <Inline nodes={node.children} />
              </div>
            ) : (
              <p key={i}>
                <Inline nodes={node.children} />
              </p>
            );
        }
      })}
    </Prose>
  );
}
