import { describe, expect, it } from "vitest";
import { PageBody } from "~/components/page/PageBody";
import { PAGE_LIMITS as L, PageDocumentSchema } from "~/content/page-document";
import { toPageView } from "~/content/page-view.server";
import { linkContext, render } from "./blocks-render";

// A schema-valid document once rendered to a 42 MB page. At the limits in
// page-document.ts, the costliest documents we know how to write stay under a megabyte of page.

const PER_BLOCK = L.textPerDocument / L.blocks;
const INLINE_PER_BLOCK = L.inlineBlocksPerDocument / L.blocks;
const escaped = (n: number) => "<".repeat(n); // 4 bytes of HTML per character

const WORST: Record<string, string> = {
  "paragraphs of escaped text": Array.from({ length: L.textElementsPerDocument / L.blocks }, () => escaped(PER_BLOCK / 10 - 2)).join("\n\n"),
  callouts: `{callout tone=warning title=T text="${escaped(Math.floor(PER_BLOCK / INLINE_PER_BLOCK) - 40)}"}\n`.repeat(INLINE_PER_BLOCK),
  notes: `{notes title=T text="${"<|".repeat(Math.floor((PER_BLOCK / INLINE_PER_BLOCK - 30) / 2))}"}\n`.repeat(INLINE_PER_BLOCK),
  "map frames": `{iframe src="https://www.google.com/maps/embed?pb=${"!1m2".repeat(Math.floor((PER_BLOCK / INLINE_PER_BLOCK - 80) / 4))}" title=T}\n`.repeat(
    INLINE_PER_BLOCK,
  ),
};

describe("a document at the limits", () => {
  it.each(Object.entries(WORST))("%s: valid, and under 1 MB of HTML and hydration data", (_, text) => {
    const doc = PageDocumentSchema.parse({
      pageType: "guide",
      seo: { title: "T", description: "D" },
      heading: "H",
      body: Array.from({ length: L.blocks }, () => ({ type: "rich_text", text })),
    });
    const view = toPageView(doc, linkContext());
    const html = render(<PageBody doc={view} />);
    expect(html.length + JSON.stringify(view).length).toBeLessThan(1_000_000);
  });
});
