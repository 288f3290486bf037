import { describe, expect, it } from "vitest";
import { INLINE_BLOCK_NAMES, isPhrasing, parseInline, parseRichText, plainTextOf, readBlock } from "./inline-blocks";

describe("readBlock", () => {
  it("reads double-quoted, single-quoted and bare values", () => {
    expect(readBlock(`{price kind=collection id=5001 label="from only" note='it''s'}`, 0)).toBeNull(); // '' closes early → malformed
    expect(readBlock(`{price kind=collection id=5001 label="from only" note='a b'}`, 0)?.attrs).toEqual({
      kind: "collection",
      id: "5001",
      label: "from only",
      note: "a b",
    });
  });

  it("keeps quotes of the other kind inside a quoted value", () => {
    expect(readBlock(`{callout text="Don't miss it"}`, 0)?.attrs.text).toBe("Don't miss it");
    expect(readBlock(`{callout text='Say "bonjour"'}`, 0)?.attrs.text).toBe('Say "bonjour"');
  });

  it("reads a name-only block and a valueless attribute as true", () => {
    expect(readBlock("{notes}", 0)).toMatchObject({ name: "notes", attrs: {}, end: 7 });
    expect(readBlock("{link href=/x label=Go newtab}", 0)?.attrs.newtab).toBe("true");
  });

  it("lower-cases attribute keys", () => {
    expect(readBlock("{link HREF=/x Label=Go}", 0)?.attrs).toEqual({ href: "/x", label: "Go" });
  });

  it.each([
    ["{price id=}", "empty bare value"],
    ["{price id=5", "unclosed block"],
    ['{price label="open}', "unclosed quote"],
    ["{ price id=5}", "space before the name"],
    ["{Price id=5}", "upper-case name"],
    ["{price id=5 =x}", "attribute without a key"],
    ["{priceid=5}", "name runs into =: not a name"],
    ['{price id="5"label=x}', "attributes without a space between them"],
    ["{}", "no name"],
    ["{abcdefghijklmnopqrstu}", "name longer than 20"],
  ])("refuses %s (%s)", (input) => {
    expect(readBlock(input, 0)).toBeNull();
  });

  it("allows at most 12 attributes", () => {
    const twelve = Array.from({ length: 12 }, (_, i) => `a${i}=1`).join(" ");
    expect(readBlock(`{icon ${twelve}}`, 0)).not.toBeNull();
    expect(readBlock(`{icon ${twelve} a12=1}`, 0)).toBeNull();
  });
});

describe("parseInline", () => {
  it("turns every known block name into a block node", () => {
    for (const name of INLINE_BLOCK_NAMES) {
      const nodes = parseInline(`before {${name} x=1} after`);
      expect(nodes).toHaveLength(3);
      expect(nodes[1]).toMatchObject({ kind: "block", name, attrs: { x: "1" }, raw: `{${name} x=1}` });
    }
  });

  it("keeps unknown blocks and malformed syntax as plain text", () => {
    for (const input of ["{script src=x}", "{unknown}", "price {price id=", "{ {", "}{", "a { b } c", "{{icon type=Sun}"]) {
      const nodes = parseInline(input);
      const rendered = plainTextOf(nodes);
      expect(rendered).toBe(input);
    }
  });

  it("still finds a block after a stray brace", () => {
    const nodes = parseInline("{{icon type=Sun}");
    expect(nodes).toEqual([
      { kind: "text", text: "{" },
      { kind: "block", name: "icon", attrs: { type: "Sun" }, raw: "{icon type=Sun}" },
    ]);
  });

  it("reads **bold**, leaving an unmatched ** as text", () => {
    expect(parseInline("a **b** c")).toEqual([
      { kind: "text", text: "a " },
      { kind: "strong", children: [{ kind: "text", text: "b" }] },
      { kind: "text", text: " c" },
    ]);
    expect(parseInline("2 ** 3")).toEqual([{ kind: "text", text: "2 ** 3" }]);
    expect(parseInline("****")).toEqual([{ kind: "text", text: "****" }]);
  });
});

describe("parseRichText", () => {
  it("splits paragraphs on blank lines (also with spaces and CRLF)", () => {
    expect(parseRichText("one\n\ntwo\r\n \r\nthree").map((n) => n.kind)).toEqual(["paragraph", "paragraph", "paragraph"]);
  });

  it("reads ## and ### headings, and needs the space", () => {
    expect(parseRichText("## Two")[0]).toMatchObject({ kind: "heading", level: 2 });
    expect(parseRichText("### Three")[0]).toMatchObject({ kind: "heading", level: 3 });
    expect(parseRichText("##Two")[0]).toMatchObject({ kind: "paragraph" });
    expect(parseRichText("#### Four")[0]).toMatchObject({ kind: "paragraph" });
  });

  it("reads a list only when every line is an item", () => {
    expect(parseRichText("- a\n- b")[0]).toMatchObject({ kind: "list", items: [[{ text: "a" }], [{ text: "b" }]] });
    expect(parseRichText("- a\nb")[0]).toMatchObject({ kind: "paragraph" });
    expect(parseRichText("-a")[0]).toMatchObject({ kind: "paragraph" });
  });

  it("returns nothing for empty or blank text", () => {
    expect(parseRichText("")).toEqual([]);
    expect(parseRichText(" \n\n \n")).toEqual([]);
  });
});

describe("isPhrasing", () => {
  it("accepts text and phrasing blocks, refuses box-like ones", () => {
    expect(isPhrasing(parseInline("a {icon type=Sun} {date value=2026-01-01} {link to=a.b label=x} {a href=/ label=x} {jumplink to=x label=y}"))).toBe(true);
    for (const name of ["callout", "notes", "cta", "experience", "price", "iframe", "spotify", "image"]) {
      expect(isPhrasing(parseInline(`{${name} x=1}`))).toBe(false);
    }
  });
});
