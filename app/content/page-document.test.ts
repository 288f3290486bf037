import { describe, expect, it } from "vitest";
import { formatIssues, PAGE_LIMITS, PageDocumentSchema } from "./page-document";

// Documents are bounded so one page cannot block the server for seconds; each limit
// is reported by field like any other invalid value.

const L = PAGE_LIMITS;
const page = (body: unknown[]) => ({ pageType: "guide", seo: { title: "Guide", description: "A guide" }, heading: "Guide", body });
const rich = (text: string) => ({ type: "rich_text", text });
const blocks = (count: number, make: (index: number) => unknown) => Array.from({ length: count }, (_, index) => make(index));
const issues = (doc: unknown) => {
  const parsed = PageDocumentSchema.safeParse(doc);
  return parsed.success ? [] : formatIssues(parsed.error);
};

describe("PAGE_LIMITS", () => {
  it("accepts a document at every limit at once", () => {
    const inlineBlocks = L.inlineBlocksPerDocument / L.inlineBlocksPerBlock;
    const withInline = rich("{icon type=Timings} ".repeat(L.inlineBlocksPerBlock));
    const elementsPerBlock = Math.floor((L.textElementsPerDocument - inlineBlocks) / (L.blocks - inlineBlocks));
    const body = blocks(L.blocks, (i) => (i < inlineBlocks ? withInline : rich(Array.from({ length: elementsPerBlock }, () => "a".repeat(90)).join("\n\n"))));
    expect(issues(page(body))).toEqual([]);
    expect(issues(page([rich("a".repeat(L.textPerBlock))]))).toEqual([]);
  });

  it("names the field over a limit: blocks, text per block, inline blocks per block", () => {
    expect(issues(page(blocks(L.blocks + 1, () => rich("Text"))))).toEqual([`body: at most ${L.blocks} blocks in one document`]);
    expect(issues(page([rich("Text"), rich("a".repeat(L.textPerBlock + 1))]))).toEqual([`body.1.text: at most ${L.textPerBlock} characters in one block`]);
    const crowded = rich("{date value=2026-01-01} ".repeat(L.inlineBlocksPerBlock + 1));
    expect(issues(page([rich("Text"), rich("Text"), crowded]))).toEqual([
      `body.2.text: ${L.inlineBlocksPerBlock + 1} inline blocks; at most ${L.inlineBlocksPerBlock} in one block`,
    ]);
  });

  it("bounds the whole document: characters, paragraphs and list items, inline blocks", () => {
    const longBlocks = L.textPerDocument / L.textPerBlock + 1;
    expect(issues(page(blocks(longBlocks, () => rich("a".repeat(L.textPerBlock)))))).toEqual([
      `body: ${longBlocks * L.textPerBlock} characters of rich text; at most ${L.textPerDocument} in one document`,
    ]);
    const items = rich("- a\n".repeat(L.textElementsPerDocument / 10));
    expect(issues(page([...blocks(10, () => items), rich("One paragraph too many")]))).toEqual([
      `body: ${L.textElementsPerDocument + 1} paragraphs, headings and list items; at most ${L.textElementsPerDocument} in one document`,
    ]);
    const full = rich("{callout text=x}\n".repeat(L.inlineBlocksPerBlock));
    const fullBlocks = L.inlineBlocksPerDocument / L.inlineBlocksPerBlock + 1;
    expect(issues(page(blocks(fullBlocks, () => full)))).toEqual([
      `body: ${fullBlocks * L.inlineBlocksPerBlock} inline blocks; at most ${L.inlineBlocksPerDocument} in one document`,
    ]);
  });
});
