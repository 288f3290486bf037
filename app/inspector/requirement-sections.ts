// The sections of docs/requirements.md, as /machines shows the ones each machine implements: each "## "
// heading with its anchor (a Markdown renderer's: lower case, punctuation dropped, spaces as hyphens) and
// its text in blocks, a paragraph or a list. Plain text: inline code is kept in backticks for the page to set.

export interface RequirementSection {
  anchor: string;
  title: string;
  blocks: Array<{ list: boolean; lines: string[] }>;
}

/** "4. Behaviour" → "4-behaviour", as headings are linked in the repository's Markdown. */
export function headingAnchor(title: string): string {
  return title
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s-]/gu, "")
    .replace(/\s/g, "-");
}

export function requirementSections(markdown: string): RequirementSection[] {
  const sections: RequirementSection[] = [];
  let current: RequirementSection | null = null;
  let block: { list: boolean; lines: string[] } | null = null;
  for (const line of markdown.split("\n")) {
    const heading = /^## (.+)$/.exec(line);
    if (heading) {
      current = { anchor: headingAnchor(heading[1]!), title: heading[1]!.trim(), blocks: [] };
      sections.push(current);
      block = null;
      continue;
    }
    if (!current) continue;
    if (line.trim() === "") {
      block = null;
      continue;
    }
    const item = /^- (.*)$/.exec(line);
    if (item) {
      if (!block?.list) current.blocks.push((block = { list: true, lines: [] }));
      block.lines.push(item[1]!);
    } else if (block) {
      // A list item or a paragraph continues on an indented or plain next line.
      block.lines[block.lines.length - 1] += ` ${line.trim()}`;
    } else current.blocks.push((block = { list: false, lines: [line.trim()] }));
  }
  return sections;
}
