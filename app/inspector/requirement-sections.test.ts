import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ALL_MACHINES } from "../../machines/catalogue-of-machines";
import { headingAnchor, requirementSections } from "./requirement-sections";

describe("requirement sections", () => {
  it("link every machine to sections of docs/requirements.md that exist", () => {
    const anchors = requirementSections(readFileSync("docs/requirements.md", "utf8")).map((s) => s.anchor);
    expect(anchors).toContain("4-behaviour");
    for (const { machine, requirements } of ALL_MACHINES) for (const anchor of requirements) expect(anchors, machine.id).toContain(anchor);
  });

  it("anchor headings as the repository's Markdown does, and split a section into paragraphs and lists", () => {
    expect(headingAnchor("2. Pages and the shell")).toBe("2-pages-and-the-shell");
    const [section] = requirementSections("# Title\n\n## 8. Failures\nIntro line\nwraps.\n\n- one\n  continues\n- two\n");
    expect(section).toEqual({
      anchor: "8-failures",
      title: "8. Failures",
      blocks: [
        { list: false, lines: ["Intro line wraps."] },
        { list: true, lines: ["one continues", "two"] },
      ],
    });
  });
});
