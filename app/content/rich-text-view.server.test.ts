import { describe, expect, it } from "vitest";
import type { LinkContext } from "./action-link";
import { toViewBlock } from "./page-view.server";
import { toRichTextView } from "./rich-text-view.server";
import type { SupportedLanguageCode } from "~/i18n/languages";

const PARIS = "www.paris-experiences.example";
const links = (lang: SupportedLanguageCode): LinkContext => ({ mode: "development", host: PARIS, lang, knownHosts: new Set([PARIS]) });

// What the loader sends the browser for rich text: parsed, with each inline block's attributes
// checked into props, so the page never needs the parser.

describe("toRichTextView", () => {
  it("turns a well-formed block into typed props, a date into its text in the page language", () => {
    expect(toRichTextView("See {date value=2026-12-24 format=short}.", links("en"))).toEqual([
      {
        kind: "paragraph",
        boxed: false,
        children: [
          { kind: "text", text: "See " },
          { kind: "block", props: { name: "date", value: "2026-12-24", text: "12/24/26" } },
          { kind: "text", text: "." },
        ],
      },
    ]);
    expect(toRichTextView("{date value=2026-12-24 format=long}", links("de"))).toEqual([
      { kind: "paragraph", boxed: false, children: [{ kind: "block", props: { name: "date", value: "2026-12-24", text: "24. Dezember 2026" } }] },
    ]);
  });

  it("keeps a block whose attributes do not check out as the text written, joined to its neighbours", () => {
    expect(toRichTextView("On {date value=2026-02-30} at noon", links("en"))).toEqual([
      { kind: "paragraph", boxed: false, children: [{ kind: "text", text: "On {date value=2026-02-30} at noon" }] },
    ]);
  });

  it("marks a paragraph with a box-like block as boxed (a div, never a p)", () => {
    const [para] = toRichTextView('{callout text="Bring cash" tone=tip}', links("en"));
    expect(para).toMatchObject({ kind: "paragraph", boxed: true, children: [{ kind: "block", props: { name: "callout", tone: "tip", text: "Bring cash" } }] });
  });

  it("shows a box-like block inside a heading as written, and keeps phrasing blocks there", () => {
    expect(toRichTextView("## Tips {callout text=x}", links("en"))).toEqual([
      { kind: "heading", level: 2, children: [{ kind: "text", text: "Tips {callout text=x}" }] },
    ]);
    expect(toRichTextView("### Open {icon type=timings}", links("en"))[0]).toMatchObject({
      kind: "heading",
      level: 3,
      children: [
        { kind: "text", text: "Open " },
        { kind: "block", props: { name: "icon", type: "Timings" } },
      ],
    });
  });

  it("classifies frames on the server: allowed ones arrive in their final form, others not at all", () => {
    const [para] = toRichTextView(
      '{iframe src="https://www.youtube.com/watch?v=dQw4w9WgXcQ"} {iframe src=https://evil.example/x} {spotify src=https://open.spotify.com/playlist/37i9dQZF1DX4sWSpwq3LiO}',
      links("en"),
    );
    expect(para).toMatchObject({
      kind: "paragraph",
      boxed: true,
      children: [
        { kind: "block", props: { name: "iframe", embed: { kind: "youtube", videoId: "dQw4w9WgXcQ" } } },
        { kind: "text", text: "  " },
        { kind: "block", props: { name: "spotify", embedSrc: "https://open.spotify.com/embed/playlist/37i9dQZF1DX4sWSpwq3LiO" } },
      ],
    });
  });

  it("keeps bold and list items", () => {
    expect(toRichTextView("- **one**\n- two", links("en"))).toEqual([
      { kind: "list", items: [[{ kind: "strong", children: [{ kind: "text", text: "one" }] }], [{ kind: "text", text: "two" }]] },
    ]);
  });
});

describe("toViewBlock", () => {
  it("labels a rich_text block by its first ## heading without inline blocks, and drops the raw text", () => {
    const view = toViewBlock({ type: "rich_text", id: "tips", text: "Intro\n\n## Good {icon type=Sun} times\n\n## Later" }, links("en"));
    expect(view).toMatchObject({ type: "rich_text", id: "tips", label: "Good  times" });
    expect(view).not.toHaveProperty("text");
    expect(toViewBlock({ type: "rich_text", text: "### Small only" }, links("en"))).toMatchObject({ label: null });
  });

  it("passes other blocks through unchanged", () => {
    const block = { type: "price", label: "From", source: { kind: "collection", id: 5 } } as const;
    expect(toViewBlock(block, links("en"))).toBe(block);
  });
});
